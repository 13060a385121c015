import Raster
/// The one set of bounds on sizes, for every number from outside that says how big something is.
///
/// Terminal replies (`CSI 16 t`, `CSI 14 t`, XTSMGRAPHICS), `TIOCGWINSZ` and `plot --size` are all
/// checked against these where they enter gcview: a value outside is refused (and `gcview probe`
/// says so), never trusted. A picture is never larger than `side` a side, whatever its pane.
public enum SizeLimits {
    /// The sides of a picture gcview renders: `plot --size`, the app's graph pane, a kitty panorama.
    public static let side = 16...10_000
    /// The sides of one character cell.
    public static let cell = 1...1_000
    /// The sides of a terminal's text area or largest sixel picture as reported. Smaller than a
    /// picture's lower bound is allowed: a tiny window is still a window.
    public static let area = 1...side.upperBound
    /// The sides of the largest sixel picture a terminal may report (XTSMGRAPHICS): Konsole says
    /// 16384x16384. Beyond `side` it limits nothing gcview draws.
    public static let sixelMaximum = 1...65_536
    /// The sixel colour registers a terminal may report (VT340: 16, xterm: up to 1024).
    public static let colorRegisters = 2...65_536
    /// The columns of a window drawn: a wider one is drawn in its first 4000 (a 7680 px screen
    /// in a 2 px font is 3840).
    public static let columns = 1...4_000
    /// The rows of a window drawn: a taller one is drawn in its first 2000.
    public static let rows = 1...2_000

    /// `size` when both its sides are within `range`, else nil.
    public static func checked(_ size: PixelSize, within range: ClosedRange<Int>) -> PixelSize? {
        range.contains(size.width) && range.contains(size.height) ? size : nil
    }

    /// `size` with each side brought within `side`'s upper bound (and at least 1).
    public static func clampedPicture(_ size: PixelSize) -> PixelSize {
        PixelSize(width: min(max(size.width, 1), side.upperBound), height: min(max(size.height, 1), side.upperBound))
    }
}

extension WindowSize {
    /// This size with its pixels dropped (0: unknown) when they imply a cell or a text area beyond
    /// `SizeLimits`; nil when nothing had to be dropped. A window of 300x100 cells that claims
    /// 65535x65535 pixels keeps its cells and loses its pixels.
    public var refusingAbsurdPixels: WindowSize? {
        guard pixelWidth != 0 || pixelHeight != 0 else { return nil }
        let cellOK = SizeLimits.cell.contains(cellWidth) && SizeLimits.cell.contains(cellHeight)
        let areaOK = SizeLimits.area.contains(pixelWidth) && SizeLimits.area.contains(pixelHeight)
        guard !(cellOK && areaOK) else { return nil }
        return WindowSize(columns: columns, rows: rows)
    }

    /// This size within `SizeLimits`: absurd pixels dropped (see `refusingAbsurdPixels`), then
    /// the cells (and their pixels, in proportion) cut to `SizeLimits.columns` and `rows`.
    public var withinLimits: WindowSize {
        var size = refusingAbsurdPixels ?? self
        let columns = min(max(size.columns, SizeLimits.columns.lowerBound), SizeLimits.columns.upperBound)
        let rows = min(max(size.rows, SizeLimits.rows.lowerBound), SizeLimits.rows.upperBound)
        if columns != size.columns || rows != size.rows, size.pixelWidth > 0, size.pixelHeight > 0 {
            size.pixelWidth = size.cellWidth * columns
            size.pixelHeight = size.cellHeight * rows
        }
        size.columns = columns
        size.rows = rows
        return size
    }
}
