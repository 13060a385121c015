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

    /// Whether the session's side has input waiting to be read (what a shell would read next).
    func slaveHasInput(waitingMilliseconds: Int32 = 0) -> Bool {
        var descriptor = pollfd(fd: slave, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, waitingMilliseconds) > 0
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

/// A session entered on a fresh pseudo-terminal, and the terminal's attributes from before it was entered.
struct EnteredSession {
    let pty: PseudoTerminal
    let session: TerminalSession
    let before: termios
}

/// Runs `body` with a session entered on a new pseudo-terminal (its enter sequence already read), then restores it.
func withEnteredSession(_ body: (EnteredSession) throws -> Void) throws {
    let pty = try PseudoTerminal()
    let before = pty.attributes()
    let session = try TerminalSession(input: pty.slave, output: pty.slave)
    try session.enter()
    defer { session.restore() }
    _ = pty.read(until: TerminalModes.enter)
    try body(EnteredSession(pty: pty, session: session, before: before))
}

/// Sleeps for `milliseconds`.
func pause(milliseconds: Int) {
    var interval = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    nanosleep(&interval, nil)
}

/// A pipe a forked child writes to (its stderr, say), read back by the test once the child has ended.
final class CapturedOutput {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        readEnd = ends[0]
        writeEnd = ends[1]
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Everything written so far, as text.
    func text() -> String {
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            collected += buffer[..<count]
        }
        return String(decoding: collected, as: UTF8.self)
    }
}
