import Foundation
import Testing

/// A command that a crash ends says so in one line, as the app does (issue 49: `plot` and `points`
/// died of SIGILL with exit 132 and nothing on stderr). A crash is made from outside: the command
/// is stopped in `write(2)` on a pipe nobody reads, then sent the signal.
@Suite("The line a crash leaves")
struct CrashLineTests {
    static let script = """
        cd "$1" && mkfifo pipe || exit 90
        sleep 30 < pipe & reader=$!
        "$0" plot 'sin(x)' --size 3000x3000 --protocol sixel > pipe 2> err & pid=$!
        i=0
        until grep -q pipe_write /proc/$pid/wchan 2>/dev/null; do
            i=$((i + 1)); [ $i -gt 300 ] && { kill -9 $pid $reader; exit 91; }; sleep 0.05
        done
        kill -$2 $pid; wait $pid; echo "status $?"
        kill $reader 2>/dev/null
        cat err
        """

    @Test("plot stopped by a crash signal says which one, and exits with 128 + its number",
          arguments: [("ILL", 132), ("SEGV", 139), ("ABRT", 134)])
    func crashSignal(name: String, status: Int) throws {
        let folder = Paths.temporaryFolder()
        // The debug build's Swift backtracer returns from a signal sent by kill (a real fault comes
        // back); the release build, a static executable, has none. Without it the signal's own action ends the process.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let finished = try run("/bin/sh", ["-c", Self.script, Paths.gcview, folder.path, name],
                               environment: environment, timeout: 60)
        #expect(finished.stdout.hasPrefix("status \(status)\n"), "\(finished.stdout)")
        let lines = finished.stdout.split(separator: "\n")
        #expect(lines.dropFirst().first == "gcview: terminated by SIG\(name)", "\(finished.stdout)")
    }
}
