import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run to its end through `posix_spawn`, not Foundation's `Process`.
///
/// Why: `Process.run()` in the Foundation of Swift 6.3.1 crashes now and then on Linux (a
/// SIGSEGV in `memcpy`): to close the child's descriptors it reads `/proc/self/fd` and copies
/// each `dirent`'s whole 256-byte name, which reads past glibc's buffer when a short record ends
/// it next to an unmapped page (swiftlang/swift-corelibs-foundation#5472, merged upstream after
/// 6.3.1). It killed a whole CI run here. The tests start thousands of programs, so they start
/// those that run to their end this way: standard input, output and error on pipes, no other descriptor
/// inherited (the test's own are close-on-exec by default in Swift, and the spawn closes the
/// pipes' other ends), the signal mask empty (test threads block most signals, and a child
/// would inherit that).
package enum Spawn {
    /// Runs `executable` with `arguments` and `environment` (nil: the test's own), writes `stdin`
    /// to it, and collects what it writes until it ends; nil when it has not ended by `deadline`
    /// (then it is killed and reaped).
    package static func run(_ executable: String, _ arguments: [String], environment: [String: String]?,
                    stdin: Data?, timeout: TimeInterval) throws -> (status: Int32, stdout: Data, stderr: Data)? {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        guard pipe(&input) == 0, pipe(&output) == 0, pipe(&errors) == 0 else { throw SpawnFailed(errno: errno) }
        // The test's ends must not leak into the child (nor into children other threads start).
        for end in [input[1], output[0], errors[0]] { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for end in [input[0], output[1], errors[1]] where end > 2 { posix_spawn_file_actions_addclose(&actions, end) }
        // And nothing else of this process: a descriptor another test holds open at this moment (a
        // pipe of its own child, a program it is copying) would live on in this child. A program
        // copied here and held open for writing by a child could not be run ("Text file busy").
        closeFrom3(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let environment = (environment.map { ProcessInfo.processInfo.environment.merging($0) { $1 } }
                           ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        for end in [input[0], output[1], errors[1]] { close(end) }
        guard spawned == 0 else {
            for end in [input[1], output[0], errors[0]] { close(end) }
            throw SpawnFailed(errno: spawned)
        }

        // Standard input written on its own thread, so a child that writes before it reads never
        // blocks against us. A child that ends before reading it all is EPIPE, not our death:
        // SIGPIPE is ignored here (`ignoresBrokenPipes`) and set back to its default in the child.
        _ = Self.ignoresBrokenPipes
        let writing = input[1]
        let written = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if let stdin, !stdin.isEmpty {
                stdin.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let count = write(writing, bytes.baseAddress! + offset, bytes.count - offset)
                        if count < 0 && errno == EINTR { continue }
                        if count <= 0 { break }
                        offset += count
                    }
                }
            }
            close(writing)
            written.signal()
        }

        let collected = collect(output[0], errors[0], until: Date().addingTimeInterval(timeout))
        close(output[0])
        close(errors[0])
        guard let collected else {
            kill(pid, SIGKILL)
            _ = waitForExit(pid)
            written.wait()
            return nil
        }
        let status = waitForExit(pid)
        written.wait()
        return (status, collected.stdout, collected.stderr)
    }

    /// SIGPIPE ignored in the test process, once.
    private static let ignoresBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Reads both descriptors until each reaches its end; nil at the deadline.
    private static func collect(_ out: Int32, _ err: Int32, until deadline: Date) -> (stdout: Data, stderr: Data)? {
        var stdout = Data(), stderr = Data()
        var open = [out: true, err: true]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while open.values.contains(true) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var descriptors = [out, err].filter { open[$0] == true }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(left * 1000, 1000)) + 1)
            if ready < 0 && errno == EINTR { continue }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = read(descriptor.fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 {
                    open[descriptor.fd] = false
                } else if descriptor.fd == out {
                    stdout.append(contentsOf: buffer[..<count])
                } else {
                    stderr.append(contentsOf: buffer[..<count])
                }
            }
        }
        return (stdout, stderr)
    }

    /// Waits for `pid` and returns its exit status, 128 + the signal when killed; -1 when it is
    /// not a child of ours to wait for (another waiter reaped it first).
    package static func waitForExit(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, 0)
            if result == pid {
                let signal = status & 0x7F
                return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            }
            if result < 0 && errno == EINTR { continue }
            return -1
        }
    }

    /// Adds glibc's `posix_spawn_file_actions_addclosefrom_np(actions, 3)` (glibc 2.34+, which
    /// Swift's Glibc module does not declare: found by `dlsym`): the child closes every descriptor
    /// from 3 up, after its standard ones are in place.
    private static func closeFrom3(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }

    /// Runs `executable` with `arguments` to its end, its input, output and errors /dev/null,
    /// and gives its exit status and the minor page faults it took (`wait4(2)`'s `ru_minflt`).
    package static func minorPageFaults(_ executable: String, _ arguments: [String]) throws -> (status: Int32, faults: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        closeFrom3(&actions)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw SpawnFailed(errno: spawned) }
        var status: Int32 = 0, usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw SpawnFailed(errno: errno) }
        }
        let signal = status & 0x7F
        return (signal == 0 ? (status >> 8) & 0xFF : 128 + signal, usage.ru_minflt)
    }

    /// `posix_spawn` or a pipe failed.
    package struct SpawnFailed: Error, CustomStringConvertible {
        package var errno: Int32
        package var description: String { "could not start: \(String(cString: strerror(errno)))" }
    }
}
