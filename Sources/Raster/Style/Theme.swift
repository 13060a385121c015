/// The colours of a graph; `palette` expands them into the fixed layout of `PaletteSlot`.
public struct Theme: Equatable, Sendable {
    public var background: RGB
    public var grid: RGB
    public var axis: RGB
    public var label: RGB
    public var curve: RGB

    /// A theme of the given colours.
    public init(background: RGB, grid: RGB, axis: RGB, label: RGB, curve: RGB) {
        self.background = background
        self.grid = grid
        self.axis = axis
        self.label = label
        self.curve = curve
    }

    /// Light curve on a near-black background.
    public static let dark = Theme(
        background: RGB(17, 20, 26),
        grid: RGB(38, 43, 52),
        axis: RGB(128, 136, 150),
        label: RGB(200, 206, 216),
        curve: RGB(255, 184, 64)
    )

    /// Dark curve on white.
    public static let light = Theme(
        background: RGB(255, 255, 255),
        grid: RGB(230, 233, 238),
        axis: RGB(110, 116, 126),
        label: RGB(50, 54, 60),
        curve: RGB(21, 101, 192)
    )

    /// The colours in `PaletteSlot` order, blended over the background in linear light.
    public var palette: [RGB] {
        var colors = [background, grid, axis]
        for level in 1...PaletteSlot.labelLevels {
            colors.append(LinearBlend.mix(background, label, Double(level) / Double(PaletteSlot.labelLevels)))
        }
        for level in 1...PaletteSlot.curveLevels {
            colors.append(LinearBlend.mix(background, curve, Double(level) / Double(PaletteSlot.curveLevels)))
        }
        return colors
    }
}
