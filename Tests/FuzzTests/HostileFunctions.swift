/// Functions that are hard to graph, as typed on the expression line: poles, jumps, huge and tiny
/// values, NaN regions, wild oscillation, overflow, constants and curves defined nowhere.
enum HostileFunctions {
    /// The corpus; each fuzz sequence graphs one of these first.
    static let corpus: [String] = [
        // Poles.
        "1/x", "tan(x)", "1/(x-1)", "1/x^2", "-1/x^2", "1/sin(x)", "1/(x^2-1)", "1/(1e-300*x)", "1/(0*x)",
        // Jumps.
        "abs(x)/x", "abs(x-1)/(x-1)", "atan(1e300*x)",
        // Huge values.
        "1e308*x", "x*1.7e308", "1e308", "-1e308", "1.7976931348623157e308", "exp(x)", "exp(exp(x))", "x^x",
        "-x^x", "x^1000", "10^x", "e^(x^2)", "exp(-x^2)*1e300",
        // Tiny values.
        "1e-320*x", "1e-300", "sin(x)*1e-310", "cos(x)/1e-320",
        // Undefined in part of the view.
        "sqrt(x)", "ln(x)", "asin(x)", "acos(x)*1e10", "sqrt(x)/x", "log(abs(x))", "x^(1/3)", "sqrt(1-x^2)",
        // Wild oscillation.
        "sin(1e300*x)", "tan(1e10*x)", "sin(1/x)", "x*sin(1/x)",
        // Constants, nowhere defined, nowhere finite, random.
        "7", "0", "x-x", "sqrt(-1-x^2)", "ln(0*x)", "0/0+x", "rand*x", "cbrt(x)",
    ]

    /// Functions with parameters, each with a slider: poles that move, every value undefined (a
    /// below 11), overflow at the range's ends. Kept apart from `corpus`, whose order picks each
    /// seed's first function, so that the seeds graph what they always did.
    static let withParameters: [String] = [
        "sin(a x)", "a/(x-b)", "ln(a-11)+x", "x^a", "a*1e308*x", "a x^2 + b x + c", "sin(a x)/(x-b)+c*1e300",
    ]

    /// Curves of the other kinds (issue 24) at their worst: poles in implicit relations, regions
    /// nowhere or everywhere, paths that are undefined, overflow or spin, fine detail everywhere.
    static let otherKinds: [String] = [
        "sin(x y) = cos(x y)", "x^y = y^x", "1/0 = y", "y - tan(x) = 0", "1/(x^2 + y^2 - 1) = 0", "x^2 + y^2 = 0",
        "y < 1/x", "x^2 + y^2 < 0/0", "y >= 1e308 x", "x = 1/(y - 1)", "x = sqrt(-1 - y^2)", "(0/0, t)",
        "(1e308 t, 1e308)", "(cos(1e10 t), sin(t))", "r = 1/0", "r = 1e300 θ", "r = tan(θ)", "(a cos(t), sin(t))",
        "y < a sin(b x)", "x^2 + y^2 = a",
    ]

    /// Strict inequalities whose dashed edge swings far outside the view (issue 49: unbounded work).
    static let strictInequalities: [String] = [
        "y < tan(x)", "y > cot(pi x)", "y < 100000 sin(100 x)", "y < sin(x)", "y > 1e300 sin(1e10 x)", "y < 1/x",
    ]

    /// sin's 8-term Taylor polynomial, its factorials written out: a program about 80 times sin's
    /// length, so sampled on a coarser grid (`gcview points sin(x) T` died of it, SIGILL).
    static let sinTaylor = "x" + (0..<7).map { term in
        let power = 2 * term + 3
        return (term.isMultiple(of: 2) ? " - " : " + ") + "x^\(power)/(" + (1...power).map(String.init).joined(separator: "*") + ")"
    }.joined()

    /// Pairs of a short curve and a far longer one that meet (issue 49: intersections on two grids).
    static let shortAndLong: [(short: String, long: String)] = [
        ("sin(x)", sinTaylor),
        // Within the expression line's 200 characters, each over 100 steps long.
        ("cos(x)", "sin(x) + 0*(" + (1...30).map { "x^\($0)" }.joined(separator: "+") + ")"),
        ("x/4", "sin(x)*x + 0*(" + (1...30).map { "x^\($0)" }.joined(separator: "+") + ")"),
    ]

    /// Text that is not a sensible expression, typed on the expression line.
    static let garbage: [String] = [
        "", "(", ")))", "((((((((((x", "1e", "1e999999", "x^^x", "sin", "√", "∛∛x", "π π π", "2(", "e^", "-",
        String(repeating: "9", count: 400), String(repeating: "(", count: 300), "x𝑥🙂", "\u{202E}x+1",
    ]
}
