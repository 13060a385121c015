#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The NO_COLOR convention (https://no-color.org): when `NO_COLOR` is set and not empty, text
/// gcview writes carries no colour. That is the braille graph and the app's text; a picture's
/// pixels (sixel, kitty, iTerm2, PNG, SVG, GIF) are what is drawn and keep their colours.
enum NoColor {
    /// Whether text may be coloured: false when `NO_COLOR` is set to anything but the empty
    /// string. Read by `getenv(3)`, as `GCVIEW_PROTOCOL` is, not the whole environment.
    static var allowsColour: Bool {
        guard let value = getenv("NO_COLOR") else { return true }
        return value.pointee == 0
    }
}
