import Testing
@testable import Brain

/// The brain's own API: operands, variables, undo and program replacement.
@Suite("CalculatorBrain")
struct CalculatorBrainTests {
    @Test("Variables evaluate from the dictionary; unset is 0")
    func variables() throws {
        var brain = CalculatorBrain()
        brain.setOperand(9)
        try brain.performOperation("+")
        brain.setOperand(variable: "M")
        try brain.performOperation("=")
        try brain.performOperation("√")
        #expect(brain.evaluate().result == 3)
        #expect(brain.evaluate(using: ["M": 16]).result == 5)
        #expect(brain.evaluate(using: ["N": 16]).result == 3)
        #expect(brain.evaluate().description == "√(9 + M)")
        #expect(brain.evaluate().isPending == false)
    }

    @Test("Undo removes the last step")
    func undo() throws {
        var brain = CalculatorBrain()
        brain.setOperand(7)
        try brain.performOperation("+")
        brain.setOperand(9)
        try brain.performOperation("=")
        brain.undo()
        let evaluation = brain.evaluate()
        #expect(evaluation.isPending)
        #expect(evaluation.description == "7 + 9")
        #expect(evaluation.result == 9)
        brain.undo(); brain.undo(); brain.undo(); brain.undo()
        #expect(brain.program.isEmpty)
    }

    @Test("Setting the program replaces the brain's program")
    func replaceProgram() throws {
        var brain = CalculatorBrain()
        brain.setOperand(1)
        let program = try #require(parsed("2 * x"))
        brain.program = program
        #expect(brain.program == program)
        #expect(brain.evaluate(using: ["M": 4]).result == 8)
    }
}
