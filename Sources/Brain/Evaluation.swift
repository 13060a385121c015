/// What evaluating a program gives: a value or an error, and how to describe it.
package struct Evaluation: Sendable, Equatable {
    /// The value to display; nil when there is an error or nothing to show.
    package var result: Double?
    /// Whether a binary operation (or an open parenthesis) is still waiting for its operand.
    package var isPending: Bool
    /// The CS193p description, without ` …` or ` =`.
    package var description: String
    /// Why there is no value, such as `.divisionByZero`; its `message` is what a display shows.
    package var error: CalculationError?

    /// An evaluation made of these parts.
    package init(result: Double?, isPending: Bool, description: String, error: CalculationError?) {
        self.result = result
        self.isPending = isPending
        self.description = description
        self.error = error
    }

    /// What a calculator display shows: the error's message, else the value, else "0".
    package var display: String {
        if let error { return error.message }
        return result.map(NumberFormat.display) ?? "0"
    }

    /// The description followed by ` …` while pending and ` =` otherwise; "" for an empty program.
    package var descriptionLine: String {
        description.isEmpty ? "" : description + (isPending ? " …" : " =")
    }
}
