import Foundation
import Tabular
import TestSupport
import Testing

/// Numbers in the notations data files use, read against hand-written values and Python's float.
@Suite("Tabular: numbers")
struct NumberTests {
    static func cell(_ text: String, decimalComma: Bool = false) -> CellValue {
        Array(text.utf8).withUnsafeBufferPointer { NumberParser.cell($0, decimalComma: decimalComma) }
    }

    @Test("Every common notation", arguments: [
        ("1", 1.0), ("-1.5", -1.5), ("1e3", 1000), (".5", 0.5), ("5.", 5), ("+2", 2), ("007", 7),
        ("2.5E-7", 2.5e-7), (" 3 ", 3), ("1e308", 1e308), ("-1e308", -1e308), ("0.1", 0.1),
        ("123456789012345678901234", 123456789012345678901234.0), ("4.9e-324", 4.9e-324),
        ("9007199254740993", 9007199254740992), ("-0", -0.0),
    ])
    func notations(text: String, value: Double) {
        #expect(Self.cell(text) == .number(value))
    }

    @Test("Gaps and text", arguments: [
        ("", CellValue.gap), ("NA", .gap), ("n/a", .gap), ("NaN", .gap), ("null", .gap), ("-", .gap),
        ("1e999", .gap), ("inf", .gap), ("abc", .text), ("1,000", .text), ("1_000", .text), ("0x10", .text),
        ("1e", .text), (".", .text), ("--1", .text), ("1.2.3", .text), ("1 2", .text),
    ])
    func notNumbers(text: String, value: CellValue) {
        #expect(Self.cell(text) == value)
    }

    @Test("A decimal comma only when asked for")
    func decimalComma() {
        #expect(Self.cell("1,5", decimalComma: true) == .number(1.5))
        #expect(Self.cell("1,5") == .text)
    }

    @Test("The fast path and strtod agree with Python's float, bit for bit, on random numbers")
    func againstPython() throws {
        var random = SplitMix64(seed: 52)
        var texts: [String] = []
        for _ in 0..<20_000 {
            let digits = String((0..<Int.random(in: 1...22, using: &random)).map { _ in random.pick(Array("0123456789")) })
            let point = Int.random(in: 0...digits.count, using: &random)
            var text = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            if random.chance(0.5) { text += "e\(Int.random(in: -330...310, using: &random))" }
            if random.chance(0.3) { text = "-" + text }
            texts.append(text)
        }
        let script = "import sys\nfor line in sys.stdin: print(float(line).hex())"
        let expected = String(decoding: try Python.run(script, input: Data(texts.joined(separator: "\n").utf8)),
                              as: UTF8.self).split(separator: "\n")
        #expect(expected.count == texts.count)
        var mismatches = 0
        for (text, hex) in zip(texts, expected) {
            let value = Array(text.utf8).withUnsafeBufferPointer { NumberParser.number($0) }
            let reference = Array(text.utf8).withUnsafeBufferPointer { NumberParser.strtodValue($0) }
            let python = Double(String(hex))
                ?? (hex.hasPrefix("-") ? -Double.infinity : Double.infinity)
            if value != python || reference != python {
                mismatches += 1
                if mismatches < 5 { Issue.record("\(text): \(String(describing: value)) vs python \(hex)") }
            }
        }
        #expect(mismatches == 0)
    }
}
