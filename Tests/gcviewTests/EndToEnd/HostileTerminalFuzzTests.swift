import Foundation
import Testing

/// `scripts/fuzz-terminal` plays a hostile terminal against the real gcview in a pty: absurd
/// replies, windows from 0 to 65535 px and cells, pastes of several MiB, hostile state folders
/// and fonts, and every way to quit. CI runs a fixed seed's few hundred steps; the script runs
/// for as long as asked (`scripts/fuzz-terminal --steps 1000000`).
@Suite("A hostile terminal (pty fuzzer)", .needs(["/usr/bin/python3"]))
struct HostileTerminalFuzzTests {
    @Test("a fixed seed's hostile sessions end cleanly, nothing crashes, hangs or is damaged")
    func fixedSeed() throws {
        let script = Paths.root.appendingPathComponent("scripts/fuzz-terminal").path
        let finished = try run("/usr/bin/env", ["python3", script, "--steps", "600", "--seed", "26",
                                                "--binary", Paths.gcview, "--quiet"], timeout: 900)
        #expect(finished.status == 0, "\(finished.stdout)\(finished.stderr)")
        #expect(finished.stdout.contains("passed, 0 failed"), "\(finished.stdout)")
    }
}
