/// The region between a curve and the x axis over an interval, shaded in the curve's colour at
/// low opacity: the area a trace measured.
public struct AreaShade: Sendable, Equatable {
    /// The ends, in graph units, in either order.
    public var from: Double
    public var to: Double
    /// The curve whose colour shades it, in colour order.
    public var curve: Int

    /// The region under curve `curve` from `from` to `to`.
    public init(from: Double, to: Double, curve: Int) {
        self.from = from
        self.to = to
        self.curve = curve
    }
}

extension GraphRenderer {
    /// `image` (rendered in `viewport`) with `shade` drawn under `function`: each pixel column
    /// between its ends filled from the x axis to the curve, on the paper and the grid only, so the
    /// curve, the axes and the labels stay on top. The colour is the curve's lightest coverage
    /// level (its colour at low opacity over the paper), or the grid's where the palette has no
    /// levels to spare (a sixel terminal with few registers).
    public func draw(_ shade: AreaShade, under function: (Double) -> Double?, on image: IndexedImage,
                     in viewport: Viewport) -> IndexedImage {
        guard let layout = image.layout, shade.from.isFinite, shade.to.isFinite else { return image }
        let low = viewport.column(forX: min(shade.from, shade.to)), high = viewport.column(forX: max(shade.from, shade.to))
        guard low.isFinite, high.isFinite else { return image }
        let first = max(Int(low.rounded()), 0), last = min(Int(high.rounded()), image.width)
        guard first < last else { return image }
        let ink = layout.levelsPerCurve >= 3 ? layout.slot(curve: shade.curve, level: 1) : PaletteSlot.grid
        let axisRow = viewport.row(forY: 0)
        var pixels = image.pixels
        for column in first..<last {
            guard let y = function(viewport.x(atColumn: Double(column) + 0.5)), y.isFinite else { continue }
            let curveRow = viewport.row(forY: y)
            let top = max(Int(min(axisRow, curveRow).rounded()), 0)
            let bottom = min(Int(max(axisRow, curveRow).rounded()), image.height)
            guard top < bottom else { continue }
            for row in top..<bottom {
                let index = row * image.width + column
                if pixels[index] == PaletteSlot.background || pixels[index] == PaletteSlot.grid { pixels[index] = ink }
            }
        }
        var shaded = image
        shaded.pixels = pixels
        return shaded
    }
}
