import Fitting
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Linear least squares, against numpy's lstsq", .enabled(if: Reference.enabled, Reference.skipReason))
struct LinearFitTests {
    static let mixed = LinearModel(parameters: ["a", "b", "c"], basis: [{ sin($0) }, { $0 * $0 }, { _ in 1 }])

    @Test("y ~ a x + b", arguments: [1, 2, 3] as [UInt64])
    func line(seed: UInt64) throws {
        let data = SeededData(seed: seed, count: 200, x: -5...15, noise: 0.5) { 2.5 * $0 - 1.75 }
        let fit = try Regression.fit(.line, x: data.x, y: data.y).get()
        expectAgreement(fit, try Reference.lstsq("line", x: data.x, y: data.y), within: 1e-9)
        #expect(fit.count == 200 && fit.skipped == 0)
    }

    @Test("y ~ a x^2 + b x + c", arguments: [4, 5] as [UInt64])
    func quadratic(seed: UInt64) throws {
        let data = SeededData(seed: seed, count: 300, x: -3...4, noise: 0.3) { 0.8 * $0 * $0 - 1.3 * $0 + 2.2 }
        let fit = try Regression.fit(.quadratic, x: data.x, y: data.y).get()
        expectAgreement(fit, try Reference.lstsq("quadratic", x: data.x, y: data.y), within: 1e-9)
        #expect(fit.names == ["a", "b", "c"])
    }

    @Test("any sum of parameter × basis function: y ~ a sin x + b x^2 + c")
    func mixedBasis() throws {
        let data = SeededData(seed: 6, count: 250, x: -6...6, noise: 0.4) { 3.1 * sin($0) - 0.45 * $0 * $0 + 1.2 }
        let fit = try Regression.fit(Self.mixed, x: data.x, y: data.y).get()
        expectAgreement(fit, try Reference.lstsq("mixed", x: data.x, y: data.y), within: 1e-9)
    }

    @Test("gaps (nil, NaN, infinities) are skipped, counted, and the rest fitted as numpy fits them")
    func gaps() throws {
        let data = SeededData(seed: 7, count: 120, x: 0...10, noise: 0.2) { -0.7 * $0 + 4 }
        var x = data.x, y = data.y
        for (index, bad) in [(3, Double.nan), (40, .infinity), (77, -.infinity)] { y[index] = bad }
        x[10] = .nan
        let fit = try Regression.fit(.line, x: x, y: y).get()
        #expect(fit.count == 116 && fit.skipped == 4)
        expectAgreement(fit, try Reference.lstsq("line", x: x, y: y), within: 1e-9)
        let optional: [Double?] = x.enumerated().map { $0.offset == 50 ? nil : $0.element }
        let withNil = try Regression.fit(.line, x: optional, y: y.map(Optional.some)).get()
        #expect(withNil.count == 115 && withNil.skipped == 5)
    }
}
