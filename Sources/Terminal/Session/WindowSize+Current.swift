import Glibc

extension WindowSize {
    /// The window size of the terminal open on `descriptor` (`TIOCGWINSZ`), or nil when it has none.
    static func current(of descriptor: Int32) -> WindowSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return WindowSize(columns: Int(size.ws_col), rows: Int(size.ws_row),
                          pixelWidth: Int(size.ws_xpixel), pixelHeight: Int(size.ws_ypixel))
    }
}
