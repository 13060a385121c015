extension ScreenPicture {
    /// The screen as SVG: each row's runs of one background as rectangles, its runs of text in one
    /// style as `<text>` in `fontFamily`, stretched to exactly their cells (`textLength`), box lines
    /// as lines through their cells, and each picture laid, in order, as an `<image>` whose source
    /// is `pictures`' entry at its index (a `data:` URI of its PNG).
    public func svg(pictures: [String], fontFamily: String = "DejaVu Sans Mono") -> String {
        func hex(_ color: RGB) -> String { color.hex }
        let metrics = textMetrics ?? (Double(cell.height) * 0.7, cell.height * 4 / 5)
        var svg = SVGDocument.prologue + """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="\(XMLText.escaped(fontFamily)), monospace" \
            font-size="\(SVGPathData.number(metrics.emPixels))" xml:space="preserve">
            <rect width="\(width)" height="\(height)" fill="\(hex(background))"/>

            """
        for row in 0..<rows {
            let cells = drawnCells[(row * columns)..<((row + 1) * columns)]
            let top = row * cell.height
            // Backgrounds, run by run.
            var column = 0
            while column < columns {
                guard let first = cells[cells.startIndex + column], first.background != background else { column += 1; continue }
                var end = column + 1
                while end < columns, let next = cells[cells.startIndex + end], next.background == first.background { end += 1 }
                svg += "<rect x=\"\(column * cell.width)\" y=\"\(top)\" width=\"\((end - column) * cell.width)\" "
                    + "height=\"\(cell.height)\" fill=\"\(hex(first.background))\"/>\n"
                column = end
            }
            // Text, run by run of one style; box lines as lines.
            column = 0
            while column < columns {
                guard let first = cells[cells.startIndex + column], first.width > 0, first.character != " " else { column += 1; continue }
                if let scalar = first.character.unicodeScalars.first, let arms = BoxArms(scalar) {
                    svg += boxLines(arms, column: column, row: row, color: hex(first.foreground))
                    column += 1
                    continue
                }
                var text = "", cellsSpanned = 0, end = column
                while end < columns, let next = cells[cells.startIndex + end], next.foreground == first.foreground,
                      next.isBold == first.isBold, next.isUnderlined == first.isUnderlined,
                      next.character.unicodeScalars.first.flatMap(BoxArms.init) == nil {
                    if next.width > 0 { text.append(next.character) }
                    cellsSpanned += 1
                    end += 1
                }
                while text.hasSuffix(" ") { text.removeLast(); cellsSpanned -= 1 }
                let weight = first.isBold ? " font-weight=\"bold\"" : ""
                let underline = first.isUnderlined ? " text-decoration=\"underline\"" : ""
                svg += "<text x=\"\(column * cell.width)\" y=\"\(top + metrics.baseline)\" textLength=\"\(cellsSpanned * cell.width)\" "
                    + "lengthAdjust=\"spacingAndGlyphs\" fill=\"\(hex(first.foreground))\"\(weight)\(underline)>"
                    + XMLText.escaped(text) + "</text>\n"
                column = end
            }
        }
        for (rect, href) in zip(laidPictures, pictures) {
            svg += "<image x=\"\(rect.left)\" y=\"\(rect.top)\" width=\"\(rect.right - rect.left)\" height=\"\(rect.bottom - rect.top)\" "
                + "xlink:href=\"\(XMLText.escaped(href))\" href=\"\(XMLText.escaped(href))\"/>\n"
        }
        return svg + "</svg>\n"
    }

    /// A box-drawing character's arms as lines from the middle of its cell.
    private func boxLines(_ arms: BoxArms, column: Int, row: Int, color: String) -> String {
        let left = Double(column * cell.width), top = Double(row * cell.height)
        let middleX = left + Double(cell.width) / 2, middleY = top + Double(cell.height) / 2
        let stroke = "stroke=\"\(color)\" stroke-width=\"\(arms.thickness(inCellOfHeight: cell.height))\""
        var lines = ""
        func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
            lines += "<line x1=\"\(SVGPathData.number(x1))\" y1=\"\(SVGPathData.number(y1))\" x2=\"\(SVGPathData.number(x2))\" "
                + "y2=\"\(SVGPathData.number(y2))\" \(stroke)/>\n"
        }
        if arms.contains(.left) { line(left, middleY, middleX, middleY) }
        if arms.contains(.right) { line(middleX, middleY, left + Double(cell.width), middleY) }
        if arms.contains(.up) { line(middleX, top, middleX, middleY) }
        if arms.contains(.down) { line(middleX, middleY, middleX, top + Double(cell.height)) }
        if arms.contains(.leftEighth) {
            lines += "<rect x=\"\(column * cell.width)\" y=\"\(row * cell.height)\" width=\"\(max(cell.width / 8, 1))\" "
                + "height=\"\(cell.height)\" fill=\"\(color)\"/>\n"
        }
        return lines
    }
}
