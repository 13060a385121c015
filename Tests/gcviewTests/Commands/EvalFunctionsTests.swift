import Foundation
import Testing

/// The functions of issue 12 through `gcview eval` and `gcview press`, as a user types them.
@Suite("eval and press with the new functions")
struct EvalFunctionsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var display: String
        var description: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test("Values, errors and descriptions", arguments: [
        Case(arguments: ["eval", "mod(7, -3)"], display: "-2", description: "mod(7, -(3)) ="),
        Case(arguments: ["eval", "--at", "-7", "mod(x, 3)"], display: "2", description: "mod(M, 3) ="),
        Case(arguments: ["eval", "floor(-2.5) + ceil(2.1) + trunc(-2.7) + round(2.5)"], display: "1",
             description: "floor(-(2.5)) + ceil(2.1) + trunc(-(2.7)) + round(2.5) ="),
        Case(arguments: ["eval", "sgn(-4) + min(1, 2) * max(1, 2)"], display: "1", description: "sign(-(4)) + (min(1, 2) × max(1, 2)) ="),
        Case(arguments: ["eval", "5! + gamma(0.5)^2"], display: "123.141593", description: "(5)! + (Γ(0.5) ^ 2) ="),
        Case(arguments: ["eval", "log2(1024) + cosh(0)"], display: "11", description: "log₂(1024) + cosh(0) ="),
        Case(arguments: ["eval", "acosh(0)"], display: "Error: cosh⁻¹ outside [1, ∞)", description: "cosh⁻¹(0) ="),
        Case(arguments: ["eval", "(-1)!"], display: "Error: factorial of a negative integer", description: "(-(1))! ="),
        Case(arguments: ["eval", "--at", "5", "mod(x, 0)"], display: "Error: mod by zero", description: "mod(M, 0) ="),
        Case(arguments: ["eval", "cot(0)"], display: "Error: cotangent undefined", description: "cot(0) ="),
        Case(arguments: ["press", "7", "mod", "3", "neg", "="], display: "-2", description: "mod(7, -(3)) ="),
        Case(arguments: ["press", "5", "!", "+", "2", "max", "9", "="], display: "122", description: "max((5)! + 2, 9) ="),
        Case(arguments: ["press", "0", "gamma"], display: "Error: Γ of a non-positive integer", description: "Γ(0) ="),
    ])
    func evaluates(_ example: Case) throws {
        let finished = try run(Paths.gcview, example.arguments)
        // An error value is printed as the calculator shows it, and the status says so.
        #expect(finished.status == (example.display.hasPrefix("Error:") ? 1 : 0), "\(finished.stderr)")
        #expect(finished.stderr.isEmpty)
        #expect(finished.stdout == example.display + "\n" + example.description + "\n")
    }

    @Test("A call with the wrong arguments is one line on stderr and exit status 2", arguments: [
        ("mod(7)", "gcview: expected ',' instead of ')' at column 6"),
        ("min(1, 2, 3)", "gcview: expected ')' instead of ',' at column 9"),
        ("2 mod 3", "gcview: expected '(' after 'mod' at column 7"),
    ])
    func badCall(expression: String, message: String) throws {
        let finished = try gcview("eval", expression)
        #expect(finished.status == 2)
        #expect(finished.stdout.isEmpty)
        #expect(finished.stderr == message + "\n")
    }
}
