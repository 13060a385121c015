import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Integrals that Gauss–Kronrod alone does not finish because f grows without bound at an end,
/// where Doubles cannot follow it: beside 1 they are 10⁻¹⁶ apart, and ∫ 1/√(1 − x) over the last
/// 10⁻¹⁶ before 1 is still 2·10⁻⁸; beside 0 they go on to 10⁻³⁰⁸, but half of ∫₀¹ x^−0.999 lies
/// below that.
///
/// Each half of the interval is integrated toward its end a decade of distance at a time, and
/// what lies closer to the end than the last decade is the integral of a model of f fitted to
/// three values there, `EndModel`: c·d^p·ln(1/d)^−β in the distance d from the end, which is
/// exact for powers (1/√d), logarithmic powers (1/(d ln²d)) and their products, and close for
/// whatever behaves as one near the end. The total is taken once two decades running give the
/// same to 10⁻¹¹; the integral does not converge when the model says so twice running (1/x and
/// 1/(1 − x) are d⁻¹, 1/(x |ln x|) has β = 1), or when the decades run out first.
enum ImproperIntegral {
    /// ∫ f over `low...high` (low < high), either end of which may be an integrable pole.
    static func integrate(_ f: (Double) -> Double?, from low: Double, to high: Double) throws(GaussKronrod.Failure) -> Double {
        let middle = low / 2 + high / 2
        return try towardEnd(f, from: middle, to: low) + towardEnd(f, from: middle, to: high)
    }

    /// ∫ f between `inner` and `end`, over the interval in its order (positive for positive f).
    private static func towardEnd(_ f: (Double) -> Double?, from inner: Double, to end: Double) throws(GaussKronrod.Failure) -> Double {
        let low = min(inner, end), high = max(inner, end)
        if let plain = try? GaussKronrod.integrate(f, from: low, to: high, maximumPieces: 500) { return plain }
        let direction: Double = inner > end ? 1 : -1
        // The model's logarithm needs distances below 1.
        var near = end + direction * min(abs(inner - end), 1) / 10
        var inside = try GaussKronrod.integrate(f, from: min(near, inner), to: max(near, inner))
        var totals = Totals()
        var divergentFits = 0
        while let model = EndModel(f, end: end, direction: direction, distance: abs(near - end)) {
            if let tail = model.tail {
                divergentFits = 0
                if let total = totals.settled(adding: inside + tail) { return total }
            } else {
                totals = Totals()
                divergentFits += 1
                if divergentFits >= 2 { break }
            }
            let next = end + direction * abs(near - end) / 10
            inside += try GaussKronrod.integrate(f, from: min(next, near), to: max(next, near))
            near = next
        }
        throw .doesNotConverge
    }
}

/// The totals of successive decades, and when they have settled: two running equal to 10⁻¹¹,
/// or two running of their Aitken extrapolations, where the model is off by a part that shrinks
/// about tenfold a decade (1/√(1 − x) + 1/√x at 1, whose 1 the model does not have).
struct Totals {
    private var values: [Double] = []
    private var extrapolations: [Double] = []

    mutating func settled(adding total: Double) -> Double? {
        values.append(total)
        func agree(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= max(1e-300, 1e-11 * abs(b)) }
        let n = values.count
        if n >= 2, agree(values[n - 2], values[n - 1]) { return total }
        guard n >= 3 else { return nil }
        let first = values[n - 2] - values[n - 3], second = values[n - 1] - values[n - 2]
        guard first != second, (first > 0) == (second > 0), abs(second) < abs(first) / 2 else { return nil }
        extrapolations.append(total - second * second / (second - first))
        let m = extrapolations.count
        if m >= 2, agree(extrapolations[m - 2], extrapolations[m - 1]) { return extrapolations[m - 1] }
        return nil
    }
}

/// f near an end of an interval as c·d^p·L^−β, d the distance from the end and L = ln(1/d),
/// fitted to f at three distances a decade apart, and its integral from the end to the first.
struct EndModel {
    /// The nearest distance's value and distance, and the fit's exponents.
    let value: Double, distance: Double, p: Double, beta: Double

    /// The fit at `distance`, `distance`/10 and `distance`/100 from `end`, toward `direction`:
    /// nil where f is undefined, 0 or changes sign among them, or the distances are too fine for
    /// Doubles to tell apart around `end`.
    init?(_ f: (Double) -> Double?, end: Double, direction: Double, distance farthest: Double) {
        let xs = [farthest, farthest / 10, farthest / 100].map { end + direction * $0 }
        let ds = xs.map { abs($0 - end) }
        guard ds[2] >= max(1024 * end.ulp, 1e-300), ds[0] < 1 else { return nil }
        let values = xs.compactMap { f($0) }
        guard values.count == 3, values.allSatisfy({ $0.isFinite && $0 != 0 }),
              values.allSatisfy({ ($0 > 0) == (values[0] > 0) }) else { return nil }
        let logF = values.map { log(abs($0)) }, logD = ds.map { log($0) }, logL = ds.map { log(-log($0)) }
        // log|f| = a + p log d − β log L, differenced twice over: two equations in p and β.
        let (f1, f2) = (logF[0] - logF[1], logF[1] - logF[2])
        let (d1, d2) = (logD[0] - logD[1], logD[1] - logD[2])
        let (l1, l2) = (logL[0] - logL[1], logL[1] - logL[2])
        let determinant = -d1 * l2 + l1 * d2
        guard determinant != 0, determinant.isFinite else { return nil }
        p = (-f1 * l2 + l1 * f2) / determinant
        beta = (d1 * f2 - f1 * d2) / determinant
        guard p.isFinite, beta.isFinite else { return nil }
        value = values[0]
        distance = ds[0]
    }

    /// ∫ of the model from the end to `distance`, nil when it diverges. With q = p + 1 and
    /// U = ln(1/distance), it is value·distance·U·∫₀¹ e^(−qU(1/t − 1)) t^(β−2) dt (u = U/t in
    /// c ∫ e^(−qu) u^−β du over [U, ∞)): divergent for q < 0, and for q = 0 unless β > 1, when
    /// the integral is 1/(β − 1).
    var tail: Double? {
        let q = p + 1, logarithm = -log(distance)
        let scale = value * distance * logarithm
        if q < -1e-7 { return nil }
        if q < 1e-7 { return beta > 1 + 1e-6 ? scale / (beta - 1) : nil }
        let beta = beta
        let integrand: (Double) -> Double? = { t in exp(-q * logarithm * (1 / t - 1) + (beta - 2) * log(t)) }
        guard let integral = try? GaussKronrod.integrate(integrand, from: 0, to: 1) else { return nil }
        return scale * integral
    }
}
