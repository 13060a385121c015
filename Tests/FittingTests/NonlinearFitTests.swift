import Fitting
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Levenberg–Marquardt from the data's starting values, against scipy's curve_fit",
       .enabled(if: Reference.enabled, Reference.skipReason))
struct NonlinearFitTests {
    // scipy starts from the true parameters; gcview from what it finds in the data.

    @Test("y ~ a exp(b x)", arguments: [11, 12, 13] as [UInt64])
    func exponential(seed: UInt64) throws {
        let truth = [1.7, 0.65]
        let data = SeededData(seed: seed, count: 150, x: 0...4, noise: 0.2) { truth[0] * exp(truth[1] * $0) }
        let fit = try Regression.fit(.exponential, x: data.x, y: data.y).get()
        expectAgreement(fit, try Reference.curveFit("exponential", x: data.x, y: data.y, start: truth), within: 1e-6)
    }

    @Test("y ~ a exp(b x), decaying and negative")
    func negativeDecay() throws {
        let truth = [-40.0, -0.3]
        let data = SeededData(seed: 14, count: 90, x: -2...12, noise: 0.5) { truth[0] * exp(truth[1] * $0) }
        let fit = try Regression.fit(.exponential, x: data.x, y: data.y).get()
        expectAgreement(fit, try Reference.curveFit("exponential", x: data.x, y: data.y, start: truth), within: 1e-6)
    }

    @Test("y ~ a sin(b x + c) + d", arguments: [(21, 1.7), (22, 0.35), (23, 6.0)] as [(UInt64, Double)])
    func sine(seed: UInt64, frequency: Double) throws {
        let truth = [2.3, frequency, 0.4, 0.9]
        let data = SeededData(seed: seed, count: 400, x: 0...20, noise: 0.25) { 2.3 * sin(frequency * $0 + 0.4) + 0.9 }
        let fit = try Regression.fit(.sine, x: data.x, y: data.y).get()
        expectAgreement(fit, try Reference.curveFit("sine", x: data.x, y: data.y, start: truth), within: 1e-6)
    }

    @Test("y ~ a / (1 + exp(-b (x - c)))", arguments: [(31, 1.2), (32, -0.6)] as [(UInt64, Double)])
    func logistic(seed: UInt64, steepness: Double) throws {
        let truth = [5.5, steepness, 2.5]
        let data = SeededData(seed: seed, count: 250, x: -6...10, noise: 0.15) {
            5.5 / (1 + exp(-steepness * ($0 - 2.5)))
        }
        let fit = try Regression.fit(.logistic, x: data.x, y: data.y).get()
        expectAgreement(fit, try Reference.curveFit("logistic", x: data.x, y: data.y, start: truth), within: 1e-6)
    }

    @Test("values of 1e308 are fitted in scaled units and reported in the data's")
    func hugeValues() throws {
        // scipy overflows on these (its cost squares the residuals), so the reference is its
        // fit of the same points 2¹⁰¹⁹ times smaller, scaled back: exactly the same least squares.
        let truth = [1.7, 0.65], scale = 0x1p1019
        let data = SeededData(seed: 15, count: 100, x: 0...4, noise: 0.2) { truth[0] * exp(truth[1] * $0) }
        let huge = data.y.map { $0 * scale }   // 5.6e306 × up to 23: to 1.3e308
        #expect(huge.contains { $0 > 1e308 })
        let fit = try Regression.fit(.exponential, x: data.x, y: huge).get()
        var reference = try Reference.curveFit("exponential", x: data.x, y: data.y, start: truth)
        reference.parameters[0] *= scale
        reference.rmse *= scale
        reference.residuals = reference.residuals.map { $0 * scale }
        expectAgreement(fit, reference, within: 1e-6)
    }
}
