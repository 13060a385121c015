import Foundation
import Testing
import TestSupport
@testable import Brain

@Suite("Properties")
struct PropertyTests {
    static let points: [Double] = [-2.5, -1, 0, 0.5, 1, 3]

    @Test("A parsed expression has the value of the expression it was printed from")
    func parsedValueMatchesTree() {
        SeedSweep.forEach(300) { seed in
            var rng = SplitMix64(seed: seed)
            let tree = RandomExpression.random(depth: 4, using: &rng)
            for fully in [false, true] {
                let text = tree.text(fullyParenthesized: fully)
                guard let program = parsed(text) else { return }
                for x in Self.points {
                    let expected = tree.value(at: x)
                    let evaluation = program.evaluate(at: x)
                    // Both ways: a value where the oracle has one, an error where it has none.
                    #expect(agree(expected, evaluation.result), "\(text) at \(x): \(String(describing: evaluation.error))")
                    #expect((evaluation.error == nil) == (expected != nil), "\(text) at \(x)")
                }
            }
        }
    }

    @Test("Printing a parsed expression and parsing it again gives the same program and value")
    func infixRoundTrip() {
        SeedSweep.forEach(300) { seed in
            var rng = SplitMix64(seed: seed)
            let text = RandomExpression.random(depth: 4, using: &rng).text(fullyParenthesized: Bool.random(using: &rng))
            guard let first = parsed(text) else { return }
            let printed = first.infixExpression
            guard let second = parsed(printed) else { return }
            #expect(second == first, "\(text) → \(printed)")
            for x in Self.points {
                #expect(agree(first.evaluate(at: x).result, second.evaluate(at: x).result), "\(printed) at \(x)")
            }
        }
    }

    @Test("Keypad programs print as expressions with the same value")
    func keypadInfix() {
        let keys = Operations.symbols.filter { $0 != "rand" } + ["M", "M", "1", "2", "3", "7", "0", "0.5"]
        SeedSweep.forEach(300) { seed in
            var rng = SplitMix64(seed: seed)
            let sequence = (0..<Int.random(in: 1...12, using: &rng))
                .map { _ in keys.randomElement(using: &rng) ?? "1" }.joined(separator: " ")
            let program = keypad(after: sequence).program
            let printed = program.infixExpression
            // Only a program with nothing to show (empty, or `(` alone) prints as "".
            let showsSomething = Self.points.contains {
                let evaluation = program.evaluate(at: $0)
                return evaluation.result != nil || evaluation.error != nil
            }
            guard showsSomething else {
                #expect(printed.isEmpty, "\(sequence) → \(printed)")
                return
            }
            guard let reparsed = parsed(printed) else { return }
            for x in Self.points {
                let original = program.evaluate(at: x).result
                let again = reparsed.evaluate(at: x).result
                #expect(agree(original, again, tolerance: 1e-6), "\(sequence) → \(printed) at \(x)")
            }
        }
    }

    @Test("A description parsed back has the value of the expression it describes")
    func descriptionRoundTrip() {
        SeedSweep.forEach(300) { seed in
            var rng = SplitMix64(seed: seed)
            let text = RandomExpression.random(depth: 4, using: &rng).text(fullyParenthesized: Bool.random(using: &rng))
            guard let program = parsed(text) else { return }
            let description = program.description
            guard let reparsed = parsed(description) else { return }
            for x in Self.points {
                // e^(x) reads back as a power of e, so allow a rounding difference.
                #expect(agree(program.evaluate(at: x).result, reparsed.evaluate(at: x).result, tolerance: 1e-9),
                        "\(text) → \(description) at \(x)")
            }
        }
    }

    /// Only `exp` prints as something else, `e^(x)`, which reads back as a power of e.
    @Test("A description parsed back is the same program, exp aside")
    func descriptionReadsBackAsTheSameProgram() {
        SeedSweep.forEach(300) { seed in
            var rng = SplitMix64(seed: seed)
            let text = RandomExpression.random(depth: 4, using: &rng).text(fullyParenthesized: Bool.random(using: &rng))
            guard !text.contains("exp("), let program = parsed(text) else { return }
            guard let reparsed = parsed(program.description) else { return }
            #expect(reparsed == program, "\(text) → \(program.description)")
        }
    }

    @Test("The compiled function agrees with evaluate on random expressions")
    func compiledAgrees() {
        SeedSweep.forEach(200) { seed in
            var rng = SplitMix64(seed: seed)
            let text = RandomExpression.random(depth: 4, using: &rng).text(fullyParenthesized: false)
            guard let program = parsed(text) else { return }
            let f = program.function(of: "M")
            for x in Self.points {
                #expect(f(x) == program.evaluate(at: x).result, "\(text) at \(x)")
            }
        }
    }

    @Test("JSON round trips keep random programs")
    func jsonRoundTrip() {
        SeedSweep.forEach(100) { seed in
            var rng = SplitMix64(seed: seed)
            let text = RandomExpression.random(depth: 4, using: &rng).text(fullyParenthesized: false)
            guard let program = parsed(text) else { return }
            do {
                #expect(try Program(jsonData: program.jsonData()) == program)
            } catch {
                Issue.record("\(text): \(error)")
            }
        }
    }
}
