import Glibc
import Testing
@testable import Terminal

@Suite("Terminal session on a pseudo-terminal", .serialized)
struct SessionPseudoTerminalTests {
    @Test("Entering switches on raw mode, the alternate screen and mouse reporting; restoring undoes it")
    func enterAndRestore() throws {
        let pty = try PseudoTerminal()
        let before = pty.attributes()
        let session = try TerminalSession(input: pty.slave, output: pty.slave)
        try session.enter()

        let raw = pty.attributes()
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) != 0, "output post-processing stays on")
        let entered = pty.read(until: TerminalModes.enter)
        for sequence in ["\u{1B}[?1049h", "\u{1B}[?25l", "\u{1B}[?1002h", "\u{1B}[?1006h", "\u{1B}[?2031h"] {
            #expect(entered.contains(Array(sequence.utf8)), "\(sequence.dropFirst())")
        }

        session.restore()
        #expect(sameBytes(pty.attributes(), before))
        let restored = pty.read(until: TerminalModes.restore)
        for sequence in ["\u{1B}[?1049l", "\u{1B}[?25h", "\u{1B}[?1002l", "\u{1B}[?1006l", "\u{1B}[?2031l"] {
            #expect(restored.contains(Array(sequence.utf8)), "\(sequence.dropFirst())")
        }
        #expect(!session.isActive)

        session.restore()
        #expect(pty.read(until: [0xFF]).isEmpty, "a second restore writes nothing")
    }

    @Test("Ctrl-L's modes again: the cursor hidden, mouse and paste reporting on, focus when it was; never the alternate screen")
    func modesAgain() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession(input: pty.slave, output: pty.slave)
        try session.enter()
        defer { session.restore() }
        _ = pty.read(until: TerminalModes.enter)
        try session.enterModesAgain()
        let again = pty.read(until: TerminalModes.reporting)
        #expect(again == TerminalModes.reporting, "\(String(decoding: again, as: UTF8.self).debugDescription)")
        try session.reportFocus()
        _ = pty.read(until: TerminalModes.focusReporting)
        try session.enterModesAgain()
        let withFocus = pty.read(until: TerminalModes.focusReporting)
        #expect(withFocus == TerminalModes.reporting + TerminalModes.focusReporting)
        for sequence in ["\u{1B}[?25l", "\u{1B}[?1002h", "\u{1B}[?1006h", "\u{1B}[?2004h", "\u{1B}[?2031h"] {
            #expect(withFocus.contains(Array(sequence.utf8)), "\(sequence.dropFirst())")
        }
        #expect(!withFocus.contains(Array("\u{1B}[?1049h".utf8)), "the alternate screen is not entered twice")
    }

    @Test("An inline session, or one not entered, writes nothing for Ctrl-L's modes")
    func modesAgainInline() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession(input: pty.slave, output: pty.slave)
        try session.enterModesAgain()
        #expect(pty.read(until: [0xFF]).isEmpty, "not entered")
        try session.enterInline()
        defer { session.restore() }
        _ = pty.read(until: TerminalModes.enterInline)
        try session.enterModesAgain()
        #expect(pty.read(until: [0xFF]).isEmpty, "inline")
    }

    @Test("A descriptor that is not a terminal is refused")
    func notATerminal() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        defer { close(ends[0]); close(ends[1]) }
        #expect(throws: TerminalError.notATerminal(fileDescriptor: ends[0])) {
            try TerminalSession(input: ends[0], output: ends[1])
        }
    }

    @Test("Only one session may be entered at a time")
    func oneSessionAtATime() throws {
        let pty = try PseudoTerminal()
        let first = try TerminalSession(input: pty.slave, output: pty.slave)
        let second = try TerminalSession(input: pty.slave, output: pty.slave)
        try first.enter()
        defer { first.restore() }
        #expect(throws: TerminalError.anotherSessionActive) { try second.enter() }
    }

    @Test("Size comes from TIOCGWINSZ")
    func size() throws {
        let pty = try PseudoTerminal()
        pty.resize(columns: 132, rows: 43)
        let session = try TerminalSession(input: pty.slave, output: pty.slave)
        #expect(session.size() == WindowSize(columns: 132, rows: 43, pixelWidth: 1320, pixelHeight: 860))
        #expect(session.size().cellWidth == 10)
        #expect(session.size().cellHeight == 20)
    }

    @Test("A burst of 50 SIGWINCH becomes one resized event")
    func resizeCoalescing() throws {
        try withEnteredSession { entered throws in
            entered.pty.resize(columns: 120, rows: 40)
            for _ in 0..<50 { kill(getpid(), SIGWINCH) }
            pause(milliseconds: 50)  // process-directed signals may reach other threads a little later
            let collected = try events(from: entered.session) { !$0.isEmpty }
            #expect(collected == [.resized(WindowSize(columns: 120, rows: 40, pixelWidth: 1200, pixelHeight: 800))])
            #expect(try entered.session.events(timeout: .milliseconds(20)).isEmpty, "no second resized")
        }
    }

    @Test("SIGTERM is reported once, for the app to exit cleanly")
    func terminate() throws {
        try withEnteredSession { entered throws in
            kill(getpid(), SIGTERM)
            #expect(try events(from: entered.session) { !$0.isEmpty } == [.terminate(signal: SIGTERM)])
            #expect(try entered.session.events(timeout: .milliseconds(20)).isEmpty)
            #expect(entered.session.isActive, "the handler leaves the exit to the app")
        }
    }

    @Test("SIGCONT re-enters raw mode and the alternate screen and asks for a redraw")
    func continued() throws {
        try withEnteredSession { entered throws in
            let pty = entered.pty
            var cooked = pty.attributes()
            cooked.c_lflag |= tcflag_t(ICANON | ECHO)
            tcsetattr(pty.slave, TCSANOW, &cooked)

            kill(getpid(), SIGCONT)
            #expect(try events(from: entered.session) { !$0.isEmpty } == [.continued])
            #expect(pty.read(until: TerminalModes.enter).contains(TerminalModes.enter))
            #expect(pty.attributes().c_lflag & tcflag_t(ICANON | ECHO) == 0)
        }
    }

    @Test("Typed bytes arrive as decoded events, including a mouse report split across writes")
    func typedInput() throws {
        try withEnteredSession { entered throws in
            entered.pty.type(Array("π\r\u{3}\u{1B}[".utf8))
            var collected = try events(from: entered.session) { $0.count == 3 }
            entered.pty.type(Array("<0;10;5M".utf8))
            collected += try events(from: entered.session) { $0.count == 1 }
            #expect(collected == [
                .input(.key(.character("π"))), .input(.key(.enter)), .input(.key(.control("c"))),
                .input(.mouse(MouseEvent(action: .press, button: .left, column: 9, row: 4))),
            ])
        }
    }

    @Test("A lone Escape is reported after the escape timeout")
    func loneEscape() throws {
        try withEnteredSession { entered throws in
            let session = entered.session
            session.escapeTimeout = .milliseconds(200)
            entered.pty.type([0x1B])
            pause(milliseconds: 20)
            #expect(try session.events(timeout: .zero).isEmpty, "the Escape is read and held")
            #expect(try session.events(timeout: .zero).isEmpty, "still within the escape timeout")
            let start = ContinuousClock.now
            let late = try events(from: session) { !$0.isEmpty }
            #expect(late == [.input(.key(.escape))])
            #expect(ContinuousClock.now - start > .milliseconds(100))
        }
    }

    @Test("Closing the terminal is reported as input closed")
    func inputClosed() throws {
        try withEnteredSession { entered throws in
            close(entered.pty.master)  // deinit closes it again harmlessly
            #expect(try events(from: entered.session) { !$0.isEmpty } == [.inputClosed])
        }
    }
}

/// Exit paths that end or stop the process, run in a forked child that only makes async-signal-safe calls.
///
/// An extension of the serialized suite, because only one session may hold the process's signal handlers.
extension SessionPseudoTerminalTests {
    /// Forks a child that unblocks the relayed signals, sends itself `signals` with its stderr on
    /// `standardError` and no core dumps, then waits up to a second and exits 0.
    func forkChild(sending signals: [Int32], standardError: Int32? = nil) throws -> pid_t {
        let child = fork()
        try #require(child >= 0)
        if child == 0 {
            if let standardError { dup2(standardError, STDERR_FILENO) }
            var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
            setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
            var unblock = sigset_t()
            sigemptyset(&unblock)
            for signal in SignalRelay.all { sigaddset(&unblock, signal) }
            sigprocmask(SIG_UNBLOCK, &unblock, nil)
            for signal in signals { kill(getpid(), signal) }
            var pause = timespec(tv_sec: 1, tv_nsec: 0)
            nanosleep(&pause, nil)
            _exit(0)
        }
        return child
    }

    @Test("A second SIGTERM restores the terminal and ends the process even if the app is stuck")
    func secondTerminate() throws {
        try withEnteredSession { entered throws in
            let stderr = try CapturedOutput()
            let child = try forkChild(sending: [SIGTERM, SIGTERM], standardError: stderr.writeEnd)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            #expect(status & 0x7F == SIGTERM, "killed by SIGTERM")
            #expect(entered.pty.read(until: TerminalModes.restore).contains(TerminalModes.restore))
            #expect(sameBytes(entered.pty.attributes(), entered.before))
            #expect(stderr.text().hasSuffix(": terminated by SIGTERM\n"))
        }
    }

    @Test("SIGTSTP restores the terminal and stops; SIGCONT re-enters raw mode and the alternate screen")
    func suspendAndContinue() throws {
        try withEnteredSession { entered throws in
            let pty = entered.pty
            let child = try forkChild(sending: [SIGTSTP])
            var status: Int32 = 0
            waitpid(child, &status, WUNTRACED)
            #expect(status & 0xFF == 0x7F && (status >> 8) & 0xFF == SIGTSTP, "stopped by SIGTSTP")
            #expect(pty.read(until: TerminalModes.restore).contains(TerminalModes.restore))
            #expect(sameBytes(pty.attributes(), entered.before))

            kill(child, SIGCONT)
            #expect(pty.read(until: TerminalModes.enter).contains(TerminalModes.enter))
            #expect(pty.attributes().c_lflag & tcflag_t(ICANON | ECHO) == 0)
            kill(child, SIGKILL)
            waitpid(child, &status, 0)
        }
    }
}
