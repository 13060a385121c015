import Foundation

/// Debian 13 (trixie) in a chroot at /opt/trixie, made by `scripts/setup --test`: kitty 0.41 and tmux
/// 3.5a, which Debian 12 lacks. Its X clients use the tests' Xvfb (the display's socket is abstract, so
/// the chroot reaches it); gcview runs there as a build with the Swift runtime linked in.
enum Trixie {
    static let root = "/opt/trixie"

    /// What the suites need of the chroot: kitty, tmux and `script`, and its /proc mounted (tmux and
    /// kitty need it; `/proc/self/exe` is a program only there).
    static let programs = ["/usr/bin/kitty", "/usr/bin/tmux", "/usr/bin/script", "/proc/self/exe"].map { root + $0 }

    /// A new empty folder inside the chroot: its path outside and inside.
    static func temporaryFolder() throws -> (outside: URL, inside: String) {
        let inside = "/tmp/gcview-e2e-\(UUID().uuidString.prefix(8))"
        let outside = URL(fileURLWithPath: root + inside)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        return (outside, inside)
    }

    /// Copies gcview, built with the Swift runtime linked in (`StaticGcview`), into `folder`: its path inside.
    static func installGcview(in folder: (outside: URL, inside: String)) throws -> String {
        let copy = folder.outside.appendingPathComponent("gcview")
        try copyProgram(try StaticGcview.path(), to: copy.path)
        return folder.inside + "/gcview"
    }

    /// Runs a program of the chroot.
    static func run(_ program: String, _ arguments: [String]) throws -> Finished {
        try gcviewTests.run("/usr/sbin/chroot", [root, program] + arguments)
    }
}

/// gcview built for another system: release, one static executable (`scripts/static-build`), so it
/// needs no library there.
enum StaticGcview {
    /// `GCVIEW_STATIC_BINARY` when set (a build made beforehand); else `scripts/static-build` into
    /// `.build-static` beside the package, which `scripts/test` has already brought up to date, so this
    /// build only checks that nothing changed.
    static func path() throws -> String {
        Paths.runsWithoutNoColor
        return try built.get()
    }

    private static let built: Result<String, Error> = Result {
        if let given = ProcessInfo.processInfo.environment["GCVIEW_STATIC_BINARY"], !given.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: given) else { throw X11Failure("GCVIEW_STATIC_BINARY=\(given) is no program") }
            return given
        }
        let scratch = Paths.root.appendingPathComponent(".build-static").path
        let build = try gcviewTests.run("/bin/bash", [Paths.root.appendingPathComponent("scripts/static-build").path,
                                                      "--scratch-path", scratch],
                                        timeout: 3600)
        guard build.status == 0 else {
            throw X11Failure("the static gcview did not build: \(build.stdout.suffix(2000)) \(build.stderr.suffix(2000))")
        }
        return scratch + "/release/gcview"
    }
}

/// tmux 3.5a inside kitty 0.41, both from the chroot: one session "main" running a shell command.
final class KittyTmux: @unchecked Sendable {
    let socket: String
    let window: TerminalWindow
    let folder: (outside: URL, inside: String)

    /// Opens kitty with tmux running `command` (paths inside the chroot) through sh, the status line off;
    /// `passthrough` sets tmux's `allow-passthrough` (off by default, as tmux's own default). With
    /// `reattachable`, kitty's shell outlives a detach: it prints "detached", runs each line typed, and an
    /// empty line (Enter) attaches again.
    init(on display: VirtualDisplay, columns: Int, rows: Int, folder: (outside: URL, inside: String), command: String,
         passthrough: Bool = false, reattachable: Bool = false) throws {
        socket = "gcview-kitty-\(UUID().uuidString.prefix(8))"
        self.folder = folder
        try "set -g status off\nset -sg escape-time 10\nset -g allow-passthrough \(passthrough ? "on" : "off")\n"
            .write(to: folder.outside.appendingPathComponent("tmux.conf"), atomically: true, encoding: .utf8)
        try (command + "\nsleep 600\n").write(to: folder.outside.appendingPathComponent("pane.sh"), atomically: true, encoding: .utf8)
        let tmux = "tmux -L \(socket) -f \(folder.inside)/tmux.conf"
        let start = "\(tmux) new-session -s main 'sh \(folder.inside)/pane.sh'"
        window = try TerminalWindow(.kitty, on: display, columns: columns, rows: rows, command: reattachable
            ? "\(start); echo detached; while read -r line && [ -n \"$line\" ]; do eval \"$line\"; done; exec \(tmux) attach-session -t main"
            : "exec \(start)", root: Trixie.root)
    }

    deinit {
        _ = try? Trixie.run("/usr/bin/tmux", ["-L", socket, "kill-server"])
        try? FileManager.default.removeItem(at: folder.outside)
    }

    /// Runs a tmux command on this server.
    @discardableResult
    func command(_ arguments: String...) throws -> Finished {
        let finished = try Trixie.run("/usr/bin/tmux", ["-L", socket] + arguments)
        guard finished.status == 0 else { throw X11Failure("tmux \(arguments) failed: \(finished.stderr)") }
        return finished
    }

    /// The pane's text as tmux holds it, one string a row.
    func paneRows() throws -> [String] {
        try command("capture-pane", "-p", "-t", "main").stdout.components(separatedBy: "\n")
    }

    /// The cell the cursor is in (shown as a block when visible).
    func cursor() throws -> (column: Int, row: Int) {
        let said = try command("display-message", "-p", "-t", "main", "#{cursor_x} #{cursor_y}").stdout
        let numbers = said.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard numbers.count == 2 else { throw X11Failure("tmux said the cursor is at \(said)") }
        return (numbers[0], numbers[1])
    }

    /// The window now, saved as `name`, and the cells of its `columns` x `rows` pane that tmux
    /// holds as blank yet the screen shows ink in (`Screenshot.inkedBlankCells`).
    func screenshotWithInkedBlankCells(columns: Int, rows: Int, savedAs name: String) throws
        -> (shot: Screenshot, inked: [(column: Int, row: Int)]) {
        let shot = try window.screenshot()
        shot.save(as: name)
        return (shot, shot.inkedBlankCells(paneRows: try paneRows(), columns: columns, rowCount: rows, cursor: try cursor()))
    }
}

extension Screenshot {
    /// The cells of a `columns` x `rows` grid that tmux holds as blank yet the screen shows ink in
    /// (more than a few bright pixels): what a picture tmux could not pass on, drawn as its
    /// "SIXEL IMAGE" text and rows of `+`, looks like. `paneRows` are tmux's `capture-pane` lines;
    /// the cursor's cell is left out.
    func inkedBlankCells(paneRows: [String], columns: Int, rowCount: Int,
                         cursor: (column: Int, row: Int)) -> [(column: Int, row: Int)] {
        let cellWidth = width / columns, cellHeight = height / rowCount
        var inked = [(column: Int, row: Int)]()
        for row in 0..<rowCount {
            let text = row < paneRows.count ? Array(paneRows[row]) : []
            for column in 0..<columns where column >= text.count || text[column] == " " {
                // Skip a cell beside text: a wide glyph may reach a pixel or two into it.
                let besideText = [column - 1, column + 1].contains { $0 >= 0 && $0 < text.count && text[$0] != " " }
                guard !besideText, (column, row) != cursor else { continue }
                var bright = 0
                for y in (row * cellHeight)..<min((row + 1) * cellHeight, height) {
                    for x in (column * cellWidth)..<min((column + 1) * cellWidth, width) where Self.isTextBright(self[x, y]) {
                        bright += 1
                    }
                }
                if bright > 3 { inked.append((column, row)) }
            }
        }
        return inked
    }
}
