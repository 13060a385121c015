/// A terminal color: one of the 16 ANSI colors, a 256-color palette index, or 24-bit RGB.
public enum TerminalColor: Hashable, Sendable {
    /// ANSI colors 0–7 and their bright variants 8–15.
    case ansi(UInt8)
    /// The 256-color palette.
    case indexed(UInt8)
    /// 24-bit color.
    case rgb(UInt8, UInt8, UInt8)

    /// SGR parameters for this color as foreground (`isBackground` false) or background.
    func parameters(isBackground: Bool) -> String {
        let base = isBackground ? 40 : 30
        switch self {
        case .ansi(let number) where number < 8: return "\(base + Int(number))"
        case .ansi(let number): return "\(base + 60 + Int(number & 7))"
        case .indexed(let index): return "\(base + 8);5;\(index)"
        case .rgb(let red, let green, let blue): return "\(base + 8);2;\(red);\(green);\(blue)"
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

    /// The SGR sequence that sets exactly this style, starting from a reset.
    public var selectGraphicRendition: [UInt8] {
        var parameters = ["0"]
        if isBold { parameters.append("1") }
        if isUnderlined { parameters.append("4") }
        if isInverse { parameters.append("7") }
        if let foreground { parameters.append(foreground.parameters(isBackground: false)) }
        if let background { parameters.append(background.parameters(isBackground: true)) }
        return Array("\u{1B}[\(parameters.joined(separator: ";"))m".utf8)
    }
}
