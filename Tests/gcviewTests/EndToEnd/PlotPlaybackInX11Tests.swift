import Foundation
import Raster
import TestSupport
import Testing

/// Issue 23, item 5, in real terminals under Xvfb: `plot --animate` without `--output` plays in
/// place (xterm: sixel drawn over the last frame; kitty: the picture replaced by its id), each
/// picture on screen the true curve of one frame's value, until a key; then the last frame stays,
/// the shell's next line comes under it and `stty -g` reads the same before and after.
@Suite("plot --animate in real terminals", .serialized, .needs(EndToEnd.x11 + ["/usr/bin/xterm", "/usr/bin/kitty"]))
struct PlotPlaybackInX11Tests {
    static let paper = Theme.dark.background

    /// The value of `PlotPlaybackPtyTests.values` whose true curve the 480x320 picture at `box` is, if one.
    static func value(in shot: Screenshot, box: (minX: Int, minY: Int, maxX: Int, maxY: Int)) -> Double? {
        guard box.maxX - box.minX + 1 == PlottedGraph.width, box.maxY - box.minY + 1 == PlottedGraph.height else { return nil }
        var pixels = [RGB]()
        for y in box.minY...box.maxY { for x in box.minX...box.maxX { pixels.append(shot[x, y]) } }
        let theme = Theme.dark.palette
        let nearest = pixels.map { color in theme.min { $0.distance(to: color) < $1.distance(to: color) } ?? color }
        let matching = PlotPlaybackPtyTests.values.filter { a in
            let graph = PlottedGraph(pixels: nearest, x: -5...5, y: -1.5...1.5) { sin(a * $0) }
            return graph.strayCurvePixels().count < 10 && graph.uncoveredColumns().count < 5
        }
        return matching.count == 1 ? matching[0] : nil
    }

    @Test("Frames of the sweep follow one another in place until a key; the last stays, the prompt under it, stty unchanged",
          arguments: [TerminalWindow.Kind.xterm, .kitty])
    func playsInPlace(_ kind: TerminalWindow.Kind) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = folder.appendingPathComponent("before").path, after = folder.appendingPathComponent("after").path
        let command = "stty -g > \(before); \(Paths.gcview) plot 'sin(a x)' --animate a=1:3 --frames 5 --fps 1 --x -5:5 --y -1.5:1.5 "
            + "--size \(PlottedGraph.width)x\(PlottedGraph.height) --theme dark; stty -g > \(after); echo after-the-graph; sleep 600"
        let window = try TerminalWindow(kind, on: VirtualDisplay(), columns: 100, rows: 30, command: command)
        let name = "plot-animate-\(kind.rawValue)"
        var seen = [Double](), shot = try window.screenshot()
        let played = try waitUntil(timeout: 60) {
            shot = try window.screenshot()
            if let box = shot.bounds(of: Self.paper, tolerance: 3), let value = Self.value(in: shot, box: box), seen.last != value {
                seen.append(value)
            }
            return Set(seen).count >= 3
        }
        shot.save(as: "\(name)-playing")
        #expect(played, "frames seen: \(seen); see .build/e2e-screenshots/\(name)-playing.png")
        // In the sweep's order: each next value a step or two along 1 → 3 → 1. One frame a second,
        // so a screenshot of a loaded machine (they take up to a second here) misses at most one.
        for (previous, next) in zip(seen, seen.dropFirst()) {
            #expect(abs(next - previous) <= 1.0, "\(previous) then \(next): \(seen)")
        }
        try window.type("x")
        #expect(waitUntil(timeout: 15) { FileManager.default.fileExists(atPath: after) }, "gcview ended at the key")
        Thread.sleep(forTimeInterval: 0.5)
        let stty = (try? String(contentsOfFile: before, encoding: .utf8), try? String(contentsOfFile: after, encoding: .utf8))
        #expect(stty.0 != nil && stty.0 == stty.1, "stty -g before and after: \(stty)")
        shot = try window.screenshot()
        shot.save(as: "\(name)-after")
        let box = try #require(shot.bounds(of: Self.paper, tolerance: 3), "the last frame stays; see .build/e2e-screenshots/\(name)-after.png")
        #expect(Self.value(in: shot, box: box) != nil, "the last frame is a true curve")
        #expect(shot.hasText(in: (box.maxY + 1)..<min(box.maxY + 60, shot.height)), "the shell's next line is under the picture")
    }
}
