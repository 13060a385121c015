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

    /// The first word before `--` written as a long option: one this command does not know.
    var unknownOption: String? {
        beforeTerminator.first { $0.hasPrefix("--") }
    }
}
