import Glibc
import SystemPackage

/// The terminal while the app runs: raw mode, alternate screen, mouse, signals, input events and output.
///
/// `enter()` saves the termios settings and switches everything on; `restore()` undoes it in reverse and is
/// idempotent, so call it from every exit path (it also runs on `deinit`). While entered, signal handlers
/// restore the terminal, say on stderr which signal it was and end the process on every signal whose
/// default action ends it (crashes, SIGQUIT, SIGUSR1, SIGPIPE, SIGALRM, …, and a second SIGTERM/SIGHUP/SIGINT),
/// stop cleanly on SIGTSTP, and report resizes, continues and termination requests through `events(timeout:)`.
///
/// Raw mode keeps output post-processing on (OPOST, ONLCR), so "\n" written to the screen still returns to
/// column 0. Only one session may be entered at a time per process.
public final class TerminalSession {
    /// The terminal's input descriptor.
    public let input: Int32
    /// The terminal's output descriptor.
    public let output: Int32
    /// How long a lone Escape waits for the rest of a sequence before it counts as the Escape key.
    public var escapeTimeout: Duration = .milliseconds(30)
    /// How long an unfinished string, sequence or paste waits for its next byte before it is abandoned.
    public var unfinishedTimeout: Duration = .milliseconds(150)

    private var saved = termios()
    private var isEntered = false
    /// Whether the session is inline: raw mode and a hidden cursor, on the screen the shell uses.
    private var isInline = false
    private var decoder = InputDecoder()
    /// When the last input bytes were read, which starts the wait of anything unfinished.
    private var lastInput: ContinuousClock.Instant?
    private var wakeRead: FileDescriptor?
    private var wakeWrite: FileDescriptor?

    /// A session on `input` and `output`; throws if either is not a terminal.
    public init(input: Int32 = 0, output: Int32 = 1) throws(TerminalError) {
        guard isatty(input) == 1 else { throw .notATerminal(fileDescriptor: input) }
        guard isatty(output) == 1 else { throw .notATerminal(fileDescriptor: output) }
        self.input = input
        self.output = output
    }

    deinit {
        restore()
    }

    /// Whether `enter()` has run and `restore()` has not.
    public var isActive: Bool { isEntered }

    /// Saves termios, enters raw mode, the alternate screen, hides the cursor and turns on mouse and paste reporting.
    public func enter() throws(TerminalError) {
        try enter(inline: false)
    }

    /// Saves termios, enters raw mode and hides the cursor, and nothing else: the screen stays the
    /// shell's, for a picture played in place under the prompt (`plot --animate`). `restore()`
    /// (and every signal that ends the process) shows the cursor again and restores termios.
    public func enterInline() throws(TerminalError) {
        try enter(inline: true)
    }

    private func enter(inline: Bool) throws(TerminalError) {
        guard !isEntered else { return }
        isInline = inline
        guard tcgetattr(input, &saved) == 0 else { throw .lastError("tcgetattr") }
        let raw = TerminalModes.raw(from: saved)
        // The signal handlers write a byte to this pipe to wake `events(timeout:)`'s poll.
        let wake: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do throws(Errno) {
            wake = try FileDescriptor.pipe(options: [.nonBlocking, .closeOnExec])
        } catch {
            throw .systemCall("pipe2", error)
        }
        guard SignalRelay.activate(input: input, output: output, wake: wake.writeEnd.rawValue, saved: saved, raw: raw,
                                   isInline: inline) else {
            try? wake.readEnd.close()
            try? wake.writeEnd.close()
            throw .anotherSessionActive
        }
        wakeRead = wake.readEnd
        wakeWrite = wake.writeEnd
        isEntered = true
        var rawCopy = raw
        guard tcsetattr(input, TCSANOW, &rawCopy) == 0 else {
            let error = TerminalError.lastError("tcsetattr")
            restore()
            throw error
        }
        do {
            try write(inline ? TerminalModes.enterInline : TerminalModes.enter)
        } catch {
            restore()
            throw error
        }
    }

    /// Shows the cursor, turns mouse and paste reporting off, leaves the alternate screen and restores termios.
    ///
    /// Idempotent and safe on every exit path. Uses TCSANOW so typed-ahead input is kept for the shell.
    public func restore() {
        guard isEntered else { return }
        isEntered = false
        reportsFocus = false
        SignalRelay.deactivate()
        (isInline ? TerminalModes.restoreInline : TerminalModes.restore).withUnsafeBufferPointer { SignalRelay.writeAll($0, to: output) }
        tcsetattr(input, TCSANOW, &saved)
        try? wakeRead?.close()
        try? wakeWrite?.close()
        wakeRead = nil
        wakeWrite = nil
        decoder = InputDecoder()
        lastInput = nil
    }

    /// Whether focus reporting is on (`reportFocus()`): turned on again after a stop and continue.
    public private(set) var reportsFocus = false

    /// Turns focus reporting on: `events(timeout:)` then reports `.input(.focus(…))`; `restore()` turns it off.
    public func reportFocus() throws(TerminalError) {
        guard isEntered else { return }
        try write(TerminalModes.focusReporting)
        reportsFocus = true
    }

    /// Turns on again what `enter()` turned on, the alternate screen aside, and focus reporting
    /// when it is on: for Ctrl-L, after another program writing to the terminal (or a `reset`)
    /// may have shown the cursor or switched the mouse off. Nothing in an inline session.
    public func enterModesAgain() throws(TerminalError) {
        guard isEntered, !isInline else { return }
        try write(TerminalModes.reporting + (reportsFocus ? TerminalModes.focusReporting : []))
    }

    /// Suspends the app as Ctrl-Z would in cooked mode: restores the terminal and stops the process group.
    ///
    /// Call when the `.control("z")` key arrives. When the shell continues the process, raw mode and the
    /// alternate screen come back and `events(timeout:)` reports `.continued`.
    public func suspend() {
        guard isEntered else { return }
        kill(0, SIGTSTP)
    }

    /// The window size from `TIOCGWINSZ`, or 80×24 when the terminal does not say.
    public func size() -> WindowSize {
        // Pixels beyond `SizeLimits` are dropped here, where they enter: the panes are sized from them.
        (WindowSize.current(of: output) ?? WindowSize(columns: 80, rows: 24)).withinLimits
    }

    /// Waits up to `timeout` (nil: forever) for input or signals and returns what happened, possibly nothing.
    ///
    /// Signal events come first: at most one `.terminate`, one `.continued` and one `.resized` per call,
    /// however many signals arrived. A pending lone Escape is reported after `escapeTimeout`; any other
    /// unfinished sequence or paste is abandoned after `unfinishedTimeout` without input, so a stray
    /// string start never holds the keyboard.
    public func events(timeout: Duration?) throws(TerminalError) -> [SessionEvent] {
        guard isEntered else { return [] }
        var waitMilliseconds = timeout.map(Self.milliseconds) ?? -1
        if let deadline = pendingDeadline {
            let pendingWait = Self.milliseconds(ContinuousClock.now.duration(to: deadline))
            waitMilliseconds = waitMilliseconds < 0 ? pendingWait : min(waitMilliseconds, pendingWait)
        }
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead?.rawValue ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, Int32(clamping: waitMilliseconds))
        if ready < 0 && errno != EINTR { throw .lastError("poll") }

        var events = signalEvents()
        if ready > 0 && descriptors[0].revents != 0 {
            events += try readInput()
        } else if let deadline = pendingDeadline, ContinuousClock.now >= deadline {
            let flushed = decoder.hasPendingEscape ? decoder.flushPendingEscape() : decoder.abandonUnfinished()
            events += flushed.map(SessionEvent.input)
        }
        return events
    }

    /// When what the decoder holds stops waiting: a lone Escape soon, anything else unfinished later.
    private var pendingDeadline: ContinuousClock.Instant? {
        guard decoder.isWaitingForMore, let lastInput else { return nil }
        return lastInput + (decoder.hasPendingEscape ? escapeTimeout : unfinishedTimeout)
    }

    /// Writes all of `bytes` to the terminal, retrying after EINTR, partial writes and EAGAIN.
    public func write(_ bytes: [UInt8]) throws(TerminalError) {
        let terminal = FileDescriptor(rawValue: output)
        var offset = 0
        while offset < bytes.count {
            do {
                offset += try bytes[offset...].withUnsafeBytes { try terminal.write($0) }
            } catch Errno.resourceTemporarilyUnavailable {
                var descriptor = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 100)
            } catch let error as Errno {
                throw .systemCall("write", error)
            } catch {
                throw .lastError("write")
            }
        }
    }

    private func signalEvents() -> [SessionEvent] {
        var drain = [UInt8](repeating: 0, count: 64)
        while let wakeRead, let count = try? drain.withUnsafeMutableBytes({ try wakeRead.read(into: $0) }), count > 0 {}
        var events: [SessionEvent] = []
        let terminate = SignalRelay.terminateSignal.load(ordering: .sequentiallyConsistent)
        if terminate != 0, !reportedTermination {
            reportedTermination = true
            events.append(.terminate(signal: terminate))
        }
        if SignalRelay.continuePending.exchange(false, ordering: .sequentiallyConsistent) {
            // The signal handler entered the modes again, focus reporting aside.
            if reportsFocus { try? write(TerminalModes.focusReporting) }
            events.append(.continued)
        }
        if SignalRelay.resizePending.exchange(false, ordering: .sequentiallyConsistent) {
            events.append(.resized(size()))
        }
        return events
    }

    /// The signal (SIGTERM, SIGHUP, SIGINT) that asked the process to end while this session was
    /// active, whether or not it was reported as `.terminate` yet.
    public var requestedTermination: Int32? {
        let signal = SignalRelay.terminateSignal.load(ordering: .sequentiallyConsistent)
        return signal == 0 ? nil : signal
    }

    /// Whether `.terminate` was reported; the signal stays recorded so a second one exits.
    private var reportedTermination = false

    private func readInput() throws(TerminalError) -> [SessionEvent] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count: Int
        do {
            count = try buffer.withUnsafeMutableBytes { try FileDescriptor(rawValue: input).read(into: $0, retryOnInterrupt: false) }
        } catch Errno.ioError {
            return [.inputClosed]
        } catch Errno.interrupted, Errno.resourceTemporarilyUnavailable {
            return []
        } catch {
            throw .systemCall("read", (error as? Errno) ?? .ioError)
        }
        guard count > 0 else { return [.inputClosed] }
        lastInput = .now
        return decoder.decode(buffer[..<count]).map(SessionEvent.input)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        let roundedUp = (attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond  // never wake early
        return max(0, Int(min(seconds, 86_400_000)) * 1000 + Int(roundedUp))
    }
}
