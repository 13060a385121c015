import ArgumentParser

/// The words a command captured after its options, split at the first `--`, which by
/// convention ends the options: everything after it is an operand, even `--x` or `-3`.
struct Operands {
    /// Words before `--` (all of them when there is none).
    let beforeTerminator: [String]
    /// Words after the first `--`.
    let afterTerminator: [String]

    /// Splits `captured`, in the order typed, at its first `--`.
    init(_ captured: [String]) {
        if let terminator = captured.firstIndex(of: "--") {
            beforeTerminator = Array(captured[..<terminator])
            afterTerminator = Array(captured[(terminator + 1)...])
        } else {
            beforeTerminator = captured
            afterTerminator = []
        }
    }

    /// Every operand, without the `--`.
    var words: [String] { beforeTerminator + afterTerminator }

    /// The words joined with spaces: the expression typed.
    var expression: String { words.joined(separator: " ") }

    /// Throws when no operand was given at all: `command` needs an expression, such as
    /// `example` (an operand given empty, `''`, is the parser's "empty expression").
    func requireExpression(for command: String, example: String) throws {
        guard words.isEmpty else { return }
        throw ValidationError("\(command) needs an expression, such as: gcview \(command) '\(example)'")
    }

    /// The first word before `--` written as a long option: one this command does not know.
    var unknownOption: String? {
        beforeTerminator.first { $0.hasPrefix("--") }
    }
}
