import Foundation
import Raster
import Terminal
import TestSupport
import Testing

/// `gcview plot` with several expressions: each curve in its own colour on its own true curve,
/// and the limits said in one line.
@Suite("Plotting several expressions")
struct PlotSeveralTests {
    static let width = 480, height = 320

    /// The PNG of `gcview plot EXPRESSIONS` on x -5…5, y -4…4, dark theme.
    static func plot(_ expressions: [String]) throws -> (pixels: [RGB], status: Int32, stderr: String) {
        let file = Paths.temporaryFolder().appendingPathComponent("several.png")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = try run(Paths.gcview, ["plot"] + expressions + [
            "--x", "-5:5", "--y", "-4:4", "--size", "\(width)x\(height)", "--theme", "dark", "--output", file.path])
        guard result.status == 0 else { return ([], result.status, result.stderr) }
        let decoded = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: file)))
        return (decoded.pixels, result.status, result.stderr)
    }

    /// The row of graph y at pixel scale (y -4…4 over the height).
    static func row(_ y: Double) -> Double { (4 - y) / 8 * Double(height) }

    @Test("Three expressions: each curve in its theme colour, on its own true curve")
    func threeCurves() throws {
        let truths: [(Double) -> Double] = [{ sin($0) }, { cos($0) }, { $0 / 3 }]
        let plotted = try Self.plot(["sin(x)", "cos(x)", "x/3"])
        #expect(plotted.status == 0, "\(plotted.stderr)")
        for (index, truth) in truths.enumerated() {
            let colour = Theme.dark.curveColor(index)
            var inked = 0, stray = 0
            // Below the legend band, whose strokes are curve colours too.
            for row in 40..<Self.height {
                for column in 0..<Self.width where plotted.pixels[row * Self.width + column] == colour {
                    inked += 1
                    let nearest = (-2...2).map { dx -> Double in
                        let x = -5 + (Double(column) + 0.5 + Double(dx) / 2) / Double(Self.width) * 10
                        return abs(Self.row(truth(x)) - (Double(row) + 0.5))
                    }.min() ?? .infinity
                    if nearest > 2.5 { stray += 1 }
                }
            }
            #expect(inked > 300, "curve \(index): \(inked) pixels of its colour")
            #expect(stray == 0, "curve \(index): \(stray) pixels of its colour off its curve")
            // Its legend stroke, in the band at the top.
            let band = plotted.pixels[0..<(40 * Self.width)]
            #expect(band.contains(colour), "curve \(index) has no legend stroke")
        }
    }

    @Test("Seven expressions are refused in one line")
    func tooMany() throws {
        let plotted = try Self.plot(["x", "x+1", "x+2", "x+3", "x+4", "x+5", "x+6"])
        #expect(plotted.status == 2)
        #expect(plotted.stderr.contains("at most 6 expressions"))
        #expect(plotted.stderr.split(separator: "\n").count == 1)
    }

    @Test("An expression typed unquoted in several words is still one curve")
    func unquotedWords() throws {
        let plotted = try Self.plot(["x", "^", "2", "-", "3"])
        #expect(plotted.status == 0, "\(plotted.stderr)")
        let second = Theme.dark.curveColor(1)
        #expect(!plotted.pixels.contains(second))
        #expect(plotted.pixels.contains(Theme.dark.curveColor(0)))
    }

    @Test("A bad expression among several names itself")
    func badAmongSeveral() throws {
        let plotted = try Self.plot(["sin(x)", "cos("])
        #expect(plotted.status == 2)
        #expect(plotted.stderr.split(separator: "\n").count == 1)
    }
}
