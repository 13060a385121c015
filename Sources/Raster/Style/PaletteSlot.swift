/// The palette layout every graph image uses: fixed slots, then each curve's coverage levels.
///
/// | index | colour |
/// |-------|--------|
/// | 0     | background |
/// | 1     | grid (faint) |
/// | 2     | axes and tick marks |
/// | 3…5   | label ink at 1/3, 2/3 and full coverage over the background |
/// | 6…    | curve 1 at 1/L … L/L coverage, then curve 2, … (`PaletteLayout`) |
///
/// Blends are computed in linear light and stored as sRGB, so encoders never quantize. One
/// curve takes 10 colours, well within the 16 colour registers of a VT340-style Sixel terminal.
public enum PaletteSlot {
    /// The background colour.
    public static let background: UInt8 = 0
    /// The faint grid colour.
    public static let grid: UInt8 = 1
    /// The axis colour.
    public static let axis: UInt8 = 2
    /// The first of the label ink levels.
    public static let firstLabel: UInt8 = 3
    /// How many label ink levels there are.
    public static let labelLevels = 3
    /// The full-strength label ink.
    public static let fullLabel: UInt8 = firstLabel + UInt8(labelLevels - 1)
    /// The first of the curve coverage levels.
    public static let firstCurve: UInt8 = 6
    /// How many coverage levels a curve has when the palette has room.
    public static let curveLevels = 4
    /// The palette size of a one-curve graph.
    public static let count = Int(firstCurve) + curveLevels

    /// The label slot for a coverage of 0…255, or nil when the coverage rounds to nothing.
    static func label(coverage: UInt8) -> UInt8? {
        let level = (Int(coverage) * labelLevels + 127) / 255
        return level == 0 ? nil : firstLabel + UInt8(level - 1)
    }

    /// Whether `index` is one of the curve levels.
    static func isCurve(_ index: UInt8) -> Bool {
        index >= firstCurve
    }
}
