/// A framed box of text lines laid out on a grid of character cells, drawn over a graph: a
/// list or a help page shown in the picture, so the graph stays visible around it.
///
/// Everything is placed in cells (`cell` pixels each, from the image's top-left corner), so the
/// box lies exactly where the same box drawn as terminal text would, and a click on a cell finds
/// the line drawn there.
public struct Panel: Sendable, Equatable {
    /// The title, in the top border.
    public var title: String
    /// The lines shown, top to bottom, one cell row each.
    public var lines: [String]
    /// The index in `lines` drawn highlighted, if any.
    public var highlighted: Int?
    /// What the bottom border says (which keys scroll), if anything.
    public var footer: String?
    /// The box's first column and row, and its size in cells, borders included.
    public var column: Int
    public var row: Int
    public var columns: Int
    public var rows: Int
    /// One character cell in pixels.
    public var cellWidth: Int
    public var cellHeight: Int

    /// A panel of `lines` under `title` in the box at `column`, `row` of `columns` x `rows` cells of
    /// `cellWidth` x `cellHeight` pixels, with line `highlighted` marked and `footer` in the bottom border.
    public init(title: String, lines: [String], highlighted: Int? = nil, footer: String? = nil, column: Int, row: Int,
                columns: Int, rows: Int, cellWidth: Int, cellHeight: Int) {
        self.title = title
        self.lines = lines
        self.highlighted = highlighted
        self.footer = footer
        self.column = column
        self.row = row
        self.columns = columns
        self.rows = rows
        self.cellWidth = max(cellWidth, 1)
        self.cellHeight = max(cellHeight, 1)
    }
}

extension Panel {
    /// `text` in at most `cells` characters, ending in an ellipsis when cut: a guard only, since
    /// the app fits its lines to the box at word boundaries before they get here.
    static func cut(_ text: String, to cells: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > cells else { return text }
        guard cells > 0 else { return "" }
        return String(String.UnicodeScalarView(scalars.prefix(cells - 1))) + "…"
    }
}

extension GraphRenderer {
    /// `image` with `panel` drawn over it: a filled box with a border half a cell inside its
    /// cells, the title in the top border, and one line a cell row, the highlighted one on a band.
    public func draw(_ panel: Panel, on image: IndexedImage) -> IndexedImage {
        var canvas = Canvas(over: image)
        let w = panel.cellWidth, h = panel.cellHeight
        guard panel.columns >= 2, panel.rows >= 2 else { return canvas.image(palette: image.palette, layout: image.layout) }
        let outer = PixelRect(left: panel.column * w, top: panel.row * h,
                              right: (panel.column + panel.columns) * w, bottom: (panel.row + panel.rows) * h)
        canvas.fill(outer, with: PaletteSlot.background)
        let border = PixelRect(left: outer.left + w / 2, top: outer.top + h / 2,
                               right: outer.right - w / 2, bottom: outer.bottom - h / 2)
        canvas.horizontalLine(row: border.top, from: border.left, to: border.right, index: PaletteSlot.axis)
        canvas.horizontalLine(row: border.bottom - 1, from: border.left, to: border.right, index: PaletteSlot.axis)
        canvas.verticalLine(column: border.left, from: border.top, to: border.bottom, index: PaletteSlot.axis)
        canvas.verticalLine(column: border.right - 1, from: border.top, to: border.bottom, index: PaletteSlot.axis)
        guard let glyphs else { return canvas.image(palette: image.palette, layout: image.layout) }
        // One glyph a cell, from the monospace face, each inside its own cell.
        let text = CellTextPainter(source: glyphs, cellWidth: w, cellHeight: h, preferredHeight: max(style.labelPixelHeight, 4))
        let room = max(panel.columns - 4, 0)
        // The title sits on the top border, on a gap cleared for it.
        let title = Panel.cut(" \(panel.title) ", to: room)
        let titleLeft = outer.left + 2 * w
        canvas.fill(PixelRect(left: titleLeft, top: outer.top, right: titleLeft + title.unicodeScalars.count * w,
                              bottom: outer.top + h), with: PaletteSlot.background)
        text.draw(title, left: titleLeft, top: outer.top, role: .panel, on: &canvas)
        if let footer = panel.footer.map({ Panel.cut($0, to: room) }) {
            let footerTop = outer.bottom - h
            canvas.fill(PixelRect(left: titleLeft, top: footerTop, right: titleLeft + footer.unicodeScalars.count * w,
                                  bottom: outer.bottom), with: PaletteSlot.background)
            text.draw(footer, left: titleLeft, top: footerTop, role: .panel, on: &canvas)
        }
        for (offset, line) in panel.lines.prefix(panel.rows - 2).enumerated() {
            let top = outer.top + (offset + 1) * h
            if offset == panel.highlighted {
                canvas.fill(PixelRect(left: outer.left + w, top: top, right: outer.right - w, bottom: top + h),
                            with: PaletteSlot.grid)
            }
            text.draw(Panel.cut(line, to: room), left: outer.left + 2 * w, top: top, role: .panel, on: &canvas)
        }
        return canvas.image(palette: image.palette, layout: image.layout)
    }
}
