import Raster

extension TerminalColor {
    /// The colour as xterm shows it with its default palette (its app-defaults `color0` to
    /// `color15`, then the 6×6×6 cube and the 24 greys of the 256-colour palette): what a screen
    /// shot draws for a colour named by number; nil for the terminal's own (`terminalDefault`),
    /// which a screen shot takes from the terminal's defaults.
    public var shownColor: RGB? {
        switch self {
        case .terminalDefault: nil
        case .rgb(let red, let green, let blue): RGB(red, green, blue)
        case .ansi(let number): Self.ansiColors[Int(number & 15)]
        case .indexed(let index) where index < 16: Self.ansiColors[Int(index)]
        case .indexed(let index) where index < 232:
            RGB(Self.cubeLevel((Int(index) - 16) / 36), Self.cubeLevel((Int(index) - 16) / 6 % 6), Self.cubeLevel((Int(index) - 16) % 6))
        case .indexed(let index):
            RGB(UInt8(8 + 10 * (Int(index) - 232)), UInt8(8 + 10 * (Int(index) - 232)), UInt8(8 + 10 * (Int(index) - 232)))
        }
    }

    /// xterm's 16 ANSI colours (XTerm app-defaults, xterm 379).
    static let ansiColors: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// A level of the 256-colour cube: 0, then 95 to 255 in steps of 40.
    private static func cubeLevel(_ step: Int) -> UInt8 {
        step == 0 ? 0 : UInt8(55 + 40 * step)
    }
}

extension ScreenBuffer {
    /// The screen's cells as a screen shot draws them: each style's colours (inverse swapped),
    /// `defaults` where a style leaves a colour to the terminal.
    public func shownCells(defaults: (foreground: RGB, background: RGB)) -> [ScreenPicture.Cell] {
        var cells = [ScreenPicture.Cell]()
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = self[column, row]
                var foreground = cell.style.foreground?.shownColor ?? defaults.foreground
                var background = cell.style.background?.shownColor ?? defaults.background
                if cell.style.isInverse { swap(&foreground, &background) }
                cells.append(ScreenPicture.Cell(cell.character, foreground: foreground, background: background,
                                                isUnderlined: cell.style.isUnderlined, isBold: cell.style.isBold,
                                                width: cell.width))
            }
        }
        return cells
    }
}
