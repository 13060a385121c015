/// What evaluating a program gives: a value or an error, and how to describe it.
public struct Evaluation: Sendable, Equatable {
    /// The value to display; nil when there is an error or nothing to show.
    public var result: Double?
    /// Whether a binary operation (or an open parenthesis) is still waiting for its operand.
    public var isPending: Bool
    /// The CS193p description, without ` …` or ` =`.
    public var description: String
    /// A short message such as "Error: division by zero", or nil.
    public var error: String?

    /// An evaluation made of these parts.
    public init(result: Double?, isPending: Bool, description: String, error: String?) {
        self.result = result
        self.isPending = isPending
        self.description = description
        self.error = error
    }

    /// The description followed by ` …` while pending and ` =` otherwise; "" for an empty program.
    public var descriptionLine: String {
        description.isEmpty ? "" : description + (isPending ? " …" : " =")
    }
}
