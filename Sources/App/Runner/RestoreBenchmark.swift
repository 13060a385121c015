import Brain
import FoundationEssentials

/// Measures restoring a large but valid state file: its JSON decoded and a model restored from
/// it, as the app does at launch (without the file system).
package struct RestoreBenchmark {
    /// What was measured.
    package struct Report: Sendable {
        /// The history entries in the file, their curves, and the steps of each curve.
        package var entriesInFile: Int
        package var curves: Int
        package var stepsPerCurve: Int
        /// The file's size in bytes.
        package var fileBytes: Int
        /// The entries the restored history kept.
        package var entriesKept: Int
        /// Each run's time decoding the JSON, and then restoring the model from it, sorted.
        package var decodeTimes: [Duration]
        package var restoreTimes: [Duration]
    }

    /// History entries in the file: every graph four times, so all of them are read and compared.
    package var entries = 400
    /// Curves per entry.
    package var curves = AppModel.maximumCurves
    /// Restores timed.
    package var runs: Int

    package init(runs: Int) {
        self.runs = runs
    }

    /// Decodes and restores the file `runs` times.
    package func run() throws -> Report {
        let data = try JSONEncoder().encode(state())
        let clock = ContinuousClock()
        var decodeTimes: [Duration] = [], restoreTimes: [Duration] = []
        var kept = 0
        for _ in 0..<max(runs, 1) {
            let start = clock.now
            let saved = try JSONDecoder().decode(SavedState.self, from: data)
            let decoded = clock.now
            let model = AppModel(restoring: saved, pane: nil)
            restoreTimes.append(decoded.duration(to: clock.now))
            decodeTimes.append(start.duration(to: decoded))
            kept = model.history.entries.count
        }
        return Report(entriesInFile: entries, curves: curves, stepsPerCurve: Self.curve(1, 1).steps.count,
                      fileBytes: data.count, entriesKept: kept,
                      decodeTimes: decodeTimes.sorted(), restoreTimes: restoreTimes.sorted())
    }

    /// The state: `entries` graphs of `curves` long curves, a hundred distinct ones repeated.
    func state() -> SavedState {
        let history = (0..<entries).map { index -> History.Entry in
            let k = index % History.capacity
            let programs = (1...curves).map { Self.curve($0, k) }
            return History.Entry(description: "", program: programs[programs.count - 1], kept: Array(programs.dropLast()))
        }
        return SavedState(calculator: SavedState.Calculator(program: Program()), history: history)
    }

    /// `j × sin(M) + k + k + … =`: 999 steps.
    static func curve(_ j: Int, _ k: Int) -> Program {
        let head: [Program.Step] = [.number(Double(j)), .operation("×"), .variable(Coordinates.xVariable), .operation("sin")]
        let terms = Array(repeating: [Program.Step.operation("+"), .number(Double(k))], count: 497).flatMap { $0 }
        return Program(steps: head + terms + [.operation("=")])
    }
}
