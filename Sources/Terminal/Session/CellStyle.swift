/// A terminal color: one of the 16 ANSI colors, a 256-color palette index, or 24-bit RGB.
public enum TerminalColor: Hashable, Sendable {
    /// ANSI colors 0–7 and their bright variants 8–15.
    case ansi(UInt8)
    /// The 256-color palette.
    case indexed(UInt8)
    /// 24-bit color.
    case rgb(UInt8, UInt8, UInt8)
    /// The terminal's own color, set explicitly (SGR 39 or 49): shown as no color at all, but a
    /// style that differs from the plain one, so text drawn in it over a picture is written again
    /// (`ScreenBuffer.blank` is what nothing was drawn in). For text without color (NO_COLOR).
    case terminalDefault

    /// SGR parameters for this color as foreground (`isBackground` false) or background.
    func parameters(isBackground: Bool) -> [String] {
        let base = isBackground ? 40 : 30
        switch self {
        case .ansi(let number) where number < 8: return ["\(base + Int(number))"]
        case .ansi(let number): return ["\(base + 60 + Int(number & 7))"]
        case .indexed(let index): return ["\(base + 8)", "5", "\(index)"]
        case .rgb(let red, let green, let blue): return ["\(base + 8)", "2", "\(red)", "\(green)", "\(blue)"]
        case .terminalDefault: return ["\(base + 9)"]
        }
    }
}

/// How a cell's text is drawn: colors and attributes.
public struct CellStyle: Hashable, Sendable {
    /// Text color, or nil for the terminal's default.
    public var foreground: TerminalColor?
    /// Background color, or nil for the terminal's default.
    public var background: TerminalColor?
    public var isBold: Bool
    public var isUnderlined: Bool
    public var isInverse: Bool

    /// A style; the default is the terminal's plain text.
    public init(foreground: TerminalColor? = nil, background: TerminalColor? = nil,
                isBold: Bool = false, isUnderlined: Bool = false, isInverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.isBold = isBold
        self.isUnderlined = isUnderlined
        self.isInverse = isInverse
    }

    /// The terminal's default style.
    public static let plain = CellStyle()

    /// The most parameters one SGR sequence carries. mlterm 3.9 misreads longer ones (bold with a
    /// 24-bit foreground and background, 12 parameters, loses its background), so a style is
    /// written as several short sequences: a 24-bit colour (5 parameters) always has its own.
    public static let maximumParameters = 5

    /// The SGR sequences that set exactly this style, starting from a reset: the reset and the
    /// attributes, then each colour, packed into sequences of at most `maximumParameters`
    /// parameters without splitting a colour (`0;1;31;42` stays one sequence).
    public var selectGraphicRendition: [UInt8] {
        var groups = [["0"]]
        if isBold { groups.append(["1"]) }
        if isUnderlined { groups.append(["4"]) }
        if isInverse { groups.append(["7"]) }
        if let foreground { groups.append(foreground.parameters(isBackground: false)) }
        if let background { groups.append(background.parameters(isBackground: true)) }
        var sequences = [[String]]()
        for group in groups {
            if let last = sequences.last, last.count + group.count <= Self.maximumParameters {
                sequences[sequences.count - 1] += group
            } else {
                sequences.append(group)
            }
        }
        return sequences.flatMap { Array("\u{1B}[\($0.joined(separator: ";"))m".utf8) }
    }
}
