import Foundation
import Testing

/// Expressions past the parser's limits (length, nesting) are one line on stderr and exit 2,
/// from every command that takes one. The limits themselves are the parser's.
@Suite("Expression limits reach the user as one line")
struct ExpressionLimitTests {
    static let hostile: [(String, String)] = [
        ("100 000 (", String(repeating: "(", count: 100_000)),
        ("1 000 nested (1)", String(repeating: "(", count: 1_000) + "1" + String(repeating: ")", count: 1_000)),
        // Over the 100 000-character limit, under Linux's 128 KiB limit on one argument.
        ("120 001 characters", String(repeating: "1+", count: 60_000) + "1"),
    ]

    @Test("eval and plot refuse a hostile expression in one line, exit 2", arguments: hostile)
    func refused(name: String, expression: String) throws {
        for arguments in [["eval", expression], ["plot", "--size", "40x30", "--protocol", "unicode", "--", expression]] {
            let finished = try run(Paths.gcview, arguments, timeout: 20)
            #expect(finished.status == 2, "\(name) via \(arguments[0])")
            let lines = finished.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines.first?.hasPrefix("gcview: ") == true,
                    "\(name) via \(arguments[0]): \(finished.stderr.prefix(300))")
            #expect(finished.stdout.isEmpty)
        }
    }
}
