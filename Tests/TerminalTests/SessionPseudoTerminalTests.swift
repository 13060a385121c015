import Glibc
import Testing
@testable import Terminal

/// The glibc pseudo-terminal calls, which the Swift Glibc module does not import, looked up at run time.
enum PseudoTerminalCalls {
    typealias OpenCall = @convention(c) (Int32) -> Int32
    typealias DescriptorCall = @convention(c) (Int32) -> Int32
    typealias NameCall = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

    static func lookUp<Function>(_ name: String, as type: Function.Type) throws -> Function {
        let symbol = try #require(dlsym(dlopen(nil, RTLD_NOW), name), "\(name) not found")
        return unsafeBitCast(symbol, to: type)
    }
}

/// A pseudo-terminal pair made in-process with `posix_openpt`: the session runs on `slave`, the test reads `master`.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    init() throws {
        let openpt = try PseudoTerminalCalls.lookUp("posix_openpt", as: PseudoTerminalCalls.OpenCall.self)
        let grantpt = try PseudoTerminalCalls.lookUp("grantpt", as: PseudoTerminalCalls.DescriptorCall.self)
        let unlockpt = try PseudoTerminalCalls.lookUp("unlockpt", as: PseudoTerminalCalls.DescriptorCall.self)
        let ptsname = try PseudoTerminalCalls.lookUp("ptsname_r", as: PseudoTerminalCalls.NameCall.self)
        master = openpt(O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        try #require(grantpt(master) == 0 && unlockpt(master) == 0)
        var name = [CChar](repeating: 0, count: 256)
        try #require(ptsname(master, &name, name.count) == 0)
        slave = open(String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(slave)
        close(master)
    }

    /// Everything the session wrote, read until `expected` has appeared or a second has passed.
    func read(until expected: [UInt8]) -> [UInt8] {
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<100 where !collected.contains(expected) {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 10) > 0 else { continue }
            let count = Glibc.read(master, &buffer, buffer.count)
            if count > 0 { collected += buffer[..<count] }
        }
        return collected
    }

    /// Types `text` into the terminal.
    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Sets the window size the slave reports.
    func resize(columns: UInt16, rows: UInt16) {
        var window = winsize(ws_row: rows, ws_col: columns, ws_xpixel: columns * 10, ws_ypixel: rows * 20)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
    }

    func attributes() -> termios {
        var attributes = termios()
        _ = tcgetattr(slave, &attributes)
        return attributes
    }
}

func sameBytes(_ left: termios, _ right: termios) -> Bool {
    withUnsafeBytes(of: left) { a in withUnsafeBytes(of: right) { b in a.elementsEqual(b) } }
}

/// Collects session events until `predicate` holds or half a second has passed.
func events(from session: TerminalSession, until predicate: ([SessionEvent]) -> Bool) throws -> [SessionEvent] {
    var collected: [SessionEvent] = []
    for _ in 0..<50 where !predicate(collected) {
        collected += try session.events(timeout: .milliseconds(10))
    }
    return collected
}

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
        for sequence in ["\u{1B}[?1049h", "\u{1B}[?25l", "\u{1B}[?1002h", "\u{1B}[?1006h"] {
            #expect(entered.contains(Array(sequence.utf8)), "\(sequence.dropFirst())")
        }

        session.restore()
        #expect(sameBytes(pty.attributes(), before))
        let restored = pty.read(until: TerminalModes.restore)
        for sequence in ["\u{1B}[?1049l", "\u{1B}[?25h", "\u{1B}[?1002l", "\u{1B}[?1006l"] {
            #expect(restored.contains(Array(sequence.utf8)), "\(sequence.dropFirst())")
        }
        #expect(!session.isActive)

        session.restore()
        #expect(pty.read(until: [0xFF]).isEmpty, "a second restore writes nothing")
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
        let pty = try PseudoTerminal()
        let session = try TerminalSession(input: pty.slave, output: pty.slave)
        try session.enter()
        defer { session.restore() }
        pty.resize(columns: 120, rows: 40)
        for _ in 0..<50 { kill(getpid(), SIGWINCH) }
        var settle = timespec(tv_sec: 0, tv_nsec: 50_000_000)
        nanosleep(&settle, nil)  // process-directed signals may reach other threads a little later
        let collected = try events(from: session) { !$0.isEmpty }
        #expect(collected == [.resized(WindowSize(columns: 120, rows: 40, pixelWidth: 1200, pixelHeight: 800))])
        #expect(try session.events(timeout: .milliseconds(20)).isEmpty, "no second resized")
    }

    @Test("SIGTERM is reported once, for the app to exit cleanly")
    func terminate() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession(input: pty.slave, output: pty.slave)
        try session.enter()
        defer { session.restore() }
        kill(getpid(), SIGTERM)
        #expect(try events(from: session) { !$0.isEmpty } == [.terminate(signal: SIGTERM)])
        #expect(try session.events(timeout: .milliseconds(20)).isEmpty)
        #expect(session.isActive, "the handler leaves the exit to the app")
    }

    @Test("SIGCONT re-enters raw mode and the alternate screen and asks for a redraw")
    func continued() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession(input: pty.slave, output: pty.slave)
        try session.enter()
        defer { session.restore() }
        _ = pty.read(until: TerminalModes.enter)
        var cooked = pty.attributes()
        cooked.c_lflag |= tcflag_t(ICANON | ECHO)
        tcsetattr(pty.slave, TCSANOW, &cooked)

        kill(getpid(), SIGCONT)
        #expect(try events(from: session) { !$0.isEmpty } == [.continued])
        #expect(pty.read(until: TerminalModes.enter).contains(TerminalModes.enter))
        #expect(pty.attributes().c_lflag & tcflag_t(ICANON | ECHO) == 0)
    }

    @Test("Typed bytes arrive as decoded events, including a mouse report split across writes")
    func typedInput() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession(input: pty.slave, output: pty.slave)
        try session.enter()
        defer { session.restore() }
        pty.type(Array("π\r\u{3}\u{1B}[".utf8))
        var collected = try events(from: session) { $0.count == 3 }
        pty.type(Array("<0;10;5M".utf8))
        collected += try events(from: session) { $0.count == 1 }
        #expect(collected == [
            .input(.key(.character("π"))), .input(.key(.enter)), .input(.key(.control("c"))),
            .input(.mouse(MouseEvent(action: .press, button: .left, column: 9, row: 4))),
        ])
    }

    @Test("A lone Escape is reported after the escape timeout")
    func loneEscape() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession(input: pty.slave, output: pty.slave)
        try session.enter()
        defer { session.restore() }
        session.escapeTimeout = .milliseconds(200)
        pty.type([0x1B])
        var settle = timespec(tv_sec: 0, tv_nsec: 20_000_000)
        nanosleep(&settle, nil)
        #expect(try session.events(timeout: .zero).isEmpty, "the Escape is read and held")
        #expect(try session.events(timeout: .zero).isEmpty, "still within the escape timeout")
        let start = ContinuousClock.now
        let late = try events(from: session) { !$0.isEmpty }
        #expect(late == [.input(.key(.escape))])
        #expect(ContinuousClock.now - start > .milliseconds(100))
    }

    @Test("Closing the terminal is reported as input closed")
    func inputClosed() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession(input: pty.slave, output: pty.slave)
        try session.enter()
        defer { session.restore() }
        close(pty.master)  // deinit closes it again harmlessly
        #expect(try events(from: session) { !$0.isEmpty } == [.inputClosed])
    }
}

/// Exit paths that end or stop the process, run in a forked child that only makes async-signal-safe calls.
///
/// An extension of the serialized suite, because only one session may hold the process's signal handlers.
extension SessionPseudoTerminalTests {
    /// Forks a child that unblocks the relayed signals and sends itself `signals`, then waits up to a second.
    func forkChild(sending signals: [Int32]) throws -> pid_t {
        let child = fork()
        try #require(child >= 0)
        if child == 0 {
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
        let pty = try PseudoTerminal()
        let before = pty.attributes()
        let session = try TerminalSession(input: pty.slave, output: pty.slave)
        try session.enter()
        defer { session.restore() }
        _ = pty.read(until: TerminalModes.enter)

        let child = try forkChild(sending: [SIGTERM, SIGTERM])
        var status: Int32 = 0
        waitpid(child, &status, 0)
        #expect(status & 0x7F == SIGTERM, "killed by SIGTERM")
        #expect(pty.read(until: TerminalModes.restore).contains(TerminalModes.restore))
        #expect(sameBytes(pty.attributes(), before))
    }

    @Test("SIGTSTP restores the terminal and stops; SIGCONT re-enters raw mode and the alternate screen")
    func suspendAndContinue() throws {
        let pty = try PseudoTerminal()
        let before = pty.attributes()
        let session = try TerminalSession(input: pty.slave, output: pty.slave)
        try session.enter()
        defer { session.restore() }
        _ = pty.read(until: TerminalModes.enter)

        let child = try forkChild(sending: [SIGTSTP])
        var status: Int32 = 0
        waitpid(child, &status, WUNTRACED)
        #expect(status & 0xFF == 0x7F && (status >> 8) & 0xFF == SIGTSTP, "stopped by SIGTSTP")
        #expect(pty.read(until: TerminalModes.restore).contains(TerminalModes.restore))
        #expect(sameBytes(pty.attributes(), before))

        kill(child, SIGCONT)
        #expect(pty.read(until: TerminalModes.enter).contains(TerminalModes.enter))
        #expect(pty.attributes().c_lflag & tcflag_t(ICANON | ECHO) == 0)
        kill(child, SIGKILL)
        waitpid(child, &status, 0)
    }
}
