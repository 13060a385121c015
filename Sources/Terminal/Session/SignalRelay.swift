import Glibc
import Synchronization

/// The terminal state signal handlers need, in storage that is set up before any handler is installed.
///
/// Handlers only touch this raw storage, atomics and async-signal-safe calls (`write`, `tcsetattr`,
/// `sigaction`, `sigprocmask`, `raise`): no allocation, no locks, no Swift arrays.
struct SignalContext {
    var input: Int32 = -1
    var output: Int32 = -1
    var wake: Int32 = -1
    var saved = termios()
    var raw = termios()
}

/// Process-wide signal handling for the one active `TerminalSession`.
enum SignalRelay {
    /// Signals reported to the event loop; a second terminating signal restores and exits at once.
    static let terminating: [Int32] = [SIGTERM, SIGHUP, SIGINT]
    /// Signals that end the process: the handler restores the terminal, then re-raises with the previous action.
    static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT]
    /// Every signal the relay handles.
    static let all: [Int32] = [SIGWINCH, SIGCONT, SIGTSTP] + terminating + fatal

    nonisolated(unsafe) static let context: UnsafeMutablePointer<SignalContext> = {
        let pointer = UnsafeMutablePointer<SignalContext>.allocate(capacity: 1)
        pointer.initialize(to: SignalContext())
        return pointer
    }()
    /// The byte strings written by handlers, with their lengths.
    nonisolated(unsafe) static let enterBytes = copied(TerminalModes.enter)
    nonisolated(unsafe) static let restoreBytes = copied(TerminalModes.restore)
    /// The actions that were installed before ours, indexed by signal number.
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
        pointer.initialize(repeating: sigaction(), count: Int(NSIG))
        return pointer
    }()

    static let isActive = Atomic<Bool>(false)
    static let resizePending = Atomic<Bool>(false)
    static let continuePending = Atomic<Bool>(false)
    static let terminateSignal = Atomic<Int32>(0)

    private static func copied(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return UnsafeBufferPointer(buffer)
    }

    /// Records the session's descriptors and termios and installs the handlers; false if a session is active.
    static func activate(input: Int32, output: Int32, wake: Int32, saved: termios, raw: termios) -> Bool {
        _ = (enterBytes, restoreBytes, previousActions)  // initialize lazily created storage before any handler runs
        guard isActive.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else {
            return false
        }
        context.pointee = SignalContext(input: input, output: output, wake: wake, saved: saved, raw: raw)
        resizePending.store(false, ordering: .sequentiallyConsistent)
        continuePending.store(false, ordering: .sequentiallyConsistent)
        terminateSignal.store(0, ordering: .sequentiallyConsistent)
        for signal in all { install(signal, saveTo: previousActions + Int(signal)) }
        // A parent may have started us with these blocked; the session must hear them.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in all { sigaddset(&handled, signal) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        return true
    }

    /// Puts back the actions that were installed before `activate`.
    static func deactivate() {
        for signal in all { sigaction(signal, previousActions + Int(signal), nil) }
        isActive.store(false, ordering: .sequentiallyConsistent)
    }

    static func install(_ signal: Int32, saveTo previous: UnsafeMutablePointer<sigaction>?) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = relaySignal
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(signal, &action, previous)
    }

    /// Writes the restore sequence and puts back the saved termios. Async-signal-safe.
    static func restoreTerminal() {
        writeAll(restoreBytes, to: context.pointee.output)
        _ = withUnsafePointer(to: &context.pointee.saved) { tcsetattr(context.pointee.input, TCSANOW, $0) }
    }

    /// Re-applies raw mode and the enter sequence after a stop. Async-signal-safe.
    static func reenterTerminal() {
        _ = withUnsafePointer(to: &context.pointee.raw) { tcsetattr(context.pointee.input, TCSANOW, $0) }
        writeAll(enterBytes, to: context.pointee.output)
    }

    /// Wakes the event loop's `poll` through the self-pipe. Async-signal-safe.
    static func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(context.pointee.wake, &byte, 1)
    }

    /// Restores the terminal, puts back the previous action and raises `signal` again.
    static func restoreAndReraise(_ signal: Int32) {
        restoreTerminal()
        reraise(signal)
    }

    /// Puts back the previous action for `signal`, unblocks it and raises it again. Async-signal-safe.
    static func reraise(_ signal: Int32) {
        sigaction(signal, previousActions + Int(signal), nil)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signal)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        raise(signal)
    }

    /// Writes every byte, retrying after EINTR and partial writes; gives up on other errors. Async-signal-safe.
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

/// The one handler for every relayed signal.
private func relaySignal(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    guard SignalRelay.isActive.load(ordering: .sequentiallyConsistent) else {
        // Only reachable in a race with `deactivate`: never swallow a signal meant to end the process.
        if SignalRelay.fatal.contains(signal) || SignalRelay.terminating.contains(signal) {
            SignalRelay.reraise(signal)
        }
        return
    }
    switch signal {
    case SIGWINCH:
        SignalRelay.resizePending.store(true, ordering: .sequentiallyConsistent)
        SignalRelay.wake()
    case SIGCONT:
        SignalRelay.reenterTerminal()
        SignalRelay.continuePending.store(true, ordering: .sequentiallyConsistent)
        SignalRelay.wake()
    case SIGTSTP:
        // Stop with the terminal restored; SIGCONT's handler re-enters raw mode when the shell resumes us.
        SignalRelay.restoreTerminal()
        stopWithDefaultAction()
        SignalRelay.install(SIGTSTP, saveTo: nil)
    case SIGTERM, SIGHUP, SIGINT:
        let first = SignalRelay.terminateSignal.compareExchange(
            expected: 0, desired: signal, ordering: .sequentiallyConsistent).exchanged
        if first {
            SignalRelay.wake()
        } else {
            SignalRelay.restoreAndReraise(signal)
        }
    default:
        SignalRelay.restoreAndReraise(signal)
    }
}

/// Sets SIGTSTP to its default action, unblocks it and raises it, which stops the process until SIGCONT.
private func stopWithDefaultAction() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(SIGTSTP, &action, nil)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
    raise(SIGTSTP)
}
