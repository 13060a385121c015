import Foundation
import Raster
import TestSupport
import Testing

/// Issue 23, item 5: `plot EXPR --animate a=1:3` without `--output` plays in the terminal, in place,
/// back and forth, until a key is pressed; the last frame stays, the cursor ends under it and the
/// terminal's modes are restored. Run on a pseudo-terminal, each frame's sixel picture decoded by
/// libsixel and checked against the true curve, computed here with Foundation.
@Suite("plot --animate in the terminal, through a pty", .serialized)
struct PlotPlaybackPtyTests {
    typealias AppOnPty = InteractivePtyTests.AppOnPty
    static let values = [1.0, 1.5, 2.0, 2.5, 3.0]
    static let arguments = ["plot", "sin(a x)", "--animate", "a=1:3", "--frames", "5", "--fps", "20", "--protocol", "sixel",
                            "--size", "\(PlottedGraph.width)x\(PlottedGraph.height)", "--x", "-5:5", "--y", "-1.5:1.5",
                            "--theme", "dark"]

    /// The sixel pictures (DCS … ST) in `bytes`, in order.
    static func sixels(in bytes: [UInt8]) -> [[UInt8]] {
        var pictures = [[UInt8]](), index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "P") else {
                index += 1
                continue
            }
            var end = index + 2
            while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
            guard end + 1 < bytes.count else { break }
            pictures.append(Array(bytes[index...(end + 1)]))
            index = end + 2
        }
        return pictures
    }

    /// Which of `values` the picture is the true curve of, `sin(a x)`: the one with no stray curve
    /// pixels and no uncovered columns (sixel's colours, in percent, taken to the nearest of the theme's).
    static func value(shownIn sixel: [UInt8]) throws -> Double? {
        let image = try LibSixel.decode(sixel)
        guard image.width == PlottedGraph.width, image.height == PlottedGraph.height else { return nil }
        let theme = Theme.dark.palette
        let nearest = image.palette.map { color in theme.min { $0.distance(to: color) < $1.distance(to: color) } ?? color }
        let pixels = image.pixels.map { nearest[Int($0)] }
        let matching = values.filter { a in
            let graph = PlottedGraph(pixels: pixels, x: -5...5, y: -1.5...1.5) { sin(a * $0) }
            return graph.strayCurvePixels().isEmpty && graph.uncoveredColumns().isEmpty
        }
        return matching.count == 1 ? matching[0] : nil
    }

    @Test("It plays back and forth in place until a key, each frame the true curve; the last frame stays, the cursor under it, the modes restored")
    func playsUntilAKey() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try AppOnPty(Self.arguments, folder: folder)
        app.holdTerminal()
        // Two sweeps and more: 0 1 2 3 4 3 2 1 0 1 2 3.
        let deadline = Date().addingTimeInterval(15)
        while Self.sixels(in: app.output).count < 12, Date() < deadline { usleep(20_000) }
        let playing = app.termiosNow
        #expect(playing.c_lflag & tcflag_t(ICANON | ECHO) == 0, "raw mode while it plays")
        app.type("x")
        let (status, stderr) = app.finish()
        #expect(status == 0, "\(stderr)")
        #expect(stderr.isEmpty, "\(stderr)")

        let output = app.output
        let pictures = Self.sixels(in: output)
        #expect(pictures.count >= 12)
        let shown = try pictures.map { try Self.value(shownIn: $0) }
        #expect(!shown.contains(nil), "every frame is the true curve of one value: \(shown)")
        // In the sweep's order: up to 3, down to 1, up again, a frame at a time (a late one skipped).
        let indices = shown.compactMap { $0.flatMap { Self.values.firstIndex(of: $0) } }
        var step = -1
        for (position, index) in indices.enumerated() {
            let next = (step + 1...step + 3).first { Self.frame(atStep: $0) == index }
            #expect(next != nil, "frame \(position) shows a = \(Self.values[index]) out of order: \(indices)")
            step = next ?? step + 1
        }

        // Each frame drawn from the picture's top-left, the cursor back under it; nothing erased;
        // the cursor shown again and the terminal's modes as they were.
        let text = String(decoding: output, as: UTF8.self)
        // The rows the picture covers, as the first frame's move up to its top says.
        let rows = try #require(text.firstMatch(of: /\x1B\[(\d+)A\r\x1B7\x1BP/).flatMap { Int($0.1) })
        #expect((16...17).contains(rows), "320 px in 20 px cells, in whole six-pixel bands")
        #expect(text.components(separatedBy: "\u{1B}[\(rows)A\r\u{1B}7\u{1B}P").count - 1 == pictures.count, "frames start at the top-left")
        #expect(text.hasSuffix("\u{1B}8\u{1B}[\(rows)B\r\u{1B}\\\u{1B}[0m\u{1B}[?25h"), "the cursor ends under the last frame: \(text.suffix(40).debugDescription)")
        #expect(!text.contains("\u{1B}[2J") && !text.contains("\u{1B}[J") && !text.contains("\u{1B}[?1049h"))
        let after = app.termiosAfter, before = app.termiosBefore
        #expect(after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag && after.c_cflag == before.c_cflag
                && after.c_lflag == before.c_lflag, "stty state before == after")
        #expect(withUnsafeBytes(of: after.c_cc, Array.init) == withUnsafeBytes(of: before.c_cc, Array.init))
    }

    @Test("SIGTERM while it plays: the terminal restored, the cursor under the picture, and gcview ends with the signal")
    func signalWhilePlaying() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try AppOnPty(Self.arguments, folder: folder)
        app.holdTerminal()
        let deadline = Date().addingTimeInterval(15)
        while Self.sixels(in: app.output).count < 3, Date() < deadline { usleep(20_000) }
        kill(app.process.processIdentifier, SIGTERM)
        let (status, stderr) = app.finish()
        let killed = status == 128 + SIGTERM
            || (app.process.terminationReason == .uncaughtSignal && app.process.terminationStatus == SIGTERM)
        #expect(killed, "status \(status): \(stderr)")
        #expect(stderr.hasSuffix("gcview: terminated by SIGTERM\n"), "\(stderr)")
        let text = String(decoding: app.output, as: UTF8.self)
        #expect(text.hasSuffix("B\r\u{1B}\\\u{1B}[0m\u{1B}[?25h"), "\(text.suffix(40).debugDescription)")
        let after = app.termiosAfter, before = app.termiosBefore
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag, "stty state before == after")
    }

    /// The frame at `step` of a back-and-forth sweep over five frames.
    static func frame(atStep step: Int) -> Int {
        let k = step % 8
        return k < 5 ? k : 8 - k
    }
}
