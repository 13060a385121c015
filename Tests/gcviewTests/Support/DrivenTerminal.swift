import Foundation
import Raster
import Testing

/// A terminal window a test drives: it shows pixels, takes typed text and keys, and can be resized.
protocol DrivenTerminal: AnyObject {
    /// What the window shows now.
    func screenshot() throws -> Screenshot
    /// Types text into the window.
    func type(_ text: String) throws
    /// Presses one key by its XKB keysym name (`Escape`, `Left`, `Return`), the same in X11 and Wayland.
    func key(_ name: String) throws
    /// Resizes the window to this many pixels.
    func resize(width: Int, height: Int) throws
}

/// A terminal emulator the end-to-end tests can open: an X11 one under Xvfb, or foot under headless sway.
enum Emulator: Hashable, Sendable, CustomTestStringConvertible {
    case x11(TerminalWindow.Kind)
    case foot

    /// Every terminal the tests know.
    static let all: [Emulator] = TerminalWindow.Kind.allCases.map { .x11($0) } + [.foot]

    /// The terminal's name, as in screenshot file names.
    var name: String {
        switch self {
        case .x11(let kind): kind.rawValue
        case .foot: "foot"
        }
    }

    var testDescription: String { name }

    /// Opens a window of `columns` x `rows` cells running `command` through sh, on a display of its own.
    ///
    /// foot runs as `nobody`: whatever `command` reads or writes must be open to every user
    /// (`Paths.sharedTemporaryFolder()`).
    func open(columns: Int, rows: Int, command: String) throws -> any DrivenTerminal {
        switch self {
        case .x11(let kind):
            return try TerminalWindow(kind, on: VirtualDisplay(), columns: columns, rows: rows, command: command)
        case .foot:
            return try FootWindow(on: HeadlessSway(), columns: columns, rows: rows, command: command)
        }
    }
}

extension Paths {
    /// A new empty temporary folder every user may write in, for terminals that run as `nobody`.
    static func sharedTemporaryFolder() throws -> URL {
        let url = temporaryFolder()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: url.path)
        return url
    }
}

extension DrivenTerminal {
    /// Types q in the gcview started as `gcview` (its whole command line) and waits until it has
    /// ended and the shell has started a second one; records an issue when that does not happen.
    func quitAndAwaitSecondRun(of gcview: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pattern = "^\(gcview)$"
        let first = try run("/usr/bin/pgrep", ["-f", pattern]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!first.isEmpty && !first.contains("\n"), "one gcview runs before q: \(first)", sourceLocation: sourceLocation)
        try type("q")
        let quit = try waitUntil(timeout: 10) {
            let running = try run("/usr/bin/pgrep", ["-f", pattern]).stdout.split(separator: "\n").map(String.init)
            return !running.contains(first) && running.count == 1
        }
        #expect(quit, "q ended the first gcview (pid \(first)) and a second one started", sourceLocation: sourceLocation)
    }

    /// Presses `i` and waits for the popover's border (axis-coloured pixels) in the top-right
    /// corner of the graph `box`; returns the screenshot and the border pixels before and after.
    func openPopover(over box: (minX: Int, minY: Int, maxX: Int, maxY: Int), from shot: Screenshot) throws
        -> (shot: Screenshot, quiet: Int, boxed: Int) {
        let corner = (rows: box.minY..<(box.minY + 120), columns: (box.maxX - 400)...box.maxX)
        let quiet = shot.count(of: Theme.dark.axis, in: corner.rows, columns: corner.columns)
        try type("i")
        var shot = shot
        _ = try waitUntil {
            shot = try screenshot()
            return shot.count(of: Theme.dark.axis, in: corner.rows, columns: corner.columns) > quiet + 300
        }
        return (shot, quiet, shot.count(of: Theme.dark.axis, in: corner.rows, columns: corner.columns))
    }

    /// Narrows the window to 70/120 of `shot`'s width (compact width) and waits for the graph to
    /// be pushed full screen; returns the screenshot.
    func resizeToCompact(from shot: Screenshot) throws -> Screenshot {
        try resize(width: shot.width * 70 / 120, height: shot.height)
        var shot = shot
        _ = try waitUntil {
            shot = try screenshot()
            return shot.graphBox.map { $0.minX < 12 } ?? false
        }
        return shot
    }
}

extension DrivenTerminal {
    /// Starts gcview from a shell that shows the green ready bar and waits for `read` (see
    /// `ReadyMarker`): waits for the bar, presses Enter, and waits for the calculator's first
    /// screen, brighter than the shell's. A terminal that has just started (kitty with software
    /// GL can take seconds) may lose keys and answer gcview's detection queries too late, so
    /// gcview starts only once the terminal has drawn the shell's text.
    func startCalculator(sourceLocation: SourceLocation = #_sourceLocation) throws {
        var shellOnly = 0
        #expect(try waitUntil(timeout: 30) {
            let shot = try screenshot()
            shellOnly = shot.brightPixelCount()
            return shot.showsReadyMarker
        }, "the shell's green ready bar appears", sourceLocation: sourceLocation)
        try type("\r")
        #expect(try waitUntil(timeout: 30) { try screenshot().brightPixelCount() > shellOnly + 2000 },
                "the calculator appears", sourceLocation: sourceLocation)
    }
}
