import Foundation
import TestSupport

/// The result of running a program to completion.
struct Finished {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: Data
}

/// Paths the tests need: the package root and the built gcview binary.
enum Paths {
    /// The package's root folder.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The gcview binary built beside this test bundle.
    static let built: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [beside, beside.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("gcview").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return root.appendingPathComponent(".build/debug/gcview").path
    }()

    /// The gcview the end-to-end tests run: a copy of `built` in a folder every user can enter.
    ///
    /// Some terminals run as `nobody` (foot under sway), and a clone may live where `nobody`
    /// cannot go (a 0700 home, `/root`, a `mktemp -d` folder), so the binary is copied once per
    /// test run, not run from the build folder. If the copy cannot be made, the build's own path
    /// is used and the tests that need `nobody` say why they fail.
    ///
    /// `swift test` runs the tests with NO_COLOR=1 when its output is not a terminal, and every
    /// program a test starts (a terminal, tmux, gcview) would inherit it: gcview would write its
    /// text without colour. The tests run gcview as a shell without NO_COLOR does, so it is unset
    /// here, before any test names the binary; a test of NO_COLOR sets it for its own runs.
    static let gcview: String = {
        runsWithoutNoColor
        return (try? reachableByEveryone(copyOf: built)) ?? built
    }()

    /// Unsets `NO_COLOR` in the test process, once, before any gcview is named: every way a test
    /// names one (this copy, `StaticGcview` for the chroot) goes through it, so a suite run alone
    /// sees gcview in colour as the whole run does.
    static let runsWithoutNoColor: Void = { unsetenv("NO_COLOR") }()

    /// Copies the executable at `path` into a new temporary folder that every user may enter,
    /// as a file every user may run, and returns the copy's path; the folder is removed at exit.
    static func reachableByEveryone(copyOf path: String) throws -> String {
        let files = FileManager.default
        guard everyoneCanEnter(temporaryBase) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporaryBase.path])
        }
        let folder = temporaryBase.appendingPathComponent("gcview-bin-\(UUID().uuidString)")
        try files.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let copy = folder.appendingPathComponent("gcview")
        try copyProgram(path, to: copy.path)
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        RemovedAtExit.remove(folder)
        return copy.path
    }

    /// Whether every folder from the root down to `folder` lets other users through (o+x).
    static func everyoneCanEnter(_ folder: URL) -> Bool {
        var path = folder.standardizedFileURL.resolvingSymlinksInPath()
        while true {
            guard let mode = try? FileManager.default.attributesOfItem(atPath: path.path)[.posixPermissions] as? Int,
                  mode & 0o001 != 0 else { return false }
            if path.path == "/" { return true }
            path = path.deletingLastPathComponent()
        }
    }

    /// Where temporary folders go: TMPDIR when every user can enter it (terminals run as `nobody`
    /// read there), else /tmp.
    static let temporaryBase: URL = {
        let own = FileManager.default.temporaryDirectory
        return everyoneCanEnter(own) ? own : URL(fileURLWithPath: "/tmp")
    }()

    /// A new empty temporary folder, removed when the test process exits.
    static func temporaryFolder() -> URL {
        RemovedAtExit.folder(named: "gcview-test", in: temporaryBase)
    }
}

/// Copies the program at `source` to `destination` with cp(1), in a process of its own: a copy
/// written by this process would be open for writing while other tests start children, which
/// could keep it open, and running it then fails with ETXTBSY ("Text file busy") until they end.
func copyProgram(_ source: String, to destination: String) throws {
    let copied = try run("/bin/cp", [source, destination])
    guard copied.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination]) }
}

/// Runs `executable` with `arguments`, waits at most `timeout` seconds, and returns what it printed.
/// Started with `posix_spawn` (`Spawn`), not `Process`, whose `run()` can crash on Linux.
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
         stdin: Data? = nil, timeout: TimeInterval = 30) throws -> Finished {
    guard let finished = try Spawn.run(executable, arguments, environment: environment, stdin: stdin, timeout: timeout) else {
        throw TimedOut(command: ([executable] + arguments).joined(separator: " "))
    }
    return Finished(status: finished.status,
                    stdout: String(decoding: finished.stdout, as: UTF8.self),
                    stderr: String(decoding: finished.stderr, as: UTF8.self),
                    stdoutBytes: finished.stdout)
}

/// Starts `process` with no signals blocked. Test threads block most signals, and a child
/// inherits that mask: a tmux server or xterm started so cannot be stopped or hear SIGHUP.
func launch(_ process: Process) throws {
    var none = sigset_t(), previous = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    try process.run()
}

/// Waits for `process` to end and returns its exit status (128 + signal when killed).
///
/// A plain `waitpid`: Foundation's `waitUntilExit` can miss the exit of a child here and hang.
func reap(_ process: Process) -> Int32 {
    let status = Spawn.waitForExit(process.processIdentifier)
    if status >= 0 { return status }
    // Foundation reaped it first: wait for it to publish the status.
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning && Date() < deadline { usleep(1000) }
    return process.isRunning ? -1 : process.terminationStatus
}

/// Runs gcview itself.
func gcview(_ arguments: String..., environment: [String: String]? = nil) throws -> Finished {
    try run(Paths.gcview, arguments, environment: environment)
}

/// A command that did not finish in time.
struct TimedOut: Error, CustomStringConvertible {
    var command: String
    var description: String { "timed out: \(command)" }
}

/// Data written from one thread and read from another.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    var value: Data { lock.withLock { data } }
    func set(_ newValue: Data) { lock.withLock { data = newValue } }
}
