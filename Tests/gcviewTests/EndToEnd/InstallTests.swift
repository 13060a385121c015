import Foundation
import Testing

/// `scripts/install` into a temporary prefix: the installed gcview runs, its man pages render,
/// each shell's completion script loads and completes, a file gcview did not install is never
/// replaced, and `--uninstall` leaves the prefix as it was.
///
/// The binary installed is the static release build the chroot suites use (`StaticGcview`,
/// `--binary`), so no release build happens here.
@Suite("scripts/install", .serialized, .needs(["/usr/bin/man", "/usr/bin/zsh", "/usr/bin/fish", "/usr/bin/git"]))
struct InstallTests {
    static let script = Paths.root.appendingPathComponent("scripts/install").path

    /// Runs `scripts/install ARGUMENTS` with the static release gcview (`--binary`) unless uninstalling.
    static func install(_ arguments: [String], environment: [String: String] = [:]) throws -> Finished {
        let binary = arguments.contains("--uninstall") ? [] : ["--binary", try StaticGcview.path()]
        let scratch = ["--scratch-path", Paths.root.appendingPathComponent(".build-static").path]
        return try run("/bin/bash", [script] + arguments + binary + scratch, environment: environment, timeout: 900)
    }

    @Test("Install, run, read the pages, complete in bash, zsh and fish, refuse a foreign file, uninstall")
    func installAndUninstall() throws {
        let prefix = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        // Folders and files of others that an install shares or sits beside.
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share/man/man1"),
                                                withIntermediateDirectories: true)
        try Data("theirs\n".utf8).write(to: prefix.appendingPathComponent("share/man/man1/other.1"))
        let foreign = prefix.appendingPathComponent("bin/gcview")
        try FileManager.default.createDirectory(at: foreign.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho not gcview\n".utf8).write(to: foreign)
        let before = try PrefixSnapshot(of: prefix)

        let refused = try Self.install(["--prefix", prefix.path])
        #expect(refused.status == 2, "\(refused.stderr)")
        let refusal = refused.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(refusal.hasPrefix("install: ") && refusal.contains(foreign.path) && refusal.contains("did not install"), "\(refused.stderr)")
        #expect(try PrefixSnapshot(of: prefix) == before, "a refused install writes nothing")

        try FileManager.default.removeItem(at: foreign)
        let withoutForeign = try PrefixSnapshot(of: prefix)
        let installed = try Self.install(["--prefix", prefix.path])
        try #require(installed.status == 0, "\(installed.stderr)")
        let gcview = prefix.appendingPathComponent("bin/gcview").path

        try checkVersionAndEval(gcview)
        try checkManPages(gcview, in: prefix)
        try checkCompletions(gcview, in: prefix)

        // Installing again over its own files is an upgrade, not a refusal.
        let again = try Self.install(["--prefix", prefix.path])
        #expect(again.status == 0, "\(again.stderr)")

        let removed = try Self.install(["--uninstall", "--prefix", prefix.path])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try PrefixSnapshot(of: prefix) == withoutForeign, "the prefix is as it was before the install")
    }

    @Test("Tab completes commands and option values in interactive bash (bash-completion), zsh and fish, from the folders they search",
          .needs(["/usr/bin/tmux"]),
          .enabled(if: EndToEnd.isRequired || FileManager.default.fileExists(atPath: bashCompletion),
                   "needs bash-completion: run scripts/setup --test"))
    func tabCompletes() throws {
        let prefix = Paths.temporaryFolder(), home = Paths.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: prefix)
            try? FileManager.default.removeItem(at: home)
        }
        let installed = try Self.install(["--prefix", prefix.path])
        try #require(installed.status == 0, "\(installed.stderr)")
        // bash-completion and fish look in each folder of XDG_DATA_DIRS, zsh in its fpath.
        let environment = ["HOME": home.path, "PATH": prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin",
                           "XDG_DATA_DIRS": prefix.appendingPathComponent("share").path]
        let shells = [("bash --norc --noprofile -i", "source \(Self.bashCompletion)"),
                      ("zsh -f -i", "fpath=(\(prefix.path)/share/zsh/site-functions $fpath); autoload -Uz compinit; compinit -u"),
                      ("fish", "set fish_greeting")]
        for (shell, setUp) in shells {
            let tmux = try TmuxSession(columns: 100, rows: 30, command: shell, environment: environment)
            defer { tmux.close() }
            try tmux.send(setUp + "; clear", literal: true)
            try tmux.send("Enter")
            try tmux.send("gcview ev", literal: true)
            try tmux.send("Tab")
            let command = try tmux.waitFor("gcview eval")
            #expect(command.contains("gcview eval"), "\(shell): \(command)")
            try tmux.send("C-u")
            try tmux.send("gcview plot --protocol ", literal: true)
            try tmux.send("Tab", "Tab")
            let values = try tmux.waitFor { screen in ["sixel", "kitty", "iterm2", "unicode"].allSatisfy(screen.contains) }
            #expect(["sixel", "kitty", "iterm2", "unicode"].allSatisfy(values.contains), "\(shell): \(values)")
        }
    }

    static let bashCompletion = "/usr/share/bash-completion/bash_completion"

    @Test("A file changed after the install is kept by --uninstall, and the install then refuses to replace it")
    func changedFileIsKept() throws {
        let prefix = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        try #require(try Self.install(["--prefix", prefix.path]).status == 0)
        let edited = prefix.appendingPathComponent("share/zsh/site-functions/_gcview")
        try Data("# edited by hand\n".utf8).write(to: edited)

        let again = try Self.install(["--prefix", prefix.path])
        #expect(again.status == 2 && again.stderr.contains(edited.path), "\(again.stderr)")
        let removed = try Self.install(["--uninstall", "--prefix", prefix.path])
        #expect(removed.status == 1 && removed.stderr.contains("kept \(edited.path)"), "\(removed.stderr)")
        let left = try PrefixSnapshot(of: prefix)
        #expect(left.files == ["share/zsh/site-functions/_gcview": Data("# edited by hand\n".utf8)])
    }

    @Test("--uninstall touches nothing when the manifest is missing or names a path outside the prefix")
    func untrustedManifest() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefix = folder.appendingPathComponent("prefix"), outside = folder.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        let missing = try Self.install(["--uninstall", "--prefix", prefix.path])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("install: no gcview install under"), "\(missing.stderr)")

        try Data("x".utf8).write(to: outside)
        let sum = "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"  // SHA-256 of "x"
        let manifest = prefix.appendingPathComponent("share/gcview/install-manifest")
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        for line in ["file \(sum) ../outside", "file \(sum) \(outside.path)", "dir - .."] {
            try Data((line + "\n").utf8).write(to: manifest)
            let refused = try Self.install(["--uninstall", "--prefix", prefix.path])
            #expect(refused.status == 2 && refused.stderr.contains("not touching anything"), "\(line): \(refused.stderr)")
            #expect(FileManager.default.fileExists(atPath: outside.path) && FileManager.default.fileExists(atPath: manifest.path))
        }
    }

    @Test("DESTDIR stages the install; the manifest names paths under the prefix")
    func destdir() throws {
        let stage = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: stage) }
        let staged = try Self.install(["--prefix", "/usr"], environment: ["DESTDIR": stage.path])
        try #require(staged.status == 0, "\(staged.stderr)")
        let root = stage.appendingPathComponent("usr")
        #expect(FileManager.default.isExecutableFile(atPath: root.appendingPathComponent("bin/gcview").path))
        let manifest = try String(contentsOf: root.appendingPathComponent("share/gcview/install-manifest"), encoding: .utf8)
        #expect(manifest.contains(" bin/gcview\n") && !manifest.contains(stage.path), "\(manifest)")
        let removed = try Self.install(["--uninstall", "--prefix", "/usr"], environment: ["DESTDIR": stage.path])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try PrefixSnapshot(of: root) == PrefixSnapshot(files: [:], folders: []))
    }

    @Test("A prefix with a backslash or a newline in it installs, installs again and uninstalls, leaving it as it was",
          arguments: ["back\\slash", "new\nline", "both \\ and\n"])
    func awkwardPrefix(name: String) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // sha256sum writes such a name escaped, its line starting with a backslash.
        let prefix = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        let before = try PrefixSnapshot(of: prefix)
        let installed = try Self.install(["--prefix", prefix.path])
        try #require(installed.status == 0, "\(installed.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/gcview").path))

        let again = try Self.install(["--prefix", prefix.path])
        #expect(again.status == 0, "installing again over its own files: \(again.stderr)")
        let removed = try Self.install(["--uninstall", "--prefix", prefix.path])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try PrefixSnapshot(of: prefix) == before, "the prefix is as it was before the install")
    }

    @Test("A prefix that is a file, or inside one, is one line and exit 2, and the file is left as it was",
          arguments: ["", "/under"])
    func prefixIsAFile(under: String) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file")
        try Data("mine\n".utf8).write(to: file)
        let prefix = file.path + under
        for arguments in [["--prefix", prefix], ["--uninstall", "--prefix", prefix]] {
            let refused = try Self.install(arguments)
            #expect(refused.status == 2, "\(arguments): \(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1 && refused.stderr.hasPrefix("install: ")
                    && refused.stderr.contains("not a folder"), "\(arguments): \(refused.stderr)")
            #expect(try Data(contentsOf: file) == Data("mine\n".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a-file"])
        }
    }

    @Test("Bad arguments: one line and exit 2", arguments: [["--prefx", "/tmp"], ["--prefix"], ["--prefix", "relative/dir"]])
    func badArguments(_ arguments: [String]) throws {
        let finished = try run("/bin/bash", [Self.script] + arguments)
        #expect(finished.status == 2)
        #expect(finished.stderr.split(separator: "\n").count == 1 && finished.stderr.hasPrefix("install: "), "\(finished.stderr)")
        #expect(finished.stdout.isEmpty)
    }

    /// `--version` names this checkout's commit (read from git here), and the installed gcview evaluates.
    func checkVersionAndEval(_ gcview: String) throws {
        let head = try run("/usr/bin/git", ["-C", Paths.root.path, "rev-parse", "--short=12", "HEAD"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try run(gcview, ["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("gcview 0.1.0 (commit \(head)"), "\(version.stdout)")
        let sum = try run(gcview, ["eval", "--at", "2", "x^2 + 1"])
        #expect(sum.status == 0 && sum.stdout.hasPrefix("5\n"), "\(sum.stdout) \(sum.stderr)")
    }

    /// One page per command that the binary's own description of its commands names, each rendered
    /// by `man -l` with the command's options.
    func checkManPages(_ gcview: String, in prefix: URL) throws {
        let dump = try run(gcview, ["--experimental-dump-help"])
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(tool["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]])
        let names = subcommands.compactMap { $0["commandName"] as? String }
        #expect(names.contains("eval") && names.contains("plot"))
        let folder = prefix.appendingPathComponent("share/man/man1")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("gcview") }
        #expect(Set(pages) == Set(["gcview.1"] + names.map { "gcview.\($0).1" }))

        for (page, expected) in [("gcview.1", "A graphing calculator for the terminal."), ("gcview.eval.1", "--at"),
                                 ("gcview.plot.1", "--protocol")] {
            let shown = try run("/usr/bin/man", ["-P", "cat", "-l", folder.appendingPathComponent(page).path],
                                environment: ["MANWIDTH": "200"])
            #expect(shown.status == 0 && shown.stdout.contains(expected), "\(page): \(shown.stdout.prefix(400)) \(shown.stderr)")
        }
        let seeAlso = try run("/usr/bin/man", ["-P", "cat", "-l", folder.appendingPathComponent("gcview.1").path]).stdout
        #expect(names.allSatisfy { seeAlso.contains("gcview.\($0)(1)") }, "gcview(1) names every command's page: \(seeAlso)")
        // What generate-manual cannot know (docs/man): what 1 and 2 mean on every page; environment,
        // files and examples on gcview(1), before SEE ALSO.
        for page in pages {
            let shown = try run("/usr/bin/man", ["-P", "cat", "-l", folder.appendingPathComponent(page).path],
                                environment: ["MANWIDTH": "200"]).stdout
            #expect(shown.contains("EXIT STATUS") && shown.contains("Bad input") && !shown.contains(">0 if an error occurs"),
                    "\(page): \(shown.suffix(600))")
            #expect(!shown.contains("scripts/install") && !shown.contains("generate-manual"), "\(page): no comment shows")
        }
        let sections = ["EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES", "SEE ALSO"].map { seeAlso.range(of: $0)?.lowerBound }
        #expect(sections.allSatisfy { $0 != nil } && zip(sections, sections.dropFirst()).allSatisfy { $0! < $1! },
                "gcview(1) has its sections in order: \(seeAlso)")
        for name in ["GCVIEW_PROTOCOL", "NO_COLOR", "XDG_STATE_HOME", "GCVIEW_FONT", "state.json", "gcview plot 'sin(x)*x'"] {
            #expect(seeAlso.contains(name), "gcview(1) names \(name)")
        }
        // gcview.run(1) lists the keys as `gcview keys` prints them, line for line, before EXIT STATUS.
        let run = try run("/usr/bin/man", ["-P", "cat", "-l", folder.appendingPathComponent("gcview.run.1").path],
                          environment: ["MANWIDTH": "200"]).stdout
        let keys = try gcviewTests.run(gcview, ["keys"]).stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let shown = run.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let keysAt = shown.firstIndex(of: "KEYS"), statusAt = shown.firstIndex(of: "EXIT STATUS")
        #expect(keysAt != nil && statusAt != nil && keysAt! < statusAt!, "\(run)")
        if let keysAt, let first = shown[keysAt...].firstIndex(of: keys.first ?? "") {
            #expect(Array(shown[first..<min(first + keys.count, shown.count)]) == keys, "\(run)")
        } else {
            Issue.record("gcview.run(1) has no KEYS lines: \(run)")
        }
    }

    /// Each completion file is what the installed binary generates, and loads and completes in its shell.
    func checkCompletions(_ gcview: String, in prefix: URL) throws {
        let files = ["bash": "share/bash-completion/completions/gcview", "zsh": "share/zsh/site-functions/_gcview",
                     "fish": "share/fish/vendor_completions.d/gcview.fish"]
        for (shell, path) in files {
            let generated = try run(gcview, ["--generate-completion-script", shell]).stdout
            let installed = try String(contentsOf: prefix.appendingPathComponent(path), encoding: .utf8)
            #expect(!generated.isEmpty && installed == generated, "\(path) is `gcview --generate-completion-script \(shell)`")
        }
        let home = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "PATH": prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin",
                           "XDG_DATA_DIRS": prefix.appendingPathComponent("share").path]

        // bash calls the function `complete -p` names with the command, the word and the one before.
        let bash = try run("/bin/bash", ["-c", """
            source "$1/share/bash-completion/completions/gcview"
            complete -p gcview
            offer() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
                      _gcview gcview "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"; echo "${COMPREPLY[*]}"; }
            offer gcview ev; offer gcview plot --pro; offer gcview plot --protocol ''
            """, "bash", prefix.path], environment: environment)
        #expect(bash.stdout == "complete -o filenames -F _gcview gcview\neval\n--protocol\nsixel kitty iterm2 unicode kitty-placeholders\n",
                "\(bash.stdout) \(bash.stderr)")

        // fish finds the file itself, in vendor_completions.d of XDG_DATA_DIRS, for a gcview on the PATH.
        let fish = try run("/usr/bin/fish", ["-c", "complete -C 'gcview ev'; complete -C 'gcview plot --prot'"],
                           environment: environment)
        let offered = fish.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        #expect(offered == ["eval", "--protocol"], "\(fish.stdout) \(fish.stderr)")

        // zsh's compinit finds `_gcview` in site-functions, for the command gcview, and the function loads.
        let zsh = try run("/usr/bin/zsh", ["-f", "-c", """
            fpath=("$1/share/zsh/site-functions" $fpath); autoload -Uz compinit; compinit -u -D
            print -r -- ${_comps[gcview]}; autoload +X _gcview && print -r -- ${+functions[_gcview]}
            """, "zsh", prefix.path], environment: environment)
        #expect(zsh.stdout == "_gcview\n1\n", "\(zsh.stdout) \(zsh.stderr)")
    }
}

/// Every file (with its bytes) and folder under a folder, by path relative to it.
struct PrefixSnapshot: Equatable {
    var files: [String: Data]
    var folders: Set<String>

    init(files: [String: Data], folders: Set<String>) {
        self.files = files
        self.folders = folders
    }

    init(of root: URL) throws {
        files = [:]
        folders = []
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        guard let walk = FileManager.default.enumerator(atPath: base) else { return }
        for case let relative as String in walk {
            let path = base + relative
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            if isFolder.boolValue { folders.insert(relative) } else { files[relative] = try Data(contentsOf: URL(fileURLWithPath: path)) }
        }
    }
}
