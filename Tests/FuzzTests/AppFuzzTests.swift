@testable import App
import Foundation
import Glyphs
import Terminal
import Testing

/// Model-based fuzzing of the whole interactive app: seeded random keys, typed and pasted text
/// with control characters, clicks, drags, wheel, double clicks, resizes, popover, fit, history and
/// the expression line, over hostile functions, in every protocol; every frame is checked.
///
/// `GCVIEW_FUZZ_ACTIONS` sets the actions per protocol (default: 20 for each function of the corpus),
/// `GCVIEW_FUZZ_SEED` the first sequence's seed, `GCVIEW_FUZZ_VERBOSE` prints each step before its frame.
@Suite("AppFuzzTests")
struct AppFuzzTests {
    static let environment = ProcessInfo.processInfo.environment

    /// Total actions per protocol.
    static var actions: Int {
        environment["GCVIEW_FUZZ_ACTIONS"].flatMap { Int($0) }.map { max($0, 1) }
            ?? HostileFunctions.corpus.count * AppFuzzer.sequenceLength
    }

    /// The seed of the first sequence; sequence k uses seed + k, which graphs function (seed + k) mod corpus size.
    static var seed: UInt64 { environment["GCVIEW_FUZZ_SEED"].flatMap { UInt64($0) } ?? 13 }

    @Test("The corpus has at least 40 hostile functions, each of which the expression line takes, as are the scenarios' curves")
    func corpus() throws {
        #expect(HostileFunctions.corpus.count >= 40)
        // The scenarios' curves too: one the line refused (over 200 characters) would test nothing.
        let scenarios = HostileFunctions.strictInequalities + HostileFunctions.shortAndLong.flatMap { [$0.short, $0.long] }
        for text in HostileFunctions.corpus + scenarios {
            var model = AppModel()
            model.apply(.openExpressionLine, graphPane: nil)
            model.apply(.editExpression(.insert(text)), graphPane: nil)
            model.apply(.editExpression(.submit), graphPane: nil)
            #expect(model.overlay == nil, "\(text) was not accepted")
            // An inequality is graphed as typed (the keypad cannot hold it); a y(x) curve waits for g.
            #expect(model.canGraph || model.graphed != nil, "\(text) cannot be graphed")
        }
    }

    @Test("Random sessions keep every frame well formed and the camera finite",
          .serialized, arguments: GraphicsProtocol.allCases)
    func randomSessions(_ graphicsProtocol: GraphicsProtocol) {
        let glyphs = try? FreeTypeGlyphs.system()
        let environment = Self.environment
        let avoided = Set((environment["GCVIEW_FUZZ_AVOID"] ?? "").split(separator: ",").map(String.init))
        let length = min(Self.actions, AppFuzzer.sequenceLength)
        let sequences = (Self.actions + length - 1) / length
        var failures = [AppFuzzer.Failure]()
        for index in 0..<sequences {
            var fuzzer = AppFuzzer(seed: Self.seed &+ UInt64(index), graphicsProtocol: graphicsProtocol, glyphs: glyphs)
            fuzzer.avoided = avoided
            fuzzer.isVerbose = environment["GCVIEW_FUZZ_VERBOSE"] != nil
            if let failure = fuzzer.run(length: length) { failures.append(failure) }
        }
        for failure in failures.prefix(5) { Issue.record("\(failure)") }
        let failedSeeds = failures.map(\.seed)
        #expect(failedSeeds.isEmpty, "\(failedSeeds.count) of \(sequences) sequences failed")
    }
}
