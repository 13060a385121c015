import Foundation
import Analysis
import Raster
import Testing

/// Roots where f is flat, said with the digits f's rounding leaves them.
///
/// sin x + sin(2x)/2 is sin x (1 + cos x), which near π is −(x − π)³/2: its two terms are each
/// about x − π there and cancel to their cube, so f's rounding (a unit in the last place of the
/// terms) changes its sign anywhere within about 2·10⁻⁸ of π. The search ended anywhere in that
/// stretch and said "root 3.1415926589414", 5·10⁻⁹ from π with fourteen digits. The truths are
/// closed forms.
@Suite("Flat roots: a root where f is flat says only the digits its rounding leaves")
struct FlatRootTests {
    static func defined(_ f: @escaping (Double) -> Double) -> (Double) -> Double? {
        { x in let y = f(x); return y.isFinite ? y : nil }
    }

    /// `said` is the truth rounded to its own digits, to a unit of the last, with at most 10 of them.
    static func check(_ said: Double, truth: Double, _ name: String) {
        #expect(abs(said - truth) < 1e-7 * max(abs(truth), 1), "\(name): \(said) against \(truth)")
        let text = "\(abs(said))"
        let digits = text.filter(\.isNumber).drop { $0 == "0" }.count
        #expect(digits <= 10 || abs(said - truth) <= 4 * truth.ulp, "\(name): \(said) has \(digits) digits; the truth is \(truth)")
        let decimals = text.contains("e") ? 17 : (text.split(separator: ".").dropFirst().first?.count ?? 0)
        #expect(abs(said - truth) <= max(pow(10, -Double(decimals)) * 1.0001, 4 * truth.ulp), "\(name): \(said) is not \(truth) rounded")
    }

    @Test("sin x + sin(2x)/2: triple roots at ±π and ±3π said as π rounded, simple roots at 0 and ±2π exact",
          arguments: [-10.0...10.0, -9.9...9.7, 2.0...4.5, 3.14...3.15])
    func tripleRoots(range: ClosedRange<Double>) {
        let curve = PointsOfInterest.find(in: [Self.defined { sin($0) + sin(2 * $0) / 2 }], over: range).curves[0]
        let truths = (-3...3).map { Double($0) * .pi }.filter { range.contains($0) }
        #expect(curve.roots.count == truths.count, "\(curve.roots)")
        for (root, truth) in zip(curve.roots, truths) { Self.check(root, truth: truth, "sin x + sin(2x)/2") }
    }

    @Test("eˣ⁻¹ − 1 − (x − 1) − (x − 1)²/2, (x − 1)³/6 near 1 in its cancellation: its root said as 1; (x − 2)³ eˣ, exact, at 2")
    func cancellation() throws {
        let series = PointsOfInterest.find(in: [Self.defined { x in exp(x - 1) - 1 - (x - 1) - (x - 1) * (x - 1) / 2 }],
                                           over: -3...3).curves[0]
        let root = try #require(series.roots.first { abs($0 - 1) < 0.1 }, "\(series.roots)")
        Self.check(root, truth: 1, "exp series")
        let cube = PointsOfInterest.find(in: [Self.defined { x in (x - 2) * (x - 2) * (x - 2) * exp(x) }], over: -3...5).curves[0]
        #expect(cube.roots == [2], "\(cube.roots)")
    }
}
