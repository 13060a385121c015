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
