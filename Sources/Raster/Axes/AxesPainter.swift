/// Draws the grid, the axes with tick marks, and tick labels that never overlap.
///
/// Labels sit beside their axis; when an axis is off-screen its labels stay pinned at the
/// nearest image edge. A label that would collide with one already placed (or with a reserved
/// area such as the title) is skipped, and the 0 labels are hidden where the axes cross inside the image.
/// Along its axis a label is cut at the image edge rather than skipped, so a picture panned
/// along the axes shows its labels as a larger picture of the same graph does (`pansRigidly`).
struct AxesPainter {
    let viewport: Viewport
    let style: GraphStyle
    let text: TextPainter?

    private var tickLength: Int { max(3, style.labelPixelHeight / 4) }
    private var gap: Int { max(2, style.labelPixelHeight / 5) }

    var xLadder: TickLadder { TickLadder(pixelsPerUnit: viewport.scaleX, minimumSpacing: style.minimumTickSpacing) }
    var yLadder: TickLadder { TickLadder(pixelsPerUnit: viewport.scaleY, minimumSpacing: style.minimumTickSpacing * 0.6) }

    /// The pixel column of the y axis (may lie outside the image).
    private var axisColumn: Int { Int(pixel: viewport.origin.x) }
    /// The pixel row of the x axis (may lie outside the image).
    private var axisRow: Int { Int(pixel: viewport.origin.y) }

    /// Grid, axes and ticks, then the labels, avoiding `reserved` areas.
    func draw(on canvas: inout Canvas, avoiding reserved: [PixelRect]) {
        let xTicks = xTicks, yTicks = yTicks
        if style.showsGrid {
            for tick in xTicks where tick.pixel != axisColumn {
                canvas.verticalLine(column: tick.pixel, from: 0, to: canvas.height, index: PaletteSlot.grid)
            }
            for tick in yTicks where tick.pixel != axisRow {
                canvas.horizontalLine(row: tick.pixel, from: 0, to: canvas.width, index: PaletteSlot.grid)
            }
        }
        canvas.horizontalLine(row: axisRow, from: 0, to: canvas.width, index: PaletteSlot.axis)
        canvas.verticalLine(column: axisColumn, from: 0, to: canvas.height, index: PaletteSlot.axis)
        let half = tickLength / 2
        for tick in xTicks {
            canvas.verticalLine(column: tick.pixel, from: axisRow - half, to: axisRow + half + 1, index: PaletteSlot.axis)
        }
        for tick in yTicks {
            canvas.horizontalLine(row: tick.pixel, from: axisColumn - half, to: axisColumn + half + 1, index: PaletteSlot.axis)
        }
        guard let text else { return }
        var placed = reserved
        let xAxisVisible = axisRow >= 0 && axisRow < canvas.height
        let yAxisVisible = axisColumn >= 0 && axisColumn < canvas.width
        for tick in xLabelTicks where !(tick.index == 0 && yAxisVisible && xAxisVisible) {
            let label = xLadder.label(at: tick.index)
            let rect = xLabelRect(width: text.width(of: label), at: tick.pixel, text: text, canvas: canvas)
            place(label, in: rect, text: text, placed: &placed, canvas: &canvas)
        }
        for tick in yLabelTicks where !(tick.index == 0 && yAxisVisible && xAxisVisible) {
            let label = yLadder.label(at: tick.index)
            let rect = yLabelRect(width: text.width(of: label), at: tick.pixel, text: text, canvas: canvas)
            place(label, in: rect, text: text, placed: &placed, canvas: &canvas)
        }
    }

    /// A tick: its index on the ladder and the whole pixel it falls on.
    struct Tick {
        let index: Int
        let pixel: Int
    }

    /// The x ticks inside the image, left to right.
    var xTicks: [Tick] { ticks(xLadder, in: viewport.xRange) { viewport.pixelColumn(forX: $0) } }
    /// The y ticks inside the image, bottom to top.
    var yTicks: [Tick] { ticks(yLadder, in: viewport.yRange) { viewport.pixelRow(forY: $0) } }

    /// How far beyond the image a tick's label can reach into it: labels are short numbers.
    private var labelReach: Double { Double(max(style.labelPixelHeight, 4) * 12) }
    /// The x ticks whose labels may show, cut at the image's left or right edge.
    var xLabelTicks: [Tick] {
        let range = viewport.x(atColumn: -labelReach)...viewport.x(atColumn: Double(viewport.width) + labelReach)
        return ticks(xLadder, in: range) { viewport.pixelColumn(forX: $0) }
    }
    /// The y ticks whose labels may show, cut at the image's top or bottom edge.
    var yLabelTicks: [Tick] {
        let range = viewport.y(atRow: Double(viewport.height) + labelReach)...viewport.y(atRow: -labelReach)
        return ticks(yLadder, in: range) { viewport.pixelRow(forY: $0) }
    }

    /// Whether every label sits beside its axis, where it moves with the graph: both axes cross
    /// inside the image and no label is pinned to an edge or moved to the far side of its axis.
    /// Then a pan moves the whole picture rigidly, and a picture of this viewport is, pixel for
    /// pixel, the matching crop of a larger one of the same graph (up to labels that collide).
    var pansRigidly: Bool {
        guard axisRow >= 0, axisRow < viewport.height, axisColumn >= 0, axisColumn < viewport.width else { return false }
        guard let text else { return true }
        let lineHeight = text.metrics.lineHeight
        let top = axisRow + tickLength / 2 + gap
        guard top >= 2, top + lineHeight <= viewport.height - 2 else { return false }
        let right = axisColumn - tickLength / 2 - gap
        for tick in yLabelTicks where tick.index != 0 {
            let top = tick.pixel - lineHeight / 2
            guard top < viewport.height, top + lineHeight > 0 else { continue }
            if right - text.width(of: yLadder.label(at: tick.index)) < 3 { return false }
        }
        return true
    }

    /// The ticks of `ladder` in `range`; none when there are too many. Tick indices stay below 1e15
    /// (`TickLadder.firstIndex`), where Doubles still tell neighbouring ticks and their pixels apart;
    /// beyond that there are no ticks rather than merged ones.
    private func ticks(_ ladder: TickLadder, in range: ClosedRange<Double>, pixel: (Double) -> Int) -> [Tick] {
        guard let indices = ladder.indices(in: range), indices.count <= 1000 else { return [] }
        return indices.map { Tick(index: $0, pixel: pixel(ladder.value(at: $0))) }
    }

    /// Centered under the tick, below the x axis (above it when there is no room), pinned inside the image.
    private func xLabelRect(width: Int, at column: Int, text: TextPainter, canvas: Canvas) -> PixelRect {
        let lineHeight = text.metrics.lineHeight
        let margin = 2
        var top = axisRow + tickLength / 2 + gap
        if top + lineHeight > canvas.height - margin, axisRow >= 0 {
            top = axisRow - tickLength / 2 - gap - lineHeight
        }
        top = min(max(top, margin), canvas.height - margin - lineHeight)
        let left = column - width / 2
        return PixelRect(left: left, top: top, right: left + width, bottom: top + lineHeight)
    }

    /// Vertically centered on the tick, left of the y axis (right of it when there is no room), pinned inside the image.
    private func yLabelRect(width: Int, at row: Int, text: TextPainter, canvas: Canvas) -> PixelRect {
        let lineHeight = text.metrics.lineHeight
        let margin = 3
        var left = axisColumn - tickLength / 2 - gap - width
        if left < margin, axisColumn < canvas.width {
            left = axisColumn + tickLength / 2 + gap
        }
        left = min(max(left, margin), canvas.width - margin - width)
        let top = row - lineHeight / 2
        return PixelRect(left: left, top: top, right: left + width, bottom: top + lineHeight)
    }

    /// Draws `label` on a background box, cut at the image's edges, when it clears every placed label.
    private func place(_ label: String, in rect: PixelRect, text: TextPainter, placed: inout [PixelRect], canvas: inout Canvas) {
        let box = rect.insetBy(dx: -2, dy: 0)
        guard !box.clipped(width: canvas.width, height: canvas.height).isEmpty,
              !placed.contains(where: { $0.intersects(box.insetBy(dx: -2, dy: -1)) }) else { return }
        placed.append(box)
        canvas.fill(box, with: PaletteSlot.background)
        text.draw(label, left: rect.left, top: rect.top, role: .tickLabel, on: &canvas)
    }
}
