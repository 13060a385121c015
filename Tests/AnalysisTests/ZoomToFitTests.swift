import Foundation
import Analysis
import Raster
import Testing

@Suite("Zoom to fit")
struct ZoomToFitTests {
    let viewport = Viewport(width: 480, height: 320, xRange: -5...5, yRange: -1...1)

    @Test("tan(x) fits the branches, not the poles")
    func tangent() {
        let fitted = viewport.fittingY(to: { tan($0) }).yRange
        #expect(fitted.lowerBound < -5 && fitted.lowerBound > -30)
        #expect(fitted.upperBound > 5 && fitted.upperBound < 30)
    }

    @Test("A parabola fits whole, with a small margin")
    func parabola() {
        let fitted = viewport.fittingY(to: { $0 * $0 - 3 }).yRange
        #expect(fitted.lowerBound < -3 && fitted.lowerBound > -5)
        #expect(fitted.upperBound > 21.9 && fitted.upperBound < 24)
    }

    @Test("A constant gets a range around it")
    func constant() {
        let fitted = viewport.fittingY(to: { _ in 3 }).yRange
        #expect(abs(fitted.lowerBound - 2) < 1e-9 && abs(fitted.upperBound - 4) < 1e-9)
    }

    @Test("The x-range and size stay; nothing finite leaves the viewport alone")
    func unchanged() {
        let fitted = viewport.fittingY(to: { sin($0) * 10 })
        #expect(fitted.xRange == viewport.xRange && fitted.width == viewport.width && fitted.scaleX == viewport.scaleX)
        #expect(viewport.fittingY(to: { _ in nil }) == viewport)
    }

    // The whole curve: for a smooth function the fitted range holds its true minimum and maximum
    // (closed forms below); beside poles it stays finite and holds the curve away from them.

    /// A fitted range that holds `low...high` with at most `margin` of its span to spare each side.
    static func holdsSnugly(_ fitted: ClosedRange<Double>, _ low: Double, _ high: Double, margin: Double = 0.15) -> Bool {
        let span = high - low
        return fitted.lowerBound <= low && fitted.upperBound >= high
            && fitted.lowerBound >= low - margin * span && fitted.upperBound <= high + margin * span
    }

    @Test("exp(x) on [-10, 10] fits whole: e⁻¹⁰ to e¹⁰, its tail is no pole")
    func exponential() {
        let view = Viewport(width: 480, height: 320, xRange: -10...10, yRange: -1...1)
        let fitted = view.fittingY(to: { exp($0) }).yRange
        #expect(Self.holdsSnugly(fitted, exp(-10), exp(10)), "\(fitted)")
    }

    @Test("x⁹ on [-10, 10] fits whole: -10⁹ to 10⁹")
    func ninthPower() {
        let view = Viewport(width: 480, height: 320, xRange: -10...10, yRange: -1...1)
        let fitted = view.fittingY(to: { pow($0, 9) }).yRange
        #expect(Self.holdsSnugly(fitted, -1e9, 1e9), "\(fitted)")
    }

    @Test("exp(x) fits whole at any pane width, and with its range ending off the sample grid")
    func exponentialAnyWidth() {
        for width in [80, 333, 480, 1000, 1917] {
            let view = Viewport(width: width, height: 320, xRange: -3.7...7.3, yRange: -1...1)
            let fitted = view.fittingY(to: { exp($0) }).yRange
            #expect(fitted.upperBound >= exp(7.3) * 0.999_999 && fitted.upperBound < exp(7.3) * 1.2, "width \(width): \(fitted)")
        }
    }

    /// Whether `fitted` holds `f` at every x of `xRange` at least `distance` from each of `poles`.
    static func holdsCurve(_ fitted: ClosedRange<Double>, _ f: (Double) -> Double, over xRange: ClosedRange<Double>,
                           awayFrom poles: [Double], distance: Double) -> Bool {
        stride(from: xRange.lowerBound, through: xRange.upperBound, by: 0.001)
            .filter { x in poles.allSatisfy { abs(x - $0) >= distance } }
            .allSatisfy { fitted.contains(f($0)) }
    }

    @Test("tan(x) on [-5, 5]: finite, and holds the branches 0.2 from the poles (|tan| ≈ 4.93)")
    func tangentBranches() {
        let fitted = viewport.fittingY(to: { tan($0) }).yRange
        let poles = [-3, -1, 1, 3].map { Double($0) * Double.pi / 2 }
        #expect(Self.holdsCurve(fitted, { tan($0) }, over: -5...5, awayFrom: poles, distance: 0.2), "\(fitted)")
        #expect(fitted.lowerBound > -100 && fitted.upperBound < 100, "\(fitted)")
    }

    @Test("1/x on [-5, 5]: finite, and holds the curve 0.25 from the pole (|1/x| ≤ 4)")
    func reciprocal() {
        let fitted = viewport.fittingY(to: { 1 / $0 }).yRange
        #expect(Self.holdsCurve(fitted, { 1 / $0 }, over: -5...5, awayFrom: [0], distance: 0.25), "\(fitted)")
        #expect(fitted.lowerBound > -100 && fitted.upperBound < 100, "\(fitted)")
    }

    @Test("gamma(x) on [-5, 5]: finite, holds Γ(5) = 24 and the branches 0.1 from the poles")
    func gamma() {
        let fitted = viewport.fittingY(to: { tgamma($0) }).yRange
        #expect(fitted.upperBound >= 24 && fitted.upperBound < 100, "\(fitted)")
        #expect(Self.holdsCurve(fitted, { tgamma($0) }, over: -5...5, awayFrom: [-5, -4, -3, -2, -1, 0], distance: 0.1), "\(fitted)")
        #expect(fitted.lowerBound > -100, "\(fitted)")
    }
}
