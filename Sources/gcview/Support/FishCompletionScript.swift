import ArgumentParser

/// fish's completion script, as swift-argument-parser 1.8.2 writes it, mended so fish never hangs.
///
/// The script counts positional words with fish's `argparse`, given each option of a command as a
/// spec such as `'x='`. fish reads a spec whose name is one character and a dash, `'x-scale='`,
/// as the short flag `-x` stored under another name (fish's argparse: "`n-name`"), which `'x='`
/// already defines: `argparse` then fails every time, and the script's `while true` loop, which
/// does not check it, starts again for ever (seen with fish 3.6: `complete -C 'gcview plot --prot'`
/// never returned). So the dashed specs are left out, and the loop stops where `argparse` fails
/// (a word such as `--x-scale`, which it no longer knows): completion goes on from there.
enum FishCompletionScript {
    /// The script for gcview, mended.
    static func generate() -> String {
        mended(GCView.completionScript(for: .fish))
    }

    /// `script` without argparse specs fish misreads, and with its parse loop stopping on a failure.
    static func mended(_ script: String) -> String {
        var lines = [Substring]()
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains("__gcview_parse_subcommand "), !line.contains("function ") {
                let words = line.split(separator: " ", omittingEmptySubsequences: false)
                lines.append(Substring(words.filter { !isMisreadSpec($0) }.joined(separator: " ")))
            } else if line.contains("argparse -sn \"$commands\" $option_specs -- $unparsed_tokens 2> /dev/null") {
                lines.append(line + "; or break")
            } else {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A quoted spec whose name is one character, a dash and more: `'x-scale='`.
    private static func isMisreadSpec(_ word: Substring) -> Bool {
        guard word.hasPrefix("'"), word.hasSuffix("'"), word.count > 4 else { return false }
        let name = word.dropFirst()
        return name.dropFirst().first == "-"
    }
}
