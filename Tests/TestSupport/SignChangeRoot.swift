/// The root of `f` between `a` and `b`, where it changes sign, by bisection to neighbouring
/// doubles: the tests' independent reference for a closed form's root (gcview's own root finder
/// is Brent's method, which it must not be checked against).
public func signChangeRoot(of f: (Double) -> Double, between a: Double, and b: Double) -> Double {
    var low = a, high = b
    for _ in 0..<200 where high - low > 0 {
        let middle = (low + high) / 2
        if (f(middle) > 0) == (f(low) > 0) { low = middle } else { high = middle }
    }
    return (low + high) / 2
}
