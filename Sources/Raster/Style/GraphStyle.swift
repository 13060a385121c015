/// How a graph looks: colours, curve width, label size and an optional title.
public struct GraphStyle: Sendable {
    /// The colours.
    public var theme: Theme
    /// The curve width in pixels (scale it with the terminal cell size).
    public var lineWidth: Double
    /// The line height of labels in pixels (pass the terminal cell height).
    public var labelPixelHeight: Int
    /// Text drawn top-left on a background box, or nil.
    public var title: String?
    /// The curves' names, in order, for a legend under the title; drawn when there are two or more.
    public var legend: [String] = []
    /// The most colours an image may use (a sixel terminal's colour registers); nil for 256.
    /// Several curves get fewer anti-aliasing levels each to fit (`PaletteLayout`).
    public var paletteLimit: Int?
    /// The size of a terminal cell in this picture's pixels when the terminal shows the picture
    /// as text cells (braille dots), where a mark is a highlighted cell rather than a ring; nil
    /// for a picture shown in pixels.
    public var textCell: PixelSize?
    /// Whether to draw the faint grid at the ticks.
    public var showsGrid: Bool
    /// The least distance between ticks in pixels.
    public var minimumTickSpacing: Double
    /// What follows each x tick label: "°" for a graph in degrees, else nothing.
    public var xLabelSuffix = ""
    /// How the x axis's ticks read: as numbers, or as dates and times (`AxisReading.time`).
    public var xReading = AxisReading.number
    /// How the y axis's ticks read.
    public var yReading = AxisReading.number
    /// Boxes drawn over the picture afterwards (the popover's), in its pixels: no tick label is
    /// placed reaching one, as none is under the title band; each label is whole or left out.
    public var labelsKeptClear: [PixelRect] = []

    /// A style; the defaults suit a 16-pixel terminal cell.
    public init(
        theme: Theme = .dark,
        lineWidth: Double = 2,
        labelPixelHeight: Int = 16,
        title: String? = nil,
        showsGrid: Bool = true,
        minimumTickSpacing: Double? = nil
    ) {
        self.theme = theme
        self.lineWidth = lineWidth
        self.labelPixelHeight = labelPixelHeight
        self.title = title
        self.showsGrid = showsGrid
        self.minimumTickSpacing = minimumTickSpacing ?? Double(max(labelPixelHeight, 8)) * 3.5
    }
}

/// How an axis's ticks are chosen and read: numbers on the 1-2-5 ladder, or, on a linear axis,
/// the values as seconds since 1970-01-01 00:00:00 UTC, ticked on calendar steps and labelled as
/// dates and times in UTC (`2026`, `2026-03`, `Mar 14`, `14:30`; `TimeLadder`). A time axis falls
/// back to number ticks where no calendar step fits: a log axis, a view of less than a few
/// milliseconds or more than tens of thousands of years, or one wholly outside the years 1 to 9999.
public enum AxisReading: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
    case number
    case time
}

extension GraphStyle {
    /// A style sized for text of `textHeight` pixels (a terminal's cell height): labels that
    /// height, and a curve whose width grows with it.
    public static func sized(forTextHeight textHeight: Int, theme: Theme = .dark, title: String? = nil) -> GraphStyle {
        let height = min(max(textHeight, 8), 64)
        return GraphStyle(theme: theme, lineWidth: max(1.5, Double(height) / 8), labelPixelHeight: height, title: title,
                          showsGrid: false)
    }
}
