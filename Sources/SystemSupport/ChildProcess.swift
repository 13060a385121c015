import Glibc
import SystemPackage

/// Why `ChildProcess.output(of:arguments:timeout:limit:)` gave no output.
package enum ChildProcessFailure: Error, Equatable, CustomStringConvertible {
    /// `posix_spawn` (or the pipe before it) failed: no such program, no permission, no resources.
    case couldNotStart(Errno)
    /// The program was still running at the deadline; it was killed.
    case timedOut
    /// The program wrote more than the limit; it was killed.
    case tooMuchOutput(limit: Int)
    /// The program ended with this exit status, not 0.
    case exited(Int32)
    /// The program was ended by this signal.
    case killed(signal: Int32)

    package var description: String {
        switch self {
        case .couldNotStart(let error): "could not start (\(error))"
        case .timedOut: "no answer in time"
        case .tooMuchOutput(let limit): "answered more than \(limit) bytes"
        case .exited(let status): "exited with status \(status)"
        case .killed(let signal): "ended by signal \(signal)"
        }
    }
}

/// Runs another program to its end, with a deadline and a bound on what it writes.
///
/// No shell: the arguments go to the program as they are. Its standard input and error are
/// `/dev/null`, its signal mask is empty and the signals gcview handles are back to their defaults,
/// and it inherits no descriptor but the pipe on its standard output (the rest are close-on-exec or
/// closed by the spawn). Whatever it writes is untrusted: the caller reads it as bytes.
package enum ChildProcess {
    /// What `executable` (a path, or a name looked up in `PATH` when it has no slash) writes to its
    /// standard output, when it exits with status 0 within `timeout` and writes at most `limit` bytes.
    ///
    /// Past the deadline or the limit the program is killed (SIGKILL) and reaped, so no zombie and no
    /// straggler outlives the call.
    package static func output(of executable: String, arguments: [String], timeout: Duration,
                              limit: Int) throws(ChildProcessFailure) -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        var ends: [Int32] = [-1, -1]
        // pipe2 is not visible from Swift: the ends are made close-on-exec right after.
        guard pipe(&ends) == 0 else { throw .couldNotStart(Errno(rawValue: errno)) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let reading = ends[0]
        defer { close(reading) }
        let pid: pid_t
        do {
            pid = try spawn(executable, arguments: arguments, output: ends[1])
        } catch {
            close(ends[1])
            throw error
        }
        close(ends[1])

        var output = [UInt8]()
        var failure: ChildProcessFailure?
        var chunk = [UInt8](repeating: 0, count: 4096)
        reading: while true {
            guard let milliseconds = millisecondsLeft(until: deadline) else { failure = .timedOut; break }
            var request = pollfd(fd: reading, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { failure = .timedOut; break }
            let count = chunk.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
            switch count {
            case 0: break reading
            case ..<0 where errno == EINTR || errno == EAGAIN: continue
            case ..<0: failure = .couldNotStart(Errno(rawValue: errno)); break reading
            default:
                output += chunk[0..<count]
                if output.count > limit { failure = .tooMuchOutput(limit: limit); break reading }
            }
        }
        if let failure {
            kill(pid, SIGKILL)
            _ = waitForExit(pid, until: nil)
            throw failure
        }
        // The output ended: the program is exiting. Wait for it, within what is left of the deadline.
        guard let status = waitForExit(pid, until: deadline) else {
            kill(pid, SIGKILL)
            _ = waitForExit(pid, until: nil)
            throw .timedOut
        }
        if status & 0x7F != 0 { throw .killed(signal: status & 0x7F) }
        let code = (status >> 8) & 0xFF
        guard code == 0 else { throw .exited(code) }
        return output
    }

    /// Starts the program with `output` as its standard output and `/dev/null` as input and error.
    private static func spawn(_ executable: String, arguments: [String], output: Int32) throws(ChildProcessFailure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH, SIGCHLD, SIGCONT] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let status = executable.contains("/")
            ? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
            : posix_spawnp(&pid, executable, &actions, &attributes, argv, environ)
        guard status == 0 else { throw .couldNotStart(Errno(rawValue: status)) }
        return pid
    }

    /// The wait status of `pid` once it has exited; nil if it is still running at `deadline`
    /// (nil `deadline`: wait as long as it takes).
    private static func waitForExit(_ pid: pid_t, until deadline: ContinuousClock.Instant?) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, deadline == nil ? 0 : WNOHANG)
            if result == pid { return status }
            if result < 0 && errno != EINTR { return 0 }   // already reaped elsewhere: nothing to wait for
            if let deadline {
                guard ContinuousClock.now < deadline else { return nil }
                usleep(500)
            }
        }
    }

    /// Milliseconds from now to `deadline`, rounded up; nil once it has passed.
    private static func millisecondsLeft(until deadline: ContinuousClock.Instant) -> Int32? {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return nil }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }
}
