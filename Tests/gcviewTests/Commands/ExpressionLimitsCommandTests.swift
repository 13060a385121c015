import Foundation
import Testing

/// Hostile and huge expressions through `gcview eval` and `press`, run as a user runs them.
@Suite("eval and press limits, run as a user runs them")
struct ExpressionLimitsCommandTests {
    /// Requires one clean line on stderr, exit status 2 and nothing on stdout.
    func expectRefused(_ finished: Finished, saying text: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(finished.status == 2, sourceLocation: sourceLocation)
        #expect(finished.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(finished.stderr == "gcview: \(text)\n", sourceLocation: sourceLocation)
        let controls = finished.stderr.unicodeScalars.filter {
            $0 != "\n" && ($0.properties.generalCategory == .control || $0.properties.generalCategory == .format)
        }
        #expect(controls.isEmpty, "control characters reached the terminal", sourceLocation: sourceLocation)
    }

    @Test func hundredThousandOpenParenthesesAreRefused() throws {
        let finished = try gcview("eval", String(repeating: "(", count: 100_000))
        expectRefused(finished, saying: "nested more than 256 levels deep at column 257")
    }

    @Test func tooLongExpressionIsRefused() throws {
        let finished = try gcview("eval", String(repeating: "1+", count: 50_000) + "1")
        expectRefused(finished, saying: "expression too long: 100001 characters, at most 100000")
    }

    @Test func longRightNestedPowerEvaluates() throws {
        let finished = try gcview("eval", Array(repeating: "1", count: 20_000).joined(separator: "^"))
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stdout.hasPrefix("1\n1 ^ (1 ^ "))
    }

    @Test("Invisible characters are named, not echoed", arguments: [
        ("2*\u{1b}[31m", "unexpected U+001B at column 3"),
        ("x\u{202E}1", "unexpected U+202E at column 2"),
    ])
    func invisibleCharactersAreNamed(expression: String, message: String) throws {
        expectRefused(try gcview("eval", expression), saying: message)
    }

    @Test func unknownKeyWithAControlCharacterIsNamed() throws {
        expectRefused(try gcview("press", "7", "\u{1b}[2J"), saying: "unknown key U+001B '[2J'")
    }

    @Test("Descriptions read like the display and unambiguously", arguments: [
        ("1e15", "1e+15\n1000000000000000 =\n"),
        ("(-1)^x", "1\n(-(1)) ^ M =\n"),
    ])
    func descriptions(expression: String, output: String) throws {
        let finished = try gcview("eval", expression)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stdout == output)
    }

    @Test func fourThousandPressesFinish() throws {
        let keys = Array(repeating: ["1", "+"], count: 2_000).flatMap { $0 } + ["1", "="]
        let finished = try run(Paths.gcview, ["press"] + keys, timeout: 20)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stdout.hasPrefix("2001\n1 + 1 + "))
    }
}
