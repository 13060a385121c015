@testable import App
@testable import Brain
import Foundation
import Testing
import TestSupport

/// Restoring the state file costs work linear in the file, and keeps every program the README
/// promises (up to `Program.maximumStepCount` steps). Work is counted in replayed steps, not timed.
@Suite("Restore cost: linear, and every program kept")
struct RestoreCostTests {
    /// A 998-step program worth `j·M + k + 496`: `j × M + k`, then `+ 1` 496 times, then `=`.
    static func longCurve(_ j: Int, _ k: Int) -> Program {
        let head: [Program.Step] = [.number(Double(j)), .operation("×"), .variable("M"), .operation("+"), .number(Double(k))]
        let tail = Array(repeating: [Program.Step.operation("+"), .number(1)], count: 496).flatMap { $0 }
        return Program(steps: head + tail + [.operation("=")])
    }

    /// Six long curves for graph `k`, oldest first.
    static func graph(_ k: Int) -> [Program] {
        (1...6).map { longCurve($0, k) }
    }

    /// A history entry of `programs` (oldest first), with a description the restore must ignore.
    static func entry(_ programs: [Program]) -> History.Entry {
        History.Entry(description: "\u{1B}[2J", program: programs[programs.count - 1], kept: Array(programs.dropLast()))
    }

    /// 400 entries, four for each graph k = 0…99: the graph; the graph with a second `=` ending its
    /// newest program (other steps, same reading); the graph again; and its curves in reverse order (a
    /// different reading).
    static let hostileHistory: [History.Entry] = (0..<100).flatMap { k -> [History.Entry] in
        let curves = graph(k)
        var ended = curves
        ended[5].steps.append(.operation("="))
        return [entry(curves), entry(ended), entry(curves), entry(curves.reversed())]
    }

    static func state(history: [History.Entry]) -> SavedState {
        SavedState(calculator: SavedState.Calculator(program: Program()), history: history)
    }

    @Test("Entries that read the same collapse to the first, in order, up to the capacity")
    func deduplication() throws {
        let restored = AppModel(restoring: Self.state(history: Self.hostileHistory), pane: Panes.full)
        let entries = restored.history.entries
        #expect(entries.count == History.capacity)
        // Graphs 0…49, each as itself and then reversed; the `=` variant and the copy are dropped.
        for (index, entry) in entries.enumerated() {
            let k = index / 2
            #expect(entry.programs == (index.isMultiple(of: 2) ? Self.graph(k) : Self.graph(k).reversed()),
                    "entry \(index)")
        }
        // Each curve is what it computes: j·M + k + 496.
        let second = try #require(entries.dropFirst().first)
        let values: [Double?] = second.programs.map { $0.evaluate(at: 10).result }
        let expected: [Double?] = [6, 5, 4, 3, 2, 1].map { j in Double(j * 10 + 496) }
        #expect(values == expected)
        let escaped = entries.filter { $0.description.contains("\u{1B}") }
        #expect(escaped.isEmpty, "descriptions are recomputed")
    }

    @Test("Restoring a history of long programs replays each step a bounded number of times")
    func restoreIsLinear() {
        let history = Self.hostileHistory
        let stepsInFile = history.reduce(0) { $0 + $1.programs.reduce(0) { $0 + $1.steps.count } }
        let counter = StepCounter()
        let restored = StepCounter.$current.withValue(counter) {
            AppModel(restoring: Self.state(history: history), pane: Panes.full)
        }
        #expect(restored.history.entries.count == History.capacity)
        // Linear: a few replays of each step in the file (checking, describing, reading). The
        // quadratic restore described every kept entry again for each new one: ~100 times more.
        #expect(counter.value <= 2 * stepsInFile, "\(counter.value) steps replayed for \(stepsInFile) in the file")
    }

    @Test("De-duplication asks for each candidate's reading once, and stops when the history is full")
    func readingsAskedOnce() {
        var asked = 0
        let history = History(deduplicating: Self.hostileHistory) { entry in
            asked += 1
            return History.reading(of: entry)
        }
        #expect(history.entries.count == History.capacity)
        // The 100th distinct reading is graph 49 reversed, the 200th candidate.
        #expect(asked == 200)
        #expect(history.readings == history.entries.map(History.reading(of:)))
    }

    @Test("Recording a graph describes none of the programs already in the history")
    func recordDescribesOnlyTheNewGraph() {
        var history = History(entries: Self.hostileHistory.enumerated().filter { $0.offset % 4 == 0 }.map(\.element))
        #expect(history.entries.count == History.capacity)
        let newest = Self.graph(500).map({ GraphedProgram(program: $0) })
        let again = Self.graph(7).map({ GraphedProgram(program: $0) })
        let counter = StepCounter()
        StepCounter.$current.withValue(counter) {
            history.record(newest)
            history.record(again)
        }
        #expect(counter.value == 0, "\(counter.value) steps replayed")
        #expect(history.entries.count == History.capacity)
        #expect(history.entries.prefix(2).map(\.programs) == [Self.graph(7), Self.graph(500)])
        #expect(history.entries.filter { $0.programs == Self.graph(7) }.count == 1, "the older copy is gone")
        #expect(history.readings == history.entries.map(History.reading(of:)))
    }

    // MARK: The longest programs

    /// `M + M + … + M =`, 100 000 terms in 200 000 steps: 100 000·M.
    static let longSum = Program(steps: [.variable("M")]
        + Array(repeating: [Program.Step.operation("+"), .variable("M")], count: 99_999).flatMap { $0 }
        + [.operation("=")])

    /// sin(sin(…sin(M)…)), 199 999 deep, pressed on the keypad.
    static func nestedSine() -> Program {
        var pad = Keypad()
        pad.press(.variable)
        for _ in 1..<Program.maximumStepCount { pad.press(.operation("sin")) }
        return pad.program
    }

    /// What a restored model of the longest programs reports, computed where it was restored.
    struct Restored: Sendable, Equatable {
        var calculatorSteps = 0
        var calculatorResult: Double?
        var stepsAfterUndo = 0
        var graphSteps = 0
        var graphValues: [Double?] = []
        var keptValues: [Double?] = []
        var sines = 0
        var historyPrograms: [[Int]] = []
        var savesTheSame = false
    }

    @Test("Programs of 200 000 steps restore and compute as before, on a 512 KiB stack")
    func longestProgramsRestore() throws {
        let sum = Self.longSum, nested = Self.nestedSine()
        #expect(sum.steps.count == Program.maximumStepCount && nested.steps.count == Program.maximumStepCount)
        let xs = [-2.0, 0.5, 3]
        let nestedBefore = xs.map(nested.function(of: "M"))
        // The longest file these fit in under the 4 MiB limit: each program once or twice.
        var saved = Self.state(history: [History.Entry(description: sum.description, program: sum)])
        saved.calculator.program = sum
        saved.calculator.memory = 2
        saved.graph = SavedState.Graph(program: nested, scaleX: 50, scaleY: 50, originFromCentreX: 0, originFromCentreY: 0,
                                       isFullScreen: true, kept: [sum])
        let json = try JSONEncoder().encode(saved)
        #expect(json.count < 4 << 20, "the file is under the 4 MiB limit")

        let restored = SmallStack.run { () -> Restored? in
            guard let decoded = try? JSONDecoder().decode(SavedState.self, from: json) else { return nil }
            var model = AppModel(restoring: decoded, pane: Panes.full)
            var report = Restored()
            report.calculatorSteps = model.keypad.program.steps.count
            report.calculatorResult = model.keypad.evaluation.result
            report.graphSteps = model.graphed?.program.steps.count ?? 0
            report.graphValues = xs.map { x in model.graphed.flatMap { $0.function(x) } }
            report.keptValues = xs.map { x in model.keptCurves.first.flatMap { $0.function(x) } }
            report.sines = model.graphed?.description.components(separatedBy: "sin(").count ?? 0
            report.historyPrograms = model.history.entries.map { $0.programs.map(\.steps.count) }
            report.savesTheSame = model.savedState(pane: Panes.full, theme: nil) == decoded
            model.keypad.press(.backspace)
            report.stepsAfterUndo = model.keypad.program.steps.count
            return report
        }
        let report = try #require(restored, "the saved state decodes")
        #expect(report.calculatorSteps == Program.maximumStepCount)
        #expect(report.calculatorResult == 200_000, "100 000 · M with M = 2")
        #expect(report.stepsAfterUndo == Program.maximumStepCount - 1)
        #expect(report.graphSteps == Program.maximumStepCount)
        #expect(report.graphValues == nestedBefore)
        #expect(report.keptValues == xs.map { 100_000 * $0 })
        #expect(report.sines - 1 == Program.maximumStepCount - 1, "one sin( for each sin step")
        #expect(report.historyPrograms == [[Program.maximumStepCount]])
        #expect(report.savesTheSame)
    }
}
