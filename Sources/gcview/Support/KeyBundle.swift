/// The keys of `press` handed to argument-parser as one word.
///
/// argument-parser copies a repeated argument's array once for every word it adds, so 4 000
/// keys as 4 000 words cost seconds. `main` joins the keys with NUL, which no command-line
/// argument can hold, and puts them after `--`; `Press` splits them again.
enum KeyBundle {
    /// The character between bundled keys.
    static let separator: Character = "\u{0}"

    /// `arguments` with the keys of a `press` command joined into one word after `--`; the
    /// options (`--json`, `--help`, an unknown `--word`) stay in front. Other commands are untouched.
    static func bundled(_ arguments: [String]) -> [String] {
        guard arguments.first == "press" else { return arguments }
        var options: [String] = [], keys: [String] = [], optionsEnded = false
        for word in arguments.dropFirst() {
            if !optionsEnded && word == "--" {
                optionsEnded = true
            } else if !optionsEnded && (word.hasPrefix("--") || word == "-h") {
                options.append(word)
            } else {
                keys.append(word)
            }
        }
        guard !keys.isEmpty else { return arguments }
        return ["press"] + options + ["--", keys.joined(separator: String(separator))]
    }

    /// The words, with each bundle split back into its keys.
    static func unbundled(_ words: [String]) -> [String] {
        words.flatMap { word in
            word.contains(separator)
                ? word.split(separator: separator, omittingEmptySubsequences: false).map(String.init) : [word]
        }
    }
}
