/// A box of text lines with an arrow pointing up at an anchor, drawn over a graph, with
/// markers at graph points (a popover, in iOS terms).
public struct Callout: Sendable, Equatable {
    /// The lines of text, top to bottom.
    public var lines: [String]
    /// The pixel the arrow points at; the box hangs below it, kept inside the image.
    public var anchor: Point
    /// Graph points (in graph units) to mark with a ring; points outside the view get none, and a
    /// ring at a point near the edge is moved in until it is whole (the point stays inside it).
    public var markers: [Point]
    /// Whether the box spans the image's width (a sheet) instead of fitting its text.
    public var fillsWidth: Bool
    /// Boxes drawn above this one (a popover, a panel): the box goes where it overlaps none of
    /// them, its arrow dropped when it no longer hangs from the anchor, or is left out (its markers
    /// still drawn), so no strip of it shows beside theirs.
    public var keepsClearOf: [PixelRect] = []

    /// A callout of `lines` pointing at `anchor`, marking `markers`; `fillsWidth` makes it a sheet;
    /// its box overlaps none of `keepsClearOf`.
    public init(lines: [String], anchor: Point, markers: [Point] = [], fillsWidth: Bool = false,
                keepsClearOf: [PixelRect] = []) {
        self.lines = lines
        self.anchor = anchor
        self.markers = markers
        self.fillsWidth = fillsWidth
        self.keepsClearOf = keepsClearOf
    }
}

extension GraphRenderer {
    /// `image` (rendered in `viewport`) with `callout` drawn over it.
    public func draw(_ callout: Callout, on image: IndexedImage, in viewport: Viewport) -> IndexedImage {
        var canvas = Canvas(over: image)
        let ring = max(style.lineWidth * 2.5, 4), thickness = max(style.lineWidth * 0.75, 1.5)
        for marker in callout.markers where viewport.contains(x: marker.x, y: marker.y) {
            let point = Point(x: viewport.column(forX: marker.x), y: viewport.row(forY: marker.y))
            canvas.ring(around: Self.ringCentre(marking: point, reach: ring + thickness / 2, in: canvas), radius: ring, thickness: thickness)
        }
        guard let glyphs, let layout = calloutLayout(callout, width: canvas.width, height: canvas.height) else {
            return canvas.image(palette: image.palette, layout: image.layout)
        }
        let text = TextPainter(glyphs: glyphs, pixelHeight: max(style.labelPixelHeight, 4))
        let (box, arrow, anchorX, padding) = (layout.box, layout.arrow, layout.anchorX, layout.padding)
        let width = box.right - box.left, lineHeight = text.metrics.lineHeight
        canvas.fill(box, with: PaletteSlot.background)
        canvas.horizontalLine(row: box.top, from: box.left, to: box.right, index: PaletteSlot.axis)
        canvas.horizontalLine(row: box.bottom - 1, from: box.left, to: box.right, index: PaletteSlot.axis)
        canvas.verticalLine(column: box.left, from: box.top, to: box.bottom, index: PaletteSlot.axis)
        canvas.verticalLine(column: box.right - 1, from: box.top, to: box.bottom, index: PaletteSlot.axis)
        // The arrow: a filled triangle from the anchor down to the box's top edge.
        for step in 0..<arrow {
            let row = box.top - arrow + step
            canvas.horizontalLine(row: row, from: anchorX - step, to: anchorX + step + 1,
                                  index: step == arrow - 1 ? PaletteSlot.background : PaletteSlot.axis)
            if step > 0 && step < arrow - 1 {
                canvas.horizontalLine(row: row, from: anchorX - step + 1, to: anchorX + step, index: PaletteSlot.background)
            }
        }
        for (index, line) in callout.lines.enumerated() {
            let lineTop = box.top + padding + index * lineHeight
            guard lineTop + lineHeight <= box.bottom else { break }
            text.draw(text.truncated(line, toWidth: width - 2 * padding), left: box.left + padding, top: lineTop, role: .callout, on: &canvas)
        }
        return canvas.image(palette: image.palette, layout: image.layout)
    }
}

extension GraphRenderer {
    /// Where `callout` goes in a picture `width`×`height`: its box, the arrow's height above it and
    /// its tip's column, and the text's padding; nil when there is no text, no glyphs, or no room.
    func calloutLayout(_ callout: Callout, width pictureWidth: Int, height pictureHeight: Int)
        -> (box: PixelRect, arrow: Int, anchorX: Int, padding: Int)? {
        guard let glyphs, !callout.lines.isEmpty else { return nil }
        let text = TextPainter(glyphs: glyphs, pixelHeight: max(style.labelPixelHeight, 4))
        let padding = max(style.labelPixelHeight / 2, 3)
        let arrow = max(style.labelPixelHeight / 2, 4)
        let fitted = (callout.lines.map(text.width(of:)).max() ?? 0) + 2 * padding
        let width = callout.fillsWidth ? pictureWidth - 2 : min(fitted, pictureWidth - 2)
        let height = min(callout.lines.count * text.metrics.lineHeight + 2 * padding, pictureHeight - arrow - 2)
        guard width > 2 * padding, height > 2 * padding else { return nil }
        let anchorX = Int(pixel: callout.anchor.x, rounding: .toNearestOrAwayFromZero).clamped(to: 1...(pictureWidth - 2))
        let anchorY = Int(pixel: callout.anchor.y, rounding: .toNearestOrAwayFromZero)
        let top = (anchorY + arrow).clamped(to: 1...(pictureHeight - height - 1))
        let left = (anchorX - width + 2 * arrow).clamped(to: 1...(pictureWidth - width - 1))
        func box(_ left: Int, _ top: Int) -> PixelRect { PixelRect(left: left, top: top, right: left + width, bottom: top + height) }
        guard !callout.keepsClearOf.isEmpty else { return (box(left, top), arrow, anchorX, padding) }
        // Hanging from the anchor to its left, then to its right; else beside the anchor's row,
        // above it, or below the boxes it keeps clear of, without the arrow.
        let right = (anchorX - 2 * arrow).clamped(to: 1...(pictureWidth - width - 1))
        let above = anchorY - arrow - height, below = (callout.keepsClearOf.map(\.bottom).max() ?? 0) + arrow
        let hanging = [box(left, top), box(right, top)]
        let detached = [box(left, above), box(right, above), box(left, below), box(right, below)]
        func fits(_ rect: PixelRect) -> Bool {
            rect.left >= 1 && rect.top >= 1 && rect.right <= pictureWidth - 1 && rect.bottom <= pictureHeight - 1
                && !callout.keepsClearOf.contains { $0.insetBy(dx: -2, dy: -2).intersects(rect) }
        }
        if let clear = hanging.first(where: { fits(PixelRect(left: $0.left, top: $0.top - arrow, right: $0.right, bottom: $0.bottom)) }) {
            return (clear, top > anchorY ? arrow : 0, anchorX, padding)
        }
        return detached.first(where: fits).map { ($0, 0, anchorX, padding) }
    }

    /// What `callout` covers in a picture `width`×`height`, its arrow included: what the tick
    /// labels keep clear of (`GraphStyle.labelsKeptClear`) when it is drawn over them.
    public func calloutCover(_ callout: Callout, width: Int, height: Int) -> PixelRect? {
        calloutLayout(callout, width: width, height: height).map { layout in
            PixelRect(left: layout.box.left, top: layout.box.top - layout.arrow, right: layout.box.right, bottom: layout.box.bottom)
        }
    }

    /// Where a ring of outer radius `reach` that marks `point` goes: on it, or moved in from the
    /// canvas's edges just far enough to be whole (never more than `reach`, so `point` stays
    /// within the ring). A canvas too small for the ring keeps it centred on the point.
    static func ringCentre(marking point: Point, reach: Double, in canvas: Canvas) -> Point {
        func inside(_ value: Double, _ size: Int) -> Double {
            let low = reach, high = Double(size) - reach
            guard value.isFinite, low <= high else { return value }
            return min(max(value, low), high)
        }
        return Point(x: inside(point.x, canvas.width), y: inside(point.y, canvas.height))
    }
}

extension Canvas {
    /// A ring in the full label colour, clipped to the canvas.
    mutating func ring(around centre: Point, radius: Double, thickness: Double) {
        guard centre.x.isFinite, centre.y.isFinite else { return }
        drawing?.operations.append(.ring(centre: centre, radius: radius, thickness: thickness))
        dot(around: centre, radius: radius, thickness: thickness, fill: nil, outline: PaletteSlot.fullLabel)
    }
}

private extension Int {
    func clamped(to limits: ClosedRange<Int>) -> Int {
        Swift.min(Swift.max(self, limits.lowerBound), limits.upperBound)
    }
}
