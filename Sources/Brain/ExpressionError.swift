/// Why a typed expression could not be parsed, and where (1-based column).
package struct ExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, such as "expected ')'" or "unexpected 'y'".
    package var message: String
    /// The 1-based column (in characters) where it went wrong.
    package var column: Int

    /// An error with this message at this column.
    package init(_ message: String, at column: Int) {
        self.message = message
        self.column = column
    }

    /// The error for an expression with nothing in it.
    package static let empty = ExpressionError("empty expression", at: 1)

    /// The error for an expression longer than `ExpressionParser.maximumLength`.
    package static func tooLong(characters: Int) -> ExpressionError {
        ExpressionError("expression too long: \(characters) characters, at most \(ExpressionParser.maximumLength)", at: 0)
    }

    /// The error for nesting deeper than `ExpressionParser.maximumNesting`, where it happens.
    package static func nestedTooDeeply(at column: Int) -> ExpressionError {
        ExpressionError("nested more than \(ExpressionParser.maximumNesting) levels deep", at: column)
    }

    /// The error for an expression that needs more than `Program.maximumStepCount` steps.
    package static func tooManySteps(_ count: Int) -> ExpressionError {
        ExpressionError("expression too long: \(count) program steps, at most \(Program.maximumStepCount)", at: 0)
    }

    /// The message with its column, such as "expected ')' at column 7"; just the message for
    /// errors about the whole expression (empty, too long).
    package var description: String {
        column < 1 || self == .empty ? message : "\(message) at column \(column)"
    }
}
