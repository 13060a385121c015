import Foundation
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
}
