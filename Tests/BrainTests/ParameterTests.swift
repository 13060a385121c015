import Foundation
import Testing
@testable import Brain

/// Parameters: single lowercase letters in typed expressions (`sin(a x)`), recorded by the
/// program, described by name, and given values when evaluated or compiled. The expected values
/// are computed here with Foundation, never by the calculator.
@Suite("Parameters")
struct ParameterTests {
    struct ValueCase: CustomTestStringConvertible, Sendable {
        let text: String
        let values: [String: Double]
        let x: Double
        let truth: Double
        var testDescription: String { "\(text) with \(values.sorted { $0.key < $1.key }) at x = \(x)" }
    }

    static let values: [ValueCase] = [
        ValueCase(text: "sin(a x)", values: ["a": 2], x: 0.7, truth: sin(1.4)),
        ValueCase(text: "sin(ax)", values: ["a": 3], x: 0.7, truth: sin(2.1)),
        ValueCase(text: "a x^2 + b x + c", values: ["a": 2, "b": -3, "c": 5], x: 1.5, truth: 2 * 2.25 - 4.5 + 5),
        ValueCase(text: "k exp(-x/s)", values: ["k": 4, "s": 0.5], x: 1, truth: 4 * exp(-2)),
        ValueCase(text: "x^2 - k", values: ["k": 9], x: 3, truth: 0),
        ValueCase(text: "2ax", values: ["a": 5], x: 3, truth: 30),
        ValueCase(text: "a(x+1)", values: ["a": 5], x: 3, truth: 20),
        ValueCase(text: "m x + b", values: ["m": -2, "b": 7], x: 4, truth: -1),
        ValueCase(text: "a cos(x)", values: ["a": 3], x: 0.5, truth: 3 * cos(0.5)),
        // Known names win where they start: acos is arccos, exp is e^x, pi is π, sec is 1/cos.
        ValueCase(text: "acos(x)", values: ["a": 3], x: 0.5, truth: acos(0.5)),
        ValueCase(text: "exp(x) + pi", values: [:], x: 1, truth: M_E + Double.pi),
        ValueCase(text: "sec(x)", values: ["s": 7, "c": 7], x: 0.5, truth: 1 / cos(0.5)),
        ValueCase(text: "e a", values: ["a": 2], x: 0, truth: 2 * M_E),
        ValueCase(text: "√a + |b|", values: ["a": 16, "b": -3], x: 0, truth: 7),
    ]

    @Test("A parameter takes the value given, in evaluation and in the compiled function", arguments: values)
    func value(_ example: ValueCase) throws {
        let program = try #require(parsed(example.text))
        let evaluated = try #require(program.evaluate(at: example.x, using: example.values).result)
        #expect(agree(evaluated, example.truth), "evaluated \(evaluated)")
        let compiled = try #require(program.function(of: "M", using: example.values)(example.x))
        #expect(agree(compiled, example.truth), "compiled \(compiled)")
    }

    @Test("A parameter not given is 1, M not given is 0")
    func unsetValues() throws {
        let program = try #require(parsed("a x + b + x + 10"))
        #expect(program.evaluate().result == 11)
        #expect(program.evaluate(using: ["a": 3]).result == 11)
        let withX: Double? = program.evaluate(using: ["M": 2]).result
        #expect(withX == 15, "\(String(describing: withX?.bitPattern))")
        #expect(program.function(of: "M")(2) == 15)
    }

    @Test("Letters that touch are one unknown name, not a product; taken and uppercase letters are refused",
          arguments: [
              ("ab", "unknown name 'ab' (a parameter is one letter: a b, not ab) at column 1"),
              ("sni(x)", "unknown name 'sni' (a parameter is one letter: a b, not ab) at column 1"),
              ("2 arcsin(x)", "unknown name 'arc' (a parameter is one letter: a b, not ab) at column 3"),
              ("x + y", "unexpected 'y' (y is for an equation or inequality in x and y, with '=', '<', '>', '<=' or '>=': x^2 + y^2 = 9, y < sin(x)) at column 5"),
              ("t x", "unexpected 't' (t is the parameter of a curve written (f(t), g(t))) at column 1"),
              ("r", "unexpected 'r' (a polar curve is written r = f(θ)) at column 1"),
              ("A x", "unexpected 'A' (parameters are lowercase letters) at column 1"),
              ("2θ", "unexpected 'θ' (a polar curve is written r = f(θ)) at column 2"),
          ])
    func refusedLetters(text: String, message: String) {
        #expect(throws: ExpressionError.self) { try ExpressionParser.parse(text) }
        do {
            _ = try ExpressionParser.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("ax, a x and a*x are the same program")
    func adjacency() throws {
        let spaced = try #require(parsed("a x"))
        #expect(try #require(parsed("ax")) == spaced)
        #expect(try #require(parsed("a*x")) == spaced)
        #expect(try #require(parsed("xa")) != spaced)  // x × a: the same value, other steps
    }

    @Test("A program records the parameters its expression uses, in alphabetical order", arguments: [
        ("c + a x^2 + b x", ["a", "b", "c"]),
        ("sin(a x) + a", ["a"]),
        ("sin(x)", []),
        ("x e pi", []),
        ("k exp(-x/s)", ["k", "s"]),
    ])
    func recorded(text: String, names: [String]) throws {
        #expect(try #require(parsed(text)).parameters == names)
    }

    @Test("An operand the next one replaced is no parameter of the program")
    func replacedOperand() {
        let program = Program(steps: [.variable("a"), .variable("M")])
        #expect(program.parameters.isEmpty)
        #expect(Program(steps: [.variable("M"), .variable("a")]).parameters == ["a"])
    }

    @Test("The description prints parameters by name and reads back", arguments: [
        ("sin(a x)", "sin(a × M)"),
        ("a x^2 + b x + c", "a × (M ^ 2) + (b × M) + c"),
        ("k exp(-x/s)", "k × e^(-(M) ÷ s)"),
    ])
    func description(text: String, description: String) throws {
        let program = try #require(parsed(text))
        #expect(program.description == description)
        #expect(Program.equation(forDescription: program.description) == "y = " + description.replacing("M", with: "x"))
        let again = try ExpressionParser.parse(program.description)
        #expect(again.parameters == program.parameters)
        for x in [-1.5, 0.25, 2.0] {
            #expect(agree(again.evaluate(at: x, using: ["a": 2, "b": 3, "c": 4, "k": 5, "s": 0.5]).result,
                          program.evaluate(at: x, using: ["a": 2, "b": 3, "c": 4, "k": 5, "s": 0.5]).result))
        }
    }

    @Test("The compiled function fails exactly where evaluation does, deep programs (FlatProgram) too")
    func compiledAgrees() throws {
        let deep = "x" + String(repeating: " + a", count: 100)
        for text in ["1/(x - a)", "sqrt(a - x)", "ln(a x)", "a^x", deep, "mod(x, a)"] {
            let program = try #require(parsed(text))
            for a in [-2.0, 0, 0.5, 3] {
                let f = program.function(of: "M", using: ["a": a])
                for x in stride(from: -4.0, through: 4, by: 0.5) {
                    let evaluated = program.evaluate(at: x, using: ["a": a]).result
                    #expect(agree(f(x), evaluated), "\(text) with a = \(a) at x = \(x)")
                }
            }
        }
        let f = try #require(parsed(deep)).function(of: "M", using: ["a": 0.25])
        #expect(f(1) == 26)
    }

    @Test("Hostile values: NaN and infinity make every value undefined, 1e308 overflows where it should")
    func hostileValues() throws {
        let program = try #require(parsed("a x"))
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(program.function(of: "M", using: ["a": bad])(1) == nil)
            #expect(program.evaluate(at: 1, using: ["a": bad]).result == nil)
        }
        let huge = program.function(of: "M", using: ["a": 1e308])
        #expect(huge(1) == 1e308)
        #expect(huge(2) == nil)
        let nowhere = try #require(parsed("sqrt(-a^2 - 1)"))
        for a in [-1e308, -1, 0, 2, 1e308] {
            #expect(nowhere.function(of: "M", using: ["a": a])(0.5) == nil)
        }
    }

    @Test("Programs without parameters compile to the same function whatever values are given")
    func noParameters() throws {
        let program = try #require(parsed("sin(x) * x + 2"))
        let plain = program.function(of: "M"), given = program.function(of: "M", using: ["a": 5, "b": 1e308])
        for x in stride(from: -10.0, through: 10, by: 0.37) { #expect(plain(x) == given(x)) }
    }

    @Test("Parameters are stored as lowercase variables and round trip through JSON; old programs load unchanged")
    func json() throws {
        let program = try #require(parsed("sin(a x) + b"))
        let text = String(decoding: try program.jsonData(), as: UTF8.self)
        #expect(text == #"{"steps":["(","a","×","M",")","sin","+","b","="]}"#)
        #expect(try Program(jsonData: Data(text.utf8)) == program)
        let old = try Program(jsonData: Data(#"{"steps":["M","+",1,"=","√"]}"#.utf8))
        #expect(old.steps == [.variable("M"), .operation("+"), .number(1), .operation("="), .operation("√")])
        #expect(old.parameters.isEmpty)
        // y, t and θ are the coordinates of the other kinds of curve (`Relation`), so they load.
        for refused in ["x", "r", "ab"] {
            #expect(throws: ProgramError.unknownOperation(refused)) {
                try Program(jsonData: Data(#"{"steps":["\#(refused)"]}"#.utf8))
            }
        }
    }

    @Test("The parameters' values print as typed")
    func list() {
        #expect(Program.parameterList([("a", 2), ("b", 0.1), ("c", -1e-7)]) == "a = 2, b = 0.1, c = -1e-07")
    }
}
