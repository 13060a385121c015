import Foundation
import Terminal
import TestSupport

/// A foot window in a headless sway session, running one shell command as `nobody`.
final class FootWindow: DrivenTerminal, @unchecked Sendable {
    let sway: HeadlessSway
    /// The window's Wayland app id, unique to it: how sway's rules and `swaymsg` find it.
    let appID = HeadlessSway.appIDPrefix + UUID().uuidString.prefix(8)
    private let process: Process

    /// Opens foot with `columns`x`rows` cells running `command` through sh, and waits until sway shows it.
    init(on sway: HeadlessSway, columns: Int = 100, rows: Int = 30, command: String) throws {
        self.sway = sway
        guard try sway.nobodyCanExecute(Paths.gcview) else {
            throw WaylandFailure("nobody cannot execute \(Paths.gcview): open its folders to all (chmod o+rx)")
        }
        process = try sway.start("/usr/bin/foot", [
            "--app-id=\(appID)", "-W", "\(columns)x\(rows)", "-o", "font=DejaVu Sans Mono:size=11",
            "-o", "colors.background=000000", "-o", "colors.foreground=ffffff", "sh", "-c", command,
        ])
        guard try waitUntil(timeout: 30, { try sway.rect(ofAppID: appID) != nil }) else {
            stop(process)
            throw WaylandFailure("the foot window did not appear")
        }
    }

    deinit {
        stop(process)
    }

    /// What the window shows now, taken from the compositor with grim.
    func screenshot() throws -> Screenshot {
        guard let rect = try sway.rect(ofAppID: appID) else { throw WaylandFailure("the foot window is gone") }
        let shot = try sway.client("/usr/bin/grim", ["-g", "\(rect.x),\(rect.y) \(rect.width)x\(rect.height)", "-"])
        guard shot.status == 0 else { throw WaylandFailure("grim failed: \(shot.stderr)") }
        let decoded = try PNGDecoder.decodeRGB([UInt8](shot.stdoutBytes))
        return Screenshot(width: decoded.width, height: decoded.height, pixels: decoded.pixels, png: shot.stdoutBytes)
    }

    /// Types text into the window; a carriage return or newline presses Return.
    func type(_ text: String) throws {
        var arguments = [String]()
        for (index, line) in text.split(separator: /\r|\n/, omittingEmptySubsequences: false).enumerated() {
            if index > 0 { arguments += ["-k", "Return"] }
            // wtype would read text starting with "-" as an option: press the first minus as a key.
            var rest = Substring(line)
            if rest.first == "-" {
                arguments += ["-k", "minus"]
                rest = rest.dropFirst()
            }
            if !rest.isEmpty { arguments.append(String(rest)) }
        }
        try wtype(arguments)
    }

    /// Presses one key by its keysym name, such as `Escape` or `Left`.
    func key(_ name: String) throws {
        try wtype(["-k", name])
    }

    /// Runs wtype. It pauses first: key presses sent at once, before the compositor has taken
    /// wtype's keymap, get lost.
    private func wtype(_ arguments: [String]) throws {
        let finished = try sway.client("/usr/bin/wtype", ["-s", "100", "-d", "20"] + arguments)
        guard finished.status == 0 else { throw WaylandFailure("wtype exited with \(finished.status): \(finished.stderr)") }
    }

    /// Resizes the window to this many pixels, keeping it at the top left.
    func resize(width: Int, height: Int) throws {
        let finished = try sway.client("/usr/bin/swaymsg", ["[app_id=\"^\(appID)$\"] resize set \(width) \(height), move position 0 0"])
        guard finished.status == 0 else { throw WaylandFailure("swaymsg resize failed: \(finished.stdout)") }
    }
}
