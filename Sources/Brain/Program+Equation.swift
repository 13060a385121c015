extension Program {
    /// A program's description read as an equation in x, as graphs are titled: the variable M
    /// reads as x, so `sin(M) × M` is `y = sin(x) × x`.
    package static func equation(forDescription description: String) -> String {
        "y = " + Coordinates.showingX(description)
    }
}
