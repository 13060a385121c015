/// The box in the top-left corner that names the graph: the title on its first line, then a
/// legend (a stroke of each curve's colour before its name) flowing left to right and wrapping.
struct TitleBand {
    /// One line of text in the band and, for a legend entry, the curve it names.
    struct Entry {
        let text: String
        let curve: Int?
        /// The left edge of the stroke (legend) or text (title), from the box's left.
        let left: Int
        /// The line, from 0.
        let line: Int
    }

    let entries: [Entry]
    let box: PixelRect
    let padding: Int
    /// The length of a legend stroke and the gap after it.
    let strokeLength: Int
    let strokeGap: Int

    /// The band for `style`'s title and legend in a canvas `width` x `height`, or nil when there is nothing to name.
    init?(style: GraphStyle, text: TextPainter, width: Int, height: Int) {
        let padding = max(2, style.labelPixelHeight / 4)
        let lineHeight = text.metrics.lineHeight
        let room = width - 4 * padding
        let strokeLength = max(text.width(of: "——"), 3)
        let strokeGap = max(text.width(of: " "), 1)
        let separation = max(text.width(of: "   "), 2 * padding)
        var entries = [Entry]()
        var line = 0, pen = 0, widest = 0
        if let title = style.title, case let fitted = text.truncated(title, toWidth: room), !fitted.isEmpty {
            entries.append(Entry(text: fitted, curve: nil, left: 0, line: 0))
            widest = text.width(of: fitted)
            line = 1
        }
        let legend = style.legend.count >= 2 ? style.legend : []
        // At most half the image is given to the band; a legend that does not fit is cut short.
        let lines = max(1, (height / 2 - padding) / max(lineHeight, 1))
        for (curve, name) in legend.enumerated() {
            let nameRoom = room - strokeLength - strokeGap
            guard nameRoom > 0 else { break }
            let fitted = text.truncated(name, toWidth: nameRoom)
            let entryWidth = strokeLength + strokeGap + text.width(of: fitted)
            if pen > 0 && pen + separation + entryWidth > room {
                line += 1
                pen = 0
            }
            guard line < lines else { break }
            let left = pen == 0 ? 0 : pen + separation
            entries.append(Entry(text: fitted, curve: curve, left: left, line: line))
            pen = left + entryWidth
            widest = max(widest, pen)
        }
        guard !entries.isEmpty, let last = entries.last else { return nil }
        self.entries = entries
        self.padding = padding
        self.strokeLength = strokeLength
        self.strokeGap = strokeGap
        box = PixelRect(left: 0, top: 0, right: 2 * padding + widest + 1,
                        bottom: (last.line + 1) * lineHeight + padding + 1)
    }

    /// Draws the box, its border, the strokes in the curves' inks and the names.
    func draw(on canvas: inout Canvas, text: TextPainter, layout: PaletteLayout, lineWidth: Double) {
        canvas.fill(box, with: PaletteSlot.background)
        canvas.horizontalLine(row: box.bottom - 1, from: box.left, to: box.right, index: PaletteSlot.grid)
        canvas.verticalLine(column: box.right - 1, from: box.top, to: box.bottom, index: PaletteSlot.grid)
        let lineHeight = text.metrics.lineHeight
        for entry in entries {
            let top = padding / 2 + entry.line * lineHeight
            var left = padding + entry.left
            if let curve = entry.curve, curve < layout.curveCount {
                let middle = Double(top) + Double(text.metrics.ascent) * 0.6
                let stroke = [Point(x: Double(left) + lineWidth / 2, y: middle),
                              Point(x: Double(left + strokeLength) - lineWidth / 2, y: middle)]
                canvas.paint(Samples(branches: [stroke]), curve: curve, of: layout, lineWidth: lineWidth)
                left += strokeLength + strokeGap
            }
            text.draw(entry.text, left: left, top: top, role: entry.curve == nil ? .title : .legend, on: &canvas)
        }
    }
}
