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
    /// between its ends filled from the x axis to the curve, on the paper only, so the grid shows
    /// through as under a tint and the curve, the axes and the labels stay on top. The colour is
    /// the curve's lightest coverage level (its colour at low opacity over the paper), or the
    /// grid's where the palette has no levels to spare (a sixel terminal with few registers). A
    /// recorded drawing gets the spans first, under everything, as the pixels have them.
    public func draw(_ shade: AreaShade, under function: (Double) -> Double?, on image: IndexedImage,
                     in viewport: Viewport) -> IndexedImage {
        guard let layout = image.layout, shade.from.isFinite, shade.to.isFinite else { return image }
        let low = viewport.column(forX: min(shade.from, shade.to)), high = viewport.column(forX: max(shade.from, shade.to))
        guard low.isFinite, high.isFinite else { return image }
        let first = max(Int(pixel: low, rounding: .toNearestOrAwayFromZero), 0)
        let last = min(Int(pixel: high, rounding: .toNearestOrAwayFromZero), image.width)
        guard first < last else { return image }
        let ink = layout.levelsPerCurve >= 3 ? layout.slot(curve: shade.curve, level: 1) : PaletteSlot.grid
        // On a log y axis y = 0 lies infinitely far down: the shade reaches the bottom edge.
        let axisRow = viewport.xAxisRow
        // The title band's box is paper drawn over the graph: the shade stays out of it.
        let band = titleBandBox(width: image.width, height: image.height)
        var pixels = image.pixels
        var spans = [Drawing.ShadeSpan]()
        for column in first..<last {
            guard let y = function(viewport.x(atColumn: Double(column) + 0.5)), y.isFinite else { continue }
            let curveRow = viewport.row(forY: y)
            guard !curveRow.isNaN else { continue }  // y ≤ 0 on a log y axis: not on the graph
            let top = max(Int(pixel: min(axisRow, curveRow), rounding: .toNearestOrAwayFromZero), 0)
            let bottom = min(Int(pixel: max(axisRow, curveRow), rounding: .toNearestOrAwayFromZero), image.height)
            guard top < bottom else { continue }
            spans.append(Drawing.ShadeSpan(column: column, top: top, bottom: bottom))
            for row in top..<bottom where pixels[row * image.width + column] == PaletteSlot.background {
                if let band, column >= band.left, column < band.right, row >= band.top, row < band.bottom { continue }
                pixels[row * image.width + column] = ink
            }
        }
        var shaded = image
        shaded.pixels = pixels
        if !spans.isEmpty { shaded.drawing?.operations.insert(.shade(spans, slot: ink), at: 0) }
        return shaded
    }
}
