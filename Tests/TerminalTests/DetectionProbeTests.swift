import Foundation
import Raster
import Testing
import Terminal

@Suite("Terminal probe")
struct DetectionProbeTests {
    @Test("no query is written when input and output are pipes, not ttys")
    func notATerminal() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let window = WindowSize(columns: 80, rows: 24, pixelWidth: 640, pixelHeight: 384)
        let capabilities = TerminalProbe.detect(input: fds[0], output: fds[1], winsize: window, environment: [:])
        var request = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&request, 1, 0) == 0, "something was written to the pipe")
        #expect(capabilities.graphicsProtocol == .unicode)
        #expect(capabilities.cellSize == PixelSize(width: 8, height: 16))
        #expect(capabilities.notes.first == "not a terminal: no queries sent")
    }

    @Test("over a pseudo-terminal: the batch ends in DA1, kitty's recorded replies are understood")
    func pseudoTerminal() throws {
        // posix_openpt and friends are not visible from Swift's Glibc; do what they do on Linux.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN are _IOW/_IOR macros Swift cannot import; these are their Linux values.
        let setLock: UInt = 0x4004_5431, getNumber: UInt = 0x8004_5430
        #expect(ioctl(master, setLock, &unlock) == 0 && ioctl(master, getNumber, &number) == 0)
        let name = "/dev/pts/\(number)"
        let slave = open(name, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        defer { close(slave) }
        let replies = try ReplyFixtures.bytes("kitty")
        // The fake terminal: wait for the DA1 query, then answer everything at once.
        let terminal = Thread {
            var seen = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 512)
            while !seen.suffix(3).elementsEqual(Array("\u{1B}[c".utf8)) {
                let n = read(master, &buffer, buffer.count)
                if n <= 0 { return }
                seen += buffer[0..<n]
            }
            _ = replies.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
        terminal.start()
        let capabilities = TerminalProbe.detect(input: slave, output: slave, winsize: WindowSize(columns: 80, rows: 24),
                                                timeout: .seconds(2), environment: [:])
        #expect(capabilities.graphicsProtocol == .kitty)
        #expect(capabilities.cellSize == PixelSize(width: 9, height: 20))
        #expect(capabilities.isDark == true)
        // Echo was off while the replies arrived: nothing comes back to the "terminal".
        var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        #expect(poll(&request, 1, 50) == 0)
    }

    @Test("a terminal that never answers: the probe gives up within 250 ms")
    func silentTerminal() throws {
        let pty = try PseudoTerminal()
        let start = ContinuousClock.now
        let capabilities = TerminalProbe.detect(input: pty.slave, output: pty.slave,
                                                winsize: WindowSize(columns: 80, rows: 24), environment: [:])
        let elapsed = ContinuousClock.now - start
        // A correctness bound on the timeout, not a speed test.
        #expect(elapsed < .milliseconds(250) + .milliseconds(40), "gave up after \(elapsed)")
        #expect(capabilities.notes.contains("no DA1 reply: terminal silent or too slow"))
        #expect(capabilities.graphicsProtocol == .unicode)
    }

    @Test("a slow terminal's replies after the deadline are discarded: none is echoed or left for the shell")
    func lateReplies() throws {
        let pty = try PseudoTerminal()
        let replies = try ReplyFixtures.bytes("kitty")
        let answered = DispatchSemaphore(value: 0)
        let master = pty.master
        // The slow terminal: wait for the DA1 query, then answer 150 ms later, after the 50 ms deadline.
        let terminal = Thread {
            defer { answered.signal() }
            guard awaitQueries(on: master) else { return }
            pause(milliseconds: 150)
            _ = replies.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
        let sent = ContinuousClock.now
        terminal.start()
        let capabilities = TerminalProbe.detect(input: pty.slave, output: pty.slave,
                                                winsize: WindowSize(columns: 80, rows: 24),
                                                timeout: .milliseconds(50), environment: [:])
        #expect(!capabilities.answeredInTime)
        #expect(capabilities.notes.contains("no DA1 reply: terminal silent or too slow"), "late replies are not used")
        TerminalProbe.discardLateReplies(input: pty.slave, until: sent + .milliseconds(600))
        #expect(answered.wait(timeout: .now() + 3) == .success)
        #expect(!pty.slaveHasInput(waitingMilliseconds: 100), "a late reply is left in the terminal's input")
        var request = pollfd(fd: pty.master, events: Int16(POLLIN), revents: 0)
        #expect(poll(&request, 1, 0) == 0, "a late reply was echoed")
        #expect(ContinuousClock.now - sent < .milliseconds(600), "the discarding ends with DA1")
    }

    @Test("a terminal that answers in time is not waited for again")
    func answeredInTime() throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("kitty"))
        #expect(TerminalCapabilities(replies: replies, window: nil).answeredInTime)
        #expect(!TerminalCapabilities(replies: ReplyParser.parse(try ReplyFixtures.bytes("truncated")), window: nil).answeredInTime)
    }
}

/// Reads `master` until the probe's DA1 query (`CSI c`, which comes last) has arrived; false after two seconds.
func awaitQueries(on master: Int32) -> Bool {
    var seen = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 512)
    for _ in 0..<200 where !seen.suffix(3).elementsEqual(Array("\u{1B}[c".utf8)) {
        var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, 10) > 0 else { continue }
        let count = read(master, &buffer, buffer.count)
        if count > 0 { seen += buffer[0..<count] }
    }
    return seen.suffix(3).elementsEqual(Array("\u{1B}[c".utf8))
}
