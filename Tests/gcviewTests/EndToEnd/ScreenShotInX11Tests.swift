import Foundation
import Raster
import TestSupport
import Testing

/// Issue 25, item 2, end to end: `W` in a real xterm saves the screen as the terminal shows it.
/// The saved picture is compared, pixel for pixel at 1:1, with xterm's own screenshot of the same
/// screen, and the test says how close they are (text is rasterized by xterm's Xft and by
/// gcview's FreeType at the same size: glyph edges differ a little, everything else should not).
@Suite("W against a real xterm", .serialized, .needs(EndToEnd.x11 + ["/usr/bin/xterm"]))
struct ScreenShotInX11Tests {
    @Test("sin(x)·x with the popover open: W's PNG and xterm's screenshot agree on at least 97% of pixels within 24 a channel, in colour and under NO_COLOR (text in the colours xterm reports, OSC 10 and 11)",
          arguments: [false, true])
    func agreesWithXterm(noColor: Bool) throws {
        let folder = Paths.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state.json").path
        let display = try VirtualDisplay()
        let window = try TerminalWindow(.xterm, on: display, columns: 120, rows: 32,
                                        command: "cd \(folder.path) && \(ReadyMarker.command); read -r _; \(Paths.gcview) --state \(state) --theme dark; sleep 600",
                                        environment: noColor ? ["NO_COLOR": "1"] : [:], colorRegisters: 1024)
        try window.startCalculator()
        try window.type(":sin(x)*x\r")
        var shot = try window.screenshot()
        #expect(try waitUntil(timeout: 60) { shot = try window.screenshot(); return shot.graphBox != nil })
        try window.type("i")
        Thread.sleep(forTimeInterval: 2)
        shot = try window.screenshot()
        shot.save(as: noColor ? "screen-shot-xterm-no-color" : "screen-shot-xterm")
        try window.type("W")
        var files = [String]()
        #expect(try waitUntil(timeout: 20) {
            files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("screen-") }
            return !files.isEmpty
        }, "W wrote a file in the current folder")
        let saved = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: folder.appendingPathComponent(try #require(files.first)))))
        try? Data(contentsOf: folder.appendingPathComponent(try #require(files.first)))
            .write(to: Paths.root.appendingPathComponent(".build/e2e-screenshots/screen-shot-saved\(noColor ? "-no-color" : "").png"))
        // xterm runs without a border (-b 0): the text area starts at the window's corner, give or take a pixel.
        var best = (dx: 0, dy: 0, close: 0, near: 0)
        for dy in 0...2 {
            for dx in 0...2 {
                var close = 0, near = 0
                for y in 0..<min(saved.height, shot.height - dy) {
                    for x in 0..<min(saved.width, shot.width - dx) {
                        let a = saved.pixels[y * saved.width + x], b = shot[x + dx, y + dy]
                        if a.isClose(to: b, tolerance: 24) { close += 1 }
                        if a.isClose(to: b, tolerance: 64) { near += 1 }
                    }
                }
                if close > best.close { best = (dx, dy, close, near) }
            }
        }
        let total = Double(saved.width * saved.height)
        let closeShare = Double(best.close) / total, nearShare = Double(best.near) / total
        let report = "W \(saved.width)x\(saved.height) against xterm's \(shot.width)x\(shot.height) at offset (\(best.dx), \(best.dy)): "
            + "\(String(format: "%.2f", 100 * closeShare))% of pixels within 24 a channel, \(String(format: "%.2f", 100 * nearShare))% within 64"
        print("ScreenShotInX11Tests: " + report)
        #expect(saved.width <= shot.width && saved.height <= shot.height, "\(report)")
        #expect(closeShare >= 0.97, "\(report)")
    }
}
