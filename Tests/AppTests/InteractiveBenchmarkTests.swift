@testable import App
import Raster
import Terminal
import Testing

/// `gcview bench`'s interactive lines measure what was asked: the expression, x-range and pane size.
@Suite("Interactive benchmark")
struct InteractiveBenchmarkTests {
    @Test("The pane, the x-range and the graph are the ones asked for", arguments: [
        (1600, 1000, -10.0, 10.0), (800, 500, -2.0, 6.0), (400, 240, 100.0, 101.0),
    ])
    func honoursTheRequest(width: Int, height: Int, lower: Double, upper: Double) throws {
        let report = try InteractiveBenchmark(graphicsProtocol: .sixel, runs: 3, expression: "x^2 - 3",
                                              xRange: lower...upper, paneSize: PixelSize(width: width, height: height)).run()
        // A sixel pane is whole six-pixel bands tall, so the picture never spills into the status line.
        #expect(report.pane.width == width && report.pane.height == height - height % 6, "pane \(report.pane)")
        let tolerance = (upper - lower) * 1e-9
        #expect(abs(report.xRange.lowerBound - lower) <= tolerance && abs(report.xRange.upperBound - upper) <= tolerance,
                "showed \(report.xRange)")
        #expect(report.frameBytes > 0 && report.burstFrames == 1)
    }

    @Test("An expression that does not graph is an error, not a blank measurement")
    func badExpression() {
        #expect(throws: InteractiveError.self) {
            try InteractiveBenchmark(graphicsProtocol: .kitty, runs: 1, expression: "2 +").run()
        }
    }
}

/// `gcview bench`'s kitty line: bytes per pan step, back and forth and on a walk past the margins.
@Suite("Interactive benchmark in kitty")
struct KittyBenchmarkTests {
    @Test("Steps back and forth cost a placement, and patches where the window cuts a label (sin(x)*x on [-10, 10] has its ±10 labels at the edges): under 3 000 bytes each; a walk past the margins sends a new panorama now and then")
    func panoramaSteps() throws {
        let report = try InteractiveBenchmark(graphicsProtocol: .kitty, runs: 9, paneSize: PixelSize(width: 800, height: 500)).run()
        #expect(report.stepBytes.count == 9 && (report.stepBytes.last ?? .max) <= 3_000, "steps: \(report.stepBytes)")
        // A whole picture of the pane is about 10 KB, a panorama four times the area.
        let sent = report.walkBytes.filter { $0 > 5_000 }.count
        #expect(sent >= 1 && sent <= report.walkBytes.count / 4, "\(sent) of \(report.walkBytes.count) walking steps sent a picture")
    }
}
