import Glibc

/// The line a command says when a crash ends it: `gcview: terminated by SIGILL`, as the app says
/// through `SignalRelay` when a signal ends a session. Commands with no session (`plot` to a file,
/// `points`, `eval`) died with nothing on stderr but what a backtracer might add.
///
/// The handler writes the line prepared by `install` (`SignalRelay.farewells`) with raw `write(2)`,
/// then raises the signal again with the action that was there before, so a crash reporter
/// installed earlier still runs and the exit status stays 128 + the signal. While a terminal session
/// is active the relay's own handler runs first and says the line itself, then chains to this one,
/// which then only raises.
public enum CrashLine {
    /// The crash signals: what the code itself causes, not what a user sends.
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// The actions in place before `install`, indexed by signal number.
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
        pointer.initialize(repeating: sigaction(), count: Int(NSIG))
        return pointer
    }()

    /// Installs the handler for every crash signal; call once, at the start of the process.
    public static func install() {
        // Storage the handler reads, made before it can run.
        _ = (SignalRelay.farewells, previousActions)
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = sayCrashLine
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(bitPattern: SA_RESETHAND)
            sigaction(signal, &action, previousActions + Int(signal))
        }
    }
}

/// Says which signal ended the process, unless a session's relay already did, and raises it again
/// with the action in place before `CrashLine.install`. Async-signal-safe.
private func sayCrashLine(_ signal: Int32) {
    if !SignalRelay.isActive.load(ordering: .sequentiallyConsistent), signal > 0, signal < NSIG {
        SignalRelay.writeAll(SignalRelay.farewells[Int(signal)], to: STDERR_FILENO)
    }
    sigaction(signal, CrashLine.previousActions + Int(signal), nil)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, signal)
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
    raise(signal)
}
