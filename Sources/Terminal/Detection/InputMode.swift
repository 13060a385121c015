#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts a tty in non-canonical, no-echo mode for the length of a closure, then restores it.
enum InputMode {
    /// `body`'s result, run with `fd` raw (no canonical lines, no echo, no signals, reads return at once);
    /// nil when `fd` is not a terminal whose mode can be read and set.
    static func withRawInput<T>(_ fd: Int32, _ body: () -> T) -> T? {
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
        defer { _ = tcsetattr(fd, TCSANOW, &saved) }
        return body()
    }
}
