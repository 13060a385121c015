// libFuzzer entry point for the saved state, compiled by scripts/fuzz with Brain and the
// App's persistence files (SavedState, History, GraphedProgram, StateStore): the input is
// loaded exactly as the app loads its state file.
import Brain
import Foundation

/// A state file in a private temporary folder, rewritten for every input.
private let folder: String = {
    let path = NSTemporaryDirectory() + "gcview-fuzz-state-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()
private let path = folder + "/state.json"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSavedState(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    FileManager.default.createFile(atPath: path, contents: Data(UnsafeBufferPointer(start: start, count: count)))
    switch StateStore(path: path).load() {
    case .state(let state):
        let programs = [state.calculator.program] + (state.graph.map { [$0.program] } ?? []) + state.history.map(\.program)
        for program in programs {
            let graphed = GraphedProgram(program: program)
            _ = graphed.function(0.5)
            _ = program.evaluate(at: 0.5)
            _ = program.infixExpression
        }
    case .unreadable(_, let setAside):
        if let setAside { unlink(setAside) }
    case .nothing:
        break
    }
    unlink(path)
    return 0
}
