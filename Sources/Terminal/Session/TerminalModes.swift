import Glibc

/// The escape sequences and termios settings a session switches on and off.
enum TerminalModes {
    /// Alternate screen, then `reporting`.
    static let enter = Array("\u{1B}[?1049h".utf8) + reporting
    /// What `enter` turns on besides the alternate screen: hidden cursor, button-event mouse
    /// tracking, SGR mouse encoding, bracketed paste, colour-scheme reports (DEC mode 2031: kitty
    /// 0.38 and later, Ghostty and others say `CSI ? 997 ; 1 n` or `2 n` when their colours turn
    /// dark or light; the rest ignore a mode they do not know).
    static let reporting = Array("\u{1B}[?25l\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[?2031h".utf8)
    /// Focus reporting (`CSI I` on focus in, `CSI O` on focus out), on only where the backend asks
    /// for it (`GraphicsAbilities.sendsAgainOnFocus`).
    static let focusReporting = Array("\u{1B}[?1004h".utf8)
    /// The reverse of `enter` (and of `focusReporting`), in reverse order, after resetting colors.
    static let restore = Array("\u{1B}[0m\u{1B}[?1004l\u{1B}[?2031l\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// Inline (a picture played under the prompt, `plot --animate`): the cursor hidden, nothing else.
    static let enterInline = Array("\u{1B}[?25l".utf8)
    /// The reverse of `enterInline`, after ending any string a frame cut short left open (ST) and
    /// resetting colours.
    static let restoreInline = Array("\u{1B}\\\u{1B}[0m\u{1B}[?25h".utf8)

    /// Raw input like `cfmakeraw`, but with output post-processing left on so "\n" still moves to column 0.
    ///
    /// No echo, no line editing, no signals from Ctrl-C/Ctrl-Z/Ctrl-\ (they arrive as bytes),
    /// no CR→NL translation, no flow control, 8-bit characters, `read` returns after one byte.
    static func raw(from original: termios) -> termios {
        var raw = original
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_oflag |= tcflag_t(OPOST | ONLCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return raw
    }
}
