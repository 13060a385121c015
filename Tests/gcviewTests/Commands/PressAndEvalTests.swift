import Foundation
import Testing

@Suite("press and eval, run as a user runs them")
struct PressAndEvalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var keys: [String]
        var display: String
        var description: String
        var testDescription: String { keys.joined(separator: " ") }
    }

    @Test("press prints the display, then the description", arguments: [
        Case(keys: ["7", "+"], display: "7", description: "7 + …"),
        Case(keys: ["7", "+", "9", "=", "sqrt"], display: "4", description: "√(7 + 9) ="),
        Case(keys: ["7", "+", "9", "√"], display: "3", description: "7 + √(9) …"),
        Case(keys: ["4", "*", "pi", "="], display: "12.566371", description: "4 × π ="),
        Case(keys: ["5", "+", "6", "=", "73"], display: "73", description: "5 + 6 ="),
        Case(keys: ["9", "+", "M", "=", "sqrt", "7", "->M"], display: "4", description: "√(9 + M) ="),
        Case(keys: ["1", "/", "0", "="], display: "Error: division by zero", description: "1 ÷ 0 ="),
        Case(keys: ["35", "undo"], display: "3", description: ""),
    ])
    func press(_ example: Case) throws {
        let finished = try run(Paths.gcview, ["press"] + example.keys)
        #expect(finished.status == (example.display.hasPrefix("Error:") ? 1 : 0), "\(finished.stderr)")
        #expect(finished.stderr.isEmpty)
        #expect(finished.stdout == example.display + "\n" + example.description + "\n")
    }

    @Test func pressJSONIsOneObject() throws {
        let finished = try gcview("press", "--json", "7", "+", "9", "=")
        #expect(finished.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: finished.stdoutBytes) as? [String: Any])
        #expect(object["display"] as? String == "16")
        #expect(object["description"] as? String == "7 + 9")
        #expect(object["pending"] as? Bool == false)
        #expect(object["result"] as? Double == 16)
        #expect(object["error"] is NSNull)
    }

    @Test func evalUsesTheValueOfX() throws {
        let finished = try gcview("eval", "--at", "3", "2x^2 - 3")
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stdout.split(separator: "\n").first == "15")
    }

    @Test func evalJSONReportsErrors() throws {
        let finished = try gcview("eval", "--json", "sqrt(-1)")
        #expect(finished.status == 1, "an error value, printed, with status 1")
        #expect(finished.stderr.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: finished.stdoutBytes) as? [String: Any])
        #expect(object["result"] is NSNull)
        #expect((object["error"] as? String)?.hasPrefix("Error:") == true)
    }

    @Test("bad input is one line on stderr and exit status 2", arguments: [
        ["press", "7", "frobnicate"],
        ["eval", "2 * (3 + 4"],
        ["eval", "2 +"],
        ["eval", "\u{1b}[31mred"],
    ])
    func badInput(_ arguments: [String]) throws {
        let finished = try run(Paths.gcview, arguments)
        #expect(finished.status == 2)
        #expect(finished.stdout.isEmpty)
        let lines = finished.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(finished.stderr)")
        #expect(lines.first?.hasPrefix("gcview: ") == true)
        #expect(!finished.stderr.contains("\u{1b}"), "control characters reached the terminal")
    }

    @Test func unknownKeyIsNamed() throws {
        let finished = try gcview("press", "7", "frobnicate")
        #expect(finished.stderr.contains("frobnicate"))
    }

    /// eval evaluates an expression in x only: a relation is told so, with what eval accepts and
    /// that plot draws it, never that it lacks an '=' or '<' it has (issue 49).
    @Test(arguments: ["y > 1/x", "x^2 + y^2 = 9", "y <= sin(x)", "x < 2", "(cos(t), sin(t))", "r = cos(3θ)"])
    func evalSaysWhatItAcceptsForARelation(_ relation: String) throws {
        let finished = try gcview("eval", relation)
        #expect(finished.status == 2)
        let lines = finished.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(finished.stderr)")
        let message = finished.stderr
        #expect(message.contains("eval evaluates an expression in x"), "\(message)")
        #expect(message.contains("gcview plot"), "\(message)")
        #expect(!message.contains("needs '=' or '<'"), "\(message)")
    }

    @Test func parseErrorsNameTheColumn() throws {
        let finished = try gcview("eval", "2 * (3 + 4")
        #expect(finished.stderr.contains("column"))
    }
}
