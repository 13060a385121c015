import Foundation
@testable import Raster
import TestSupport
import Testing

@Suite("Sampling")
struct SamplingTests {
    let viewport = Viewport(width: 480, height: 320, xRange: -5...5, yRange: -4...4)
    let renderer = GraphRenderer(glyphs: nil)

    func samples(_ function: TestFunction) -> Samples {
        renderer.sample(function.function, in: viewport)
    }

    /// Whether `point` lies beyond the top or bottom edge.
    func isBeyondTopOrBottom(_ point: Point) -> Bool {
        point.y < 0 || point.y > Double(viewport.height)
    }

    struct PoleCase: Sendable, CustomTestStringConvertible {
        let function: TestFunction
        let poles: [Double]
        var testDescription: String { function.name }
    }

    @Test("No segment crosses a pole, and both sides run off the image", arguments: [
        PoleCase(function: .tangent, poles: [-3 * .pi / 2, -.pi / 2, .pi / 2, 3 * .pi / 2]),
        PoleCase(function: .reciprocal, poles: [0]),
    ])
    func poles(_ example: PoleCase) {
        let samples = samples(example.function)
        for segment in samples.segments {
            let low = viewport.x(atColumn: min(segment.from.x, segment.to.x))
            let high = viewport.x(atColumn: max(segment.from.x, segment.to.x))
            // Endpoints may sit within rounding of the pole; a crossing has one on each side.
            #expect(!example.poles.contains { low < $0 - 1e-9 && $0 + 1e-9 < high }, "segment \(segment) crosses a pole")
        }
        #expect(samples.branches.count == example.poles.count + 1)
        for pole in example.poles {
            let column = viewport.column(forX: pole)
            let before = samples.branches.compactMap(\.last).min { abs($0.x - column) < abs($1.x - column) }
            let after = samples.branches.compactMap(\.first).min { abs($0.x - column) < abs($1.x - column) }
            if let before, let after {
                #expect(abs(before.x - column) < 0.01 && abs(after.x - column) < 0.01)
                #expect(isBeyondTopOrBottom(before) && isBeyondTopOrBottom(after))
                #expect((before.y < 0) != (after.y < 0), "the branches leave through opposite edges")
            } else {
                Issue.record("no branch ends near the pole at \(pole)")
            }
        }
        #expect(samples.bands.isEmpty)
    }

    @Test("floor(x) has one flat branch per visible step, ending at the jumps")
    func steps() {
        let samples = samples(.floor)
        // Steps wholly beyond an edge may join out of sight; the visible ones are -4…4.
        let visible = samples.branches.filter { $0.contains { $0.y >= 0 && $0.y <= Double(viewport.height) } }
        #expect(visible.count == 9)
        for branch in visible {
            guard let first = branch.first else { continue }
            #expect(branch.allSatisfy { abs($0.y - first.y) < 1e-9 }, "a step is flat")
            let start = viewport.x(atColumn: first.x)
            #expect(start < -5 || abs(start - start.rounded()) < 1e-6)
        }
        for segment in samples.segments {
            let low = viewport.x(atColumn: segment.from.x), high = viewport.x(atColumn: segment.to.x)
            #expect(!((low + 1e-9).rounded(.up) < high - 1e-9), "segment \(segment) crosses a jump")
        }
    }

    @Test("sqrt(x) starts at x = 0, y = 0")
    func squareRootStart() throws {
        let samples = samples(.squareRoot)
        let start = try #require(samples.branches.first?.first)
        #expect(abs(start.x - viewport.column(forX: 0)) < 0.01)
        #expect(abs(start.y - viewport.row(forY: 0)) < 0.5)
        #expect(samples.branches.count == 1)
    }

    @Test("log(x) starts at x = 0 below the bottom edge")
    func logarithmDive() throws {
        let samples = samples(.logarithm)
        let start = try #require(samples.branches.first?.first)
        #expect(abs(start.x - viewport.column(forX: 0)) < 0.01)
        #expect(start.y > Double(viewport.height))
        let visible = samples.branches.joined().filter { $0.y >= 0 && $0.y <= Double(viewport.height) }
        #expect(visible.contains { $0.y > Double(viewport.height) - 2 }, "the curve reaches the bottom edge")
    }

    @Test("Steep continuous curves have no gaps", arguments: [TestFunction.ninthPower, .squareRoot, .selfPower])
    func noGaps(_ function: TestFunction) {
        let samples = samples(function)
        let inside = { (p: Point) in p.y >= 0 && p.y <= Double(viewport.height) }
        for segment in samples.segments where inside(segment.from) && inside(segment.to) {
            let dx = segment.to.x - segment.from.x, dy = segment.to.y - segment.from.y
            #expect((dx * dx + dy * dy).squareRoot() <= 1.5, "segment \(segment) is too long")
        }
        #expect(samples.bands.isEmpty)
    }

    @Test("x^9 is one branch through the whole image")
    func ninthPowerBranch() {
        #expect(samples(.ninthPower).branches.count == 1)
    }

    @Test("sin(1/x) is banded near 0 only")
    func oscillationBands() {
        let samples = samples(.sineOfReciprocal)
        // Periods shrink below a column (0.02) for |x| < 0.06: about three columns either side.
        #expect(samples.bands.count >= 4)
        for band in samples.bands {
            #expect(abs(viewport.x(atColumn: Double(band.column) + 0.5)) < 0.1)
            #expect(band.top <= band.bottom)
        }
        let oneOverPi = viewport.column(forX: 1 / .pi)
        #expect(samples.segments.contains { $0.from.x >= oneOverPi }, "resolved oscillations stay lines")
    }

    @Test("A smooth curve is one branch with few evaluations")
    func smooth() {
        let samples = samples(.sine)
        #expect(samples.branches.count == 1)
        #expect(samples.bands.isEmpty)
        #expect(samples.evaluations <= 4 * viewport.width)
        #expect(samples.branches[0].first.map { $0.x <= 0 } == true)
        #expect(samples.branches[0].last.map { $0.x >= Double(viewport.width) } == true)
    }

    @Test("A function undefined everywhere has no samples")
    func undefined() {
        let samples = renderer.sample({ _ in nil }, in: viewport)
        #expect(samples.branches.isEmpty && samples.bands.isEmpty)
    }
}
