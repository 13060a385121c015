import Brain
import Foundation
import Analysis
import Raster
import Testing

/// A long program is drawn within the frame's work budget, coarsely but correctly.
@Suite("Long programs on the graph")
struct LongProgramPictureTests {
    @Test("The 14 000-term sum of sin(x) is drawn on 14 000·sin(x), across the picture, within its budget",
          arguments: [(800, 500), (10_000, 10_000)])
    func sumOfSines(size: (width: Int, height: Int)) throws {
        let program = try ExpressionParser.parse(Array(repeating: "sin(x)", count: 14_000).joined(separator: "+"))
        let viewport = Viewport(width: size.width, height: size.height, xRange: -10...10, yRange: -15_000...15_000)
        let cost = program.steps.count
        let samples = GraphRenderer(glyphs: nil).sample(program.function(of: "M"), in: viewport, cost: cost, curves: 1)
        #expect(samples.isCoarse)
        #expect(samples.evaluations <= WorkBudget.frame.evaluations(cost: cost, curves: 1) + 32)
        func closedForm(_ column: Double) -> Double { viewport.row(forY: 14_000 * sin(viewport.x(atColumn: column))) }
        // Every point lies on the closed form; every band holds it at its column's middle.
        for point in samples.branches.joined() {
            #expect(abs(point.y - closedForm(point.x)) < 1e-6, "at column \(point.x)")
        }
        for band in samples.bands {
            let middle = closedForm(Double(band.column) + 0.5)
            #expect(band.top - 1 <= middle && middle <= band.bottom + 1, "band at \(band.column)")
        }
        // Every pixel column is drawn: a segment crosses its middle, or a band fills it.
        let segments = samples.branches.flatMap { zip($0, $0.dropFirst()) }
        let banded = Set(samples.bands.map(\.column))
        let missing = (0..<size.width).filter { column in
            let middle = Double(column) + 0.5
            return !banded.contains(column) && !segments.contains { $0.x <= middle && middle <= $1.x }
        }
        #expect(missing.isEmpty, "columns \(missing.prefix(10)) not drawn")
        // Between neighbouring points the closed form strays from the straight line by a few
        // pixels at most: the coarse line still traces the curve.
        let straying = segments.map { from, to -> Double in abs(closedForm((from.x + to.x) / 2) - (from.y + to.y) / 2) }
        #expect((straying.max() ?? 0) <= Double(size.height) / 50, "\(straying.max() ?? 0) px")
    }
}
