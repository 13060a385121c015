import Foundation
import Testing
@testable import Brain

/// Programs as JSON: readable, round-tripping, and strict about bad input.
@Suite("Program JSON")
struct ProgramJSONTests {
    @Test("Steps encode readably")
    func readable() throws {
        let program = Program(steps: [.number(7), .operation("+"), .variable("M"), .operation("√"), .number(0.5)])
        let json = String(decoding: try program.jsonData(), as: UTF8.self)
        #expect(json == #"{"steps":[7,"+","M","√",0.5]}"#)
    }

    @Test("Round trips", arguments: ["7 + 9", "sqrt(9 + x) + 14", "2+3*4", "-x^2 / 3", "4π e", "rand", "x"])
    func roundTrip(text: String) throws {
        let program = try #require(parsed(text))
        let decoded = try Program(jsonData: program.jsonData())
        #expect(decoded == program)
    }

    @Test("Programs with the new functions round trip", arguments: [
        "floor(x) + ceil(x) - trunc(x) * round(x)", "sgn(x) + sinh(x) + cosh(x) + tanh(x)",
        "asinh(x) + acosh(x) + atanh(x) + log2(x)", "sec(x) + csc(x) + cot(x)", "gamma(x) + x! + (x+1)!",
        "mod(x, 3)", "2 + min(x, max(-x, 1))", "mod(7, -3) x",
    ])
    func newFunctionsRoundTrip(text: String) throws {
        let program = try #require(parsed(text))
        let decoded = try Program(jsonData: program.jsonData())
        #expect(decoded == program)
        #expect(decoded.description == program.description)
    }

    @Test("The new operations are stored by their symbols")
    func newSymbols() throws {
        let program = try #require(parsed("mod(x!, 3) + gamma(asinh(x) + 1)"))
        let json = String(decoding: try program.jsonData(), as: UTF8.self)
        #expect(json == #"{"steps":["M","x!","mod",3,"+","(","M","sinh⁻¹","+",1,")","Γ","="]}"#)
    }

    /// Programs as earlier versions saved them (state files, history): they load and mean what they meant.
    @Test("Programs saved before the new functions still load", arguments: [
        (#"{"steps":["(",9,"+","M",")","√","+",14,"="]}"#, "√(9 + M) + 14", 17.605551275463988),
        (#"{"steps":["M","sin","xʸ",2,"=","+","(","M","cos","x²",")","="]}"#, "sin(M) ^ 2 + ((cos(M))²)", 1),
        (#"{"steps":[2,"±","x³","|x|","∛","x⁻¹","eˣ","ln","10ˣ","log","sin⁻¹","cos⁻¹","tan⁻¹","×","π","÷","e","−",1,"="]}"#,
         "tan⁻¹(cos⁻¹(sin⁻¹(log(10^(ln(e^((∛(|(-(2))³|))⁻¹))))))) × π ÷ e − 1",
         atan(acos(asin(log10(pow(10, log(exp(1 / cbrt(abs(pow(-2, 3)))))))))) * Double.pi / M_E - 1),
    ])
    func oldProgramsLoad(json: String, description: String, value: Double) throws {
        let program = try Program(jsonData: Data(json.utf8))
        #expect(program.description == description)
        let result = try #require(program.evaluate(at: 4).result)
        #expect(agree(result, value), "got \(result)")
    }

    @Test("Keypad programs round trip")
    func keypadRoundTrip() throws {
        let program = keypad(after: "9 + M = √ + 1 4 =").program
        #expect(try Program(jsonData: program.jsonData()) == program)
    }

    @Test("Malformed JSON throws", arguments: [
        "", "{", "[]", #"{"steps":7}"#, #"{"stepz":[]}"#, #"{"steps":[true]}"#, #"{"steps":[[1]]}"#, "null",
    ])
    func malformed(json: String) {
        #expect {
            _ = try Program(jsonData: Data(json.utf8))
        } throws: { error in
            if case ProgramError.malformedJSON = error { true } else { false }
        }
    }

    @Test("Unknown operations throw", arguments: ["sech", "foo", "xx", "-", "MM"])
    func unknown(symbol: String) {
        let json = #"{"steps":[1,"\#(symbol)"]}"#
        #expect(throws: ProgramError.unknownOperation(symbol)) {
            _ = try Program(jsonData: Data(json.utf8))
        }
    }

    @Test("An empty program decodes")
    func empty() throws {
        #expect(try Program(jsonData: Data(#"{"steps":[]}"#.utf8)).isEmpty)
    }
}
