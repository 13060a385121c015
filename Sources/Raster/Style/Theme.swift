/// The colours of a graph; `palette(for:)` expands them into the layout of `PaletteSlot`.
public struct Theme: Equatable, Sendable {
    public var background: RGB
    public var grid: RGB
    public var axis: RGB
    public var label: RGB
    /// The curves' colours in order; a graph with more curves than colours repeats them.
    public var curves: [RGB]

    /// A theme of the given colours; `curve` is the first curve's, `others` the next curves'.
    public init(background: RGB, grid: RGB, axis: RGB, label: RGB, curve: RGB, others: [RGB] = []) {
        self.background = background
        self.grid = grid
        self.axis = axis
        self.label = label
        self.curves = [curve] + others
    }

    /// The most curves one graph shows, each in a colour of its own: the built-in themes have six.
    /// `plot` and the app both hold to it.
    public static let maximumCurves = 6

    /// The first curve's colour.
    public var curve: RGB {
        get { curves.first ?? label }
        set { if curves.isEmpty { curves = [newValue] } else { curves[0] = newValue } }
    }

    /// The colour of curve `index` (from 0).
    public func curveColor(_ index: Int) -> RGB {
        curves.isEmpty ? label : curves[index % curves.count]
    }

    /// Light curves on a near-black background: amber, then Okabe–Ito's colour-blind-safe hues
    /// that stand out on dark paper (sky blue, bluish green, reddish purple, yellow, vermillion).
    public static let dark = Theme(
        background: RGB(17, 20, 26),
        grid: RGB(38, 43, 52),
        axis: RGB(128, 136, 150),
        label: RGB(200, 206, 216),
        curve: RGB(255, 184, 64),
        others: [RGB(86, 180, 233), RGB(0, 158, 115), RGB(204, 121, 167), RGB(240, 228, 66), RGB(213, 94, 0)]
    )

    /// Dark curves on white: blue, then Okabe–Ito's hues that read on white (vermillion, bluish
    /// green, reddish purple, orange, sky blue).
    public static let light = Theme(
        background: RGB(255, 255, 255),
        grid: RGB(230, 233, 238),
        axis: RGB(110, 116, 126),
        label: RGB(50, 54, 60),
        curve: RGB(21, 101, 192),
        others: [RGB(213, 94, 0), RGB(0, 158, 115), RGB(204, 121, 167), RGB(230, 159, 0), RGB(86, 180, 233)]
    )

    /// The colours of a one-curve graph, in `PaletteSlot` order.
    public var palette: [RGB] { palette(for: .single) }

    /// The colours in `PaletteSlot` order for `layout`, blended over the background in linear light.
    public func palette(for layout: PaletteLayout) -> [RGB] {
        var colors = [background, grid, axis]
        for level in 1...PaletteSlot.labelLevels {
            colors.append(LinearBlend.mix(background, label, Double(level) / Double(PaletteSlot.labelLevels)))
        }
        for curve in 0..<layout.curveCount {
            for level in 1...layout.levelsPerCurve {
                colors.append(LinearBlend.mix(background, curveColor(curve),
                                              Double(level) / Double(layout.levelsPerCurve)))
            }
        }
        return colors
    }
}
