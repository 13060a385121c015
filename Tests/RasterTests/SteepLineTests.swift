import Foundation
@testable import Raster
import Testing

/// Lines far steeper than a pixel column can resolve: k·(x − c) crosses the whole view within
/// far less than a column (within less than one double, beside -0.25, from 1e16 on), and must
/// still be drawn as the vertical line it is, never as a jump.
@Suite("Steep lines")
struct SteepLineTests {
    let viewport = Viewport(width: 400, height: 300, xRange: -1...1, yRange: -1...1)
    let renderer = GraphRenderer(glyphs: nil)

    struct Line: Sendable, CustomTestStringConvertible {
        let slope: Double
        let crossing: Double
        var testDescription: String { "\(slope)·(x − \(crossing))" }
    }

    static let lines: [Line] = [-1e3, 1e10, 1e14, 1e15, -1e16, 1e20, 1e100, 1e300].flatMap { slope in
        [0, -0.25, 1.0 / 3].map { Line(slope: slope, crossing: $0) }
    }

    @Test("A steep line is drawn through every row of the view", arguments: lines)
    func throughEveryRow(_ line: Line) {
        let image = renderer.render({ line.slope * ($0 - line.crossing) }, in: viewport)
        let column = Int(viewport.column(forX: line.crossing))
        let unlit = (0..<viewport.height).filter { row in
            !(column - 2...column + 2).contains { PaletteSlot.isCurve(image.pixels[row * viewport.width + $0]) }
        }
        #expect(unlit.isEmpty, "\(unlit.count) rows with no curve pixel beside x = \(line.crossing): \(unlit.prefix(8))")
    }

    /// k·√(x − c) rises from 0 at c with a vertical tangent: from 1e16 on, the double after c is
    /// already above the view, and the line from the view's middle row up must still be drawn.
    @Test("A vertical tangent at the domain's edge is drawn from the edge up", arguments: [1e3, 1e10, 1e16, 1e20, 1e100])
    func verticalTangentAtTheEdge(_ k: Double) {
        for c in [0, -0.25, 1.0 / 3, 1e-200] {
            let image = renderer.render({ x in k * (x - c).squareRoot() }, in: viewport)
            let column = Int(viewport.column(forX: c))
            let unlit = (0..<(viewport.height / 2 - 2)).filter { row in
                !(column - 2...column + 2).contains { PaletteSlot.isCurve(image.pixels[row * viewport.width + $0]) }
            }
            #expect(unlit.isEmpty, "\(k)·√(x − \(c)): \(unlit.count) rows above y = 0 unlit beside x = \(c): \(unlit.prefix(8))")
        }
    }

    /// Steps as sharp as the doubles allow stay steps: flat beside the rise, or turning back.
    static let jumps: [(name: String, f: @Sendable (Double) -> Double)] = [
        ("sign(x + 0.25)", { ($0 + 0.25).sign == .minus ? -0.5 : 0.5 }),
        ("floor at x = 1/3", { $0 < 1.0 / 3 ? -0.5 : 0.5 }),
        ("1/(x − 0.3)", { 1 / ($0 - 0.3) }),
        ("-1/(x + 0.25)", { -1 / ($0 + 0.25) }),
        ("√(x + 0.25) + sign(x + 0.25)", { x in (x + 0.25).squareRoot() + (x + 0.25 > 0 ? 1 : 0) }),
    ]

    @Test("A jump between neighbouring doubles is still a jump", arguments: 0..<5)
    func jumpsStay(_ index: Int) {
        let jump = Self.jumps[index]
        let samples = renderer.sample(jump.f, in: viewport)
        let steep = samples.segments.filter { segment in
            let top = min(segment.from.y, segment.to.y), bottom = max(segment.from.y, segment.to.y)
            return top < 100 && bottom > 200  // crosses the middle third of the view
        }
        #expect(steep.isEmpty, "\(jump.name): segments across the jump: \(steep.prefix(3))")
    }
}

@Suite("The midpoint in the order of doubles")
struct MidpointInOrderTests {
    @Test("As many doubles below it as above, and nil between neighbours")
    func halfway() throws {
        #expect(Double.midpointInOrder(1, 2) == 1.5)
        #expect(Double.midpointInOrder(2, 1) == 1.5)
        #expect(Double.midpointInOrder(1, 1.0.nextUp) == nil)
        #expect(Double.midpointInOrder(1, 1) == nil)
        #expect(Double.midpointInOrder(1, 1.0.nextUp.nextUp) == 1.0.nextUp)
        #expect(Double.midpointInOrder(-.leastNonzeroMagnitude, .leastNonzeroMagnitude) == 0)
        #expect(Double.midpointInOrder(-0.0, 0.0) == nil)
        #expect(Double.midpointInOrder(1, .infinity) == nil)
        #expect(Double.midpointInOrder(.nan, 1) == nil)
        // Across zero the middle is zero; across binades it is the middle of the exponents.
        #expect(Double.midpointInOrder(-1, 1) == 0)
        let middle = try #require(Double.midpointInOrder(1, 0x1p100))
        #expect(middle >= 0x1p49 && middle < 0x1p51)
    }

    @Test("Any interval of finite doubles narrows to neighbours within 64 halvings",
          arguments: [(-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude), (-1, 1), (0.3, 0.3000001), (1e-300, 1e300)])
    func narrows(_ ends: (Double, Double)) {
        var (low, high) = ends
        var halvings = 0
        while let middle = Double.midpointInOrder(low, high) {
            #expect(low < middle && middle < high)
            if halvings % 2 == 0 { low = middle } else { high = middle }
            halvings += 1
            if halvings > 64 { break }
        }
        #expect(halvings <= 64)
        #expect(low.nextUp == high)
    }
}
