import Foundation
@testable import Brain
import Testing

/// Deep programs compile to a `FlatProgram`: the same values as `evaluate`, each repeated
/// subexpression computed once, and `rand` never shared.
@Suite("Flat programs")
struct FlatProgramTests {
    /// `term + term + …`, `count` times.
    static func sum(of term: String, count: Int) throws -> Program {
        try ExpressionParser.parse(Array(repeating: term, count: count).joined(separator: "+"))
    }

    @Test("A 14 000-term sum of sin(x) is 14 000·sin(x), and computes sin(x) once", arguments: [-7.5, -1, 0, 0.3, 2, 9.9])
    func repeatedSine(x: Double) throws {
        let program = try Self.sum(of: "sin(x)", count: 14_000)
        let value = try #require(program.function(of: "M")(x))
        #expect(abs(value - 14_000 * sin(x)) <= 1e-9 * 14_000)
        #expect(value == program.evaluate(at: x).result, "the same additions in the same order")
        let state = program.state
        let root = try #require(state.currentNode)
        let flat = FlatProgram(state.tree, order: state.tree.reachable(from: root), root: root, variables: ["M"])
        #expect(flat.instructionCount == 1 + 1 + 13_999, "x, sin(x) and the additions")
    }

    @Test("Deep chains of every kind agree with evaluate", arguments: [
        "x!", "sin(x)", "x*1.0001", "x/1.0001", "x-0.5", "sqrt(x+1)", "mod(x, 3)", "x^1",
    ])
    func deepChains(step: String) throws {
        // Each a chain 100 deep (beyond the nested closures' 64), applied to x again and again.
        var text = "x"
        for _ in 0..<100 { text = step.replacingOccurrences(of: "x", with: "(\(text))") }
        let program = try ExpressionParser.parse(text)
        let f = program.function(of: "M")
        for x in [-3.0, -1, 0, 0.5, 1, 2.5, 7] {
            #expect(f(x) == program.evaluate(at: x).result, "\(step) at \(x)")
        }
    }

    @Test("rand is drawn anew for each use, never shared")
    func randNotShared() {
        let steps: [Program.Step] = [.operation("rand"), .operation("−"), .operation("rand")]
            + Array(repeating: [Program.Step.operation("+"), .number(0)], count: 70).flatMap { $0 } + [.operation("=")]
        let f = Program(steps: steps).function(of: "M")
        let values = (0..<20).compactMap { _ in f(0) }
        #expect(values.count == 20)
        #expect(values.contains { $0 != 0 }, "rand − rand is not 0")
    }
}
