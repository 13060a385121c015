/// The variables a typed expression may name, by the kind of curve it belongs to: x for y(x)
/// (stored as the memory variable M, as the keypad has it), x and y for an equation or an
/// inequality, y alone for x = f(y), t for a parametric curve, θ for a polar one.
///
/// Every other letter of x, y, t, r and θ is an error where it has no meaning (`y` in a bare
/// `sin(y)`), with a hint naming the form that gives it one.
package struct Coordinates: Equatable, Sendable {
    /// Typed name to stored variable.
    let names: [(String, String)]

    /// The stored name of x: the memory variable M.
    package static let xVariable = "M"
    /// The stored names of y, t and θ.
    package static let yVariable = "y"
    package static let tVariable = "t"
    package static let thetaVariable = "θ"

    /// `text` with the stored x (M) read as x, as titles and equations print it: each character
    /// M becomes x. A plain map of the characters: `String.replacing(_:with:)` came from
    /// _StringProcessing's generic searchers, whose first use cost `plot` 1.1 % of its time,
    /// most of it page faults on their code (perf).
    package static func showingX(_ text: String) -> String {
        String(text.map { String($0) == xVariable ? "x" : $0 })
    }

    /// The stored names of the coordinates besides M, which a program's steps may name.
    package static let storedNames: Set<String> = [yVariable, tVariable, thetaVariable]

    /// x alone, as in `sin(x)`: today's y(x) expressions and the calculator's.
    package static let x = Coordinates(names: [("x", xVariable), ("X", xVariable), ("M", xVariable)])
    /// x and y, as in `x^2 + y^2 = 9`.
    package static let xy = Coordinates(names: x.names + [("y", yVariable)])
    /// t, as in `(cos(t), sin(t))`.
    package static let t = Coordinates(names: [("t", tVariable)])
    /// θ (or `theta`), as in `r = cos(3θ)`.
    package static let theta = Coordinates(names: [("θ", thetaVariable), ("theta", thetaVariable)])

    package static func == (lhs: Coordinates, rhs: Coordinates) -> Bool {
        lhs.names.map(\.0) == rhs.names.map(\.0) && lhs.names.map(\.1) == rhs.names.map(\.1)
    }

    /// What to add to "unexpected 'y'" when a coordinate letter is used where it means nothing.
    static func hint(for character: Character) -> String {
        switch character {
        case "y": " (y is for an equation or inequality in x and y, with '=', '<', '>', '<=' or '>=': x^2 + y^2 = 9, y < sin(x))"
        case "t": " (t is the parameter of a curve written (f(t), g(t)))"
        case "r", "θ": " (a polar curve is written r = f(θ))"
        case "x": " (x has no meaning here)"
        default: ""
        }
    }
}
