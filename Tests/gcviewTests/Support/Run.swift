import Foundation

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
    static let gcview: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [beside, beside.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("gcview").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return root.appendingPathComponent(".build/debug/gcview").path
    }()

    /// A new empty temporary folder.
    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gcview-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Runs `executable` with `arguments`, waits at most `timeout` seconds, and returns what it printed.
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
         stdin: Data? = nil, timeout: TimeInterval = 30) throws -> Finished {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe(), errors = Pipe(), input = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input
    try launch(process)
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try? input.fileHandleForWriting.close()
    let outputData = LockedData(), errorData = LockedData()
    let group = DispatchGroup()
    for (pipe, sink) in [(output, outputData), (errors, errorData)] {
        group.enter()
        DispatchQueue.global().async {
            sink.set(pipe.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
    }
    if group.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        throw TimedOut(command: ([executable] + arguments).joined(separator: " "))
    }
    return Finished(status: reap(process),
                    stdout: String(decoding: outputData.value, as: UTF8.self),
                    stderr: String(decoding: errorData.value, as: UTF8.self),
                    stdoutBytes: outputData.value)
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
    let pid = process.processIdentifier
    var status: Int32 = 0
    while true {
        let result = waitpid(pid, &status, 0)
        if result == pid {
            let signal = status & 0x7F
            return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        }
        if result < 0 && errno == EINTR { continue }
        break
    }
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
