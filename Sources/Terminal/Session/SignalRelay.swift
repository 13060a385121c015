import Glibc
import Synchronization

/// The terminal state signal handlers need, in storage that is set up before any handler is installed.
///
/// Handlers only touch this raw storage, the raw tables of `SignalRelay` (`kinds`, `farewells`,
/// `previousActions`, all filled by `activate` before any handler is installed), atomics and
/// async-signal-safe calls (`write`, `tcsetattr`, `sigaction`, `sigprocmask`, `raise`, `_exit`):
/// no allocation, no locks, no Swift arrays or dictionaries. The Swift arrays of `SignalRelay` (`all`,
/// `fatal`, ...) are read only by `activate`, outside any handler.
struct SignalContext {
    var input: Int32 = -1
    var output: Int32 = -1
    var wake: Int32 = -1
    var saved = termios()
    var raw = termios()
    /// Whether the session is inline (raw mode and a hidden cursor) rather than full screen.
    var isInline = false
}

/// What the one handler does with a signal, kept in raw storage so the handler only reads memory.
enum SignalKind: UInt8 {
    /// Not handled by the relay.
    case unhandled = 0
    /// SIGWINCH: report a resize.
    case resize
    /// SIGCONT: re-enter raw mode and report it.
    case resume
    /// SIGTSTP: restore the terminal and stop.
    case stop
    /// SIGTERM, SIGHUP, SIGINT: report once; a second one restores and ends the process.
    case terminationRequest
    /// Any other signal whose default action ends the process: restore, say which, and end.
    case fatal
}

/// Process-wide signal handling for the one active `TerminalSession`.
enum SignalRelay {
    /// Signals reported to the event loop; a second terminating signal restores and exits at once.
    static let terminating: [Int32] = [SIGTERM, SIGHUP, SIGINT]
    /// Signals that end the process: the handler restores the terminal, then re-raises with the previous action,
    /// which is chained even when another handler (such as a crash reporter) was installed first.
    static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT]
    /// Signals whose default action ends the process too; handled only while that default is in effect,
    /// so signals the parent ignored stay ignored and handlers other code installed are left alone.
    static let endingByDefault: [Int32] = [
        SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS, SIGSTKFLT, SIGIO, SIGPWR,
    ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    /// Every signal the relay may handle.
    static let all: [Int32] = [SIGWINCH, SIGCONT, SIGTSTP] + terminating + fatal + endingByDefault

    /// The conventional name of each signal the relay handles, for the line it writes on the way out.
    static func name(of signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGUSR1: "SIGUSR1", SIGSEGV: "SIGSEGV",
            SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM", SIGSTKFLT: "SIGSTKFLT",
            SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGVTALRM: "SIGVTALRM", SIGPROF: "SIGPROF", SIGIO: "SIGIO",
            SIGPWR: "SIGPWR", SIGSYS: "SIGSYS",
        ]
        if let name = names[signal] { return name }
        let offset = signal - __libc_current_sigrtmin()
        return offset == 0 ? "SIGRTMIN" : offset > 0 ? "SIGRTMIN+\(offset)" : "signal \(signal)"
    }

    nonisolated(unsafe) static let context: UnsafeMutablePointer<SignalContext> = {
        let pointer = UnsafeMutablePointer<SignalContext>.allocate(capacity: 1)
        pointer.initialize(to: SignalContext())
        return pointer
    }()
    /// The byte strings written by handlers, with their lengths.
    nonisolated(unsafe) static let enterBytes = copied(TerminalModes.enter)
    nonisolated(unsafe) static let restoreBytes = copied(TerminalModes.restore)
    nonisolated(unsafe) static let enterInlineBytes = copied(TerminalModes.enterInline)
    nonisolated(unsafe) static let restoreInlineBytes = copied(TerminalModes.restoreInline)
    /// The actions that were installed before ours, indexed by signal number.
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
        pointer.initialize(repeating: sigaction(), count: Int(NSIG))
        return pointer
    }()
    /// The `SignalKind` raw value of each signal number while a session is active (0: not ours).
    nonisolated(unsafe) static let kinds: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(NSIG))
        pointer.initialize(repeating: SignalKind.unhandled.rawValue, count: Int(NSIG))
        return pointer
    }()
    /// "program: terminated by SIGNAME\n" for each signal number, written after the terminal is restored.
    nonisolated(unsafe) static let farewells: UnsafeMutablePointer<UnsafeBufferPointer<UInt8>> = {
        let program = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "gcview"
        let pointer = UnsafeMutablePointer<UnsafeBufferPointer<UInt8>>.allocate(capacity: Int(NSIG))
        for signal in 0..<NSIG {
            let line = all.contains(signal) ? "\(program): terminated by \(name(of: signal))\n" : ""
            (pointer + Int(signal)).initialize(to: copied(Array(line.utf8)))
        }
        return pointer
    }()

    static let isActive = Atomic<Bool>(false)
    static let resizePending = Atomic<Bool>(false)
    static let continuePending = Atomic<Bool>(false)
    static let terminateSignal = Atomic<Int32>(0)

    /// The kind of `signal` as the handler sees it. Async-signal-safe.
    static func kind(of signal: Int32) -> SignalKind {
        guard signal > 0, signal < NSIG else { return .unhandled }
        return SignalKind(rawValue: kinds[Int(signal)]) ?? .unhandled
    }

    private static func copied(_ bytes: [UInt8]) -> UnsafeBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        return UnsafeBufferPointer(buffer)
    }

    /// Records the session's descriptors and termios and installs the handlers; false if a session is active.
    static func activate(input: Int32, output: Int32, wake: Int32, saved: termios, raw: termios, isInline: Bool = false) -> Bool {
        // Create all storage before any handler runs.
        _ = (enterBytes, restoreBytes, enterInlineBytes, restoreInlineBytes, previousActions, kinds, farewells)
        guard isActive.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else {
            return false
        }
        context.pointee = SignalContext(input: input, output: output, wake: wake, saved: saved, raw: raw, isInline: isInline)
        resizePending.store(false, ordering: .sequentiallyConsistent)
        continuePending.store(false, ordering: .sequentiallyConsistent)
        terminateSignal.store(0, ordering: .sequentiallyConsistent)
        var planned: [(Int32, SignalKind)] = [(SIGWINCH, .resize), (SIGCONT, .resume), (SIGTSTP, .stop)]
        planned += terminating.map { ($0, .terminationRequest) } + fatal.map { ($0, .fatal) }
        planned += endingByDefault.filter(hasDefaultAction).map { ($0, .fatal) }
        for signal in 1..<NSIG { kinds[Int(signal)] = SignalKind.unhandled.rawValue }
        for (signal, kind) in planned { kinds[Int(signal)] = kind.rawValue }
        for (signal, _) in planned { install(signal, saveTo: previousActions + Int(signal)) }
        // A parent may have started us with these blocked; the session must hear them.
        var handled = sigset_t()
        sigemptyset(&handled)
        for (signal, _) in planned { sigaddset(&handled, signal) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        return true
    }

    /// Whether `signal` currently has its default action (neither ignored nor caught).
    private static func hasDefaultAction(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        return current.__sigaction_handler.sa_handler == nil  // SIG_DFL is a null handler
    }

    /// Puts back the actions that were installed before `activate`.
    static func deactivate() {
        for signal in 1..<NSIG where kind(of: signal) != .unhandled {
            sigaction(signal, previousActions + Int(signal), nil)
        }
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
        writeAll(context.pointee.isInline ? restoreInlineBytes : restoreBytes, to: context.pointee.output)
        _ = withUnsafePointer(to: &context.pointee.saved) { tcsetattr(context.pointee.input, TCSANOW, $0) }
    }

    /// Re-applies raw mode and the enter sequence after a stop. Async-signal-safe.
    static func reenterTerminal() {
        _ = withUnsafePointer(to: &context.pointee.raw) { tcsetattr(context.pointee.input, TCSANOW, $0) }
        writeAll(context.pointee.isInline ? enterInlineBytes : enterBytes, to: context.pointee.output)
    }

    /// Wakes the event loop's `poll` through the self-pipe. Async-signal-safe.
    static func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(context.pointee.wake, &byte, 1)
    }

    /// Restores the terminal, says on stderr which signal ended the process, and raises `signal` again
    /// with the previous action; if that returns, exits with 128 + the signal number. Async-signal-safe.
    static func restoreAndReraise(_ signal: Int32) {
        restoreTerminal()
        if signal > 0, signal < NSIG { writeAll(farewells[Int(signal)], to: STDERR_FILENO) }
        reraise(signal)
        _exit(128 + signal)
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

    /// Writes every byte, retrying after EINTR and partial writes; gives up on other errors. Async-signal-safe:
    /// raw `write(2)` on a preallocated buffer, because `FileDescriptor.writeAll` takes a Swift sequence.
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

/// The one handler for every relayed signal: reads raw storage and atomics, calls only async-signal-safe functions.
private func relaySignal(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    let kind = SignalRelay.kind(of: signal)
    guard SignalRelay.isActive.load(ordering: .sequentiallyConsistent) else {
        // Only reachable in a race with `deactivate`: never swallow a signal meant to end the process.
        if kind == .fatal || kind == .terminationRequest {
            SignalRelay.reraise(signal)
        }
        return
    }
    switch kind {
    case .resize:
        SignalRelay.resizePending.store(true, ordering: .sequentiallyConsistent)
        SignalRelay.wake()
    case .resume:
        SignalRelay.reenterTerminal()
        SignalRelay.continuePending.store(true, ordering: .sequentiallyConsistent)
        SignalRelay.wake()
    case .stop:
        // Stop with the terminal restored; SIGCONT's handler re-enters raw mode when the shell resumes us.
        SignalRelay.restoreTerminal()
        stopWithDefaultAction()
        SignalRelay.install(SIGTSTP, saveTo: nil)
    case .terminationRequest:
        let first = SignalRelay.terminateSignal.compareExchange(
            expected: 0, desired: signal, ordering: .sequentiallyConsistent).exchanged
        if first {
            SignalRelay.wake()
        } else {
            SignalRelay.restoreAndReraise(signal)
        }
    case .fatal, .unhandled:
        SignalRelay.restoreAndReraise(signal)
    }
}

/// Sets SIGTSTP to its default action, unblocks it and raises it, which stops the process until SIGCONT.
private func stopWithDefaultAction() {
    raiseWithDefaultAction(SIGTSTP)
}

/// Sets `signal` to its default action, unblocks it and raises it. Async-signal-safe.
func raiseWithDefaultAction(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, signal)
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
    raise(signal)
}
