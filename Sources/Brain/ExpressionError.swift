/// Why a typed expression could not be parsed, and where (1-based column).
public struct ExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, such as "expected ')'" or "unexpected 'y'".
    public var message: String
    /// The 1-based column (in characters) where it went wrong.
    public var column: Int

    /// An error with this message at this column.
    public init(_ message: String, at column: Int) {
        self.message = message
        self.column = column
    }

    /// The error for an expression with nothing in it.
    public static let empty = ExpressionError("empty expression", at: 1)

    /// The message with its column, such as "expected ')' at column 7"; just "empty expression" for that one.
    public var description: String {
        self == .empty ? message : "\(message) at column \(column)"
    }
}
