import Raster
import TextCells

/// Draws an image with braille characters (2 x 4 dots a cell) coloured by 24-bit SGR, for
/// terminals without graphics, and writes the image's text (`IndexedImage.texts`) as real text.
///
/// A graph image (one with a `PaletteLayout`) shows each kind of ink at full strength: a cell
/// holding any curve pixel is that curve's full colour (the later curve's where two meet), else
/// the labels', the axes', the grid's.
/// Other images take each cell's most frequent ink. Text goes into whole cells and never hides
/// the curve: a label that would cover a cell the curve passes through is left out.
public struct UnicodeRenderer: Sendable {
    /// The palette index treated as paper; nil means the most frequent index of each image.
    var background: UInt8?
    /// Whether cells are coloured; without colour (NO_COLOR) every character is in the
    /// terminal's own colours and the highlighted cell is in inverse video.
    var inColour: Bool

    /// A renderer; `background` is the paper index, or nil to use each image's most common
    /// index; `inColour` false writes no colour.
    public init(background: UInt8? = nil, inColour: Bool = true) {
        self.background = background
        self.inColour = inColour
    }

    /// One cell of the result: braille dots in a colour, or a character of text.
    private struct Cell {
        var bits: UInt32 = 0
        var ink: Int = -1
        var holdsCurve = false
        var text: Character?
    }

    /// One cell as the terminal shows it: a character (a space when blank) in a colour, on the
    /// terminal's own background unless `background` says otherwise (the traced point's cell).
    public struct ShownCell: Equatable, Sendable {
        public var character: Character
        /// The character's colour; nil for a blank cell, and for every cell without colour.
        public var foreground: RGB?
        public var background: RGB?
        /// Whether the cell is in inverse video: the highlighted cell, without colour.
        public var isInverse = false
    }

    /// `rows` terminal lines, each exactly `columns` cells wide and, in colour, ending in an SGR reset.
    public func render(_ image: IndexedImage, columns: Int, rows: Int) -> [String] {
        let cells = shownCells(of: image, columns: columns, rows: rows)
        return (0..<max(rows, 0)).map { row in line(cells[(row * columns)..<((row + 1) * columns)]) }
    }

    /// The `columns` × `rows` cells, row-major, that `render` writes: what `W` draws of a braille graph.
    public func shownCells(of image: IndexedImage, columns: Int, rows: Int) -> [ShownCell] {
        guard columns > 0, rows > 0 else { return [] }
        let blank = ShownCell(character: " ", foreground: nil, background: nil)
        guard image.width > 0, image.height > 0 else { return Array(repeating: blank, count: columns * rows) }
        let paper = Int(background ?? image.dominantIndex)
        var cells = dots(of: image, paper: paper, columns: columns, rows: rows)
        let textInk = place(image.texts, of: image, into: &cells, columns: columns, rows: rows)
        let palette = image.palette
        func rgb(_ index: Int) -> RGB { index >= 0 && index < palette.count ? palette[index] : RGB(255, 255, 255) }
        var shown = cells.map { cell -> ShownCell in
            let ink = cell.text != nil ? textInk : cell.ink
            guard ink >= 0, cell.text != nil || cell.bits != 0 else { return blank }
            return ShownCell(character: cell.text ?? Character(Unicode.Scalar(0x2800 + cell.bits) ?? " "),
                             foreground: inColour ? rgb(ink) : nil, background: nil)
        }
        // The highlighted cell: paper on the highlight's ink, or in inverse video without colour.
        if let highlight = image.highlight {
            let x = Int(pixel: highlight.pixel.x), y = Int(pixel: highlight.pixel.y)
            if x >= 0, x < image.width, y >= 0, y < image.height {
                let index = (y * rows / image.height) * columns + x * columns / image.width
                let cell = cells[index]
                let character = cell.text ?? Character(Unicode.Scalar(0x2800 + cell.bits) ?? " ")
                shown[index] = inColour
                    ? ShownCell(character: character, foreground: rgb(paper), background: rgb(Int(highlight.ink)))
                    : ShownCell(character: character, foreground: nil, background: nil, isInverse: true)
            }
        }
        return shown
    }

    /// The dots and ink of every cell, row-major.
    private func dots(of image: IndexedImage, paper: Int, columns: Int, rows: Int) -> [Cell] {
        let strength = image.layout.map { Self.strength(layout: $0, palette: image.palette) }
        let dotsWide = columns * 2, dotsHigh = rows * 4
        // Dot (dx, dy) covers pixels [dx * w / dotsWide, (dx + 1) * w / dotsWide), at least one pixel.
        let xStart = (0...dotsWide).map { $0 * image.width / dotsWide }
        let yStart = (0...dotsHigh).map { $0 * image.height / dotsHigh }
        var cells = [Cell](repeating: Cell(), count: columns * rows)
        var counts = [Int](repeating: 0, count: 256)
        var used = [Int]()
        used.reserveCapacity(64)
        image.pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            for row in 0..<rows {
                for column in 0..<columns {
                    var cell = Cell()
                    used.removeAll(keepingCapacity: true)
                    // Dots may overlap when the image has fewer pixels than dots.
                    let leftStart = xStart[column * 2], rightStart = xStart[column * 2 + 1]
                    let leftEnd = min(max(rightStart, leftStart + 1), image.width)
                    let rightEnd = min(max(xStart[column * 2 + 2], rightStart + 1), image.width)
                    let end = max(leftEnd, rightEnd)
                    for dy in 0..<4 {
                        let y0 = yStart[row * 4 + dy], y1 = min(max(yStart[row * 4 + dy + 1], y0 + 1), image.height)
                        for y in y0..<y1 {
                            let line = base + y * image.width
                            // Most of a graph is paper: skip this cell's pixel row eight pixels at a time.
                            if ByteRun.end(of: UInt8(paper), in: line, from: leftStart, to: end) == end { continue }
                            for (dx, start, stop) in [(0, leftStart, leftEnd), (1, rightStart, rightEnd)] {
                                for x in start..<stop {
                                    let index = Int(line[x])
                                    guard index != paper else { continue }
                                    cell.bits |= Self.dotBit[dy * 2 + dx]
                                    if counts[index] == 0 { used.append(index) }
                                    counts[index] += 1
                                }
                            }
                        }
                    }
                    if cell.bits != 0 {
                        if let strength {
                            let strongest = used.max { strength[$0].rank < strength[$1].rank } ?? paper
                            cell.ink = strength[strongest].shown
                            cell.holdsCurve = strength[strongest].isCurve
                        } else {
                            cell.ink = used.max { (counts[$0], $1) < (counts[$1], $0) } ?? paper
                        }
                    }
                    for index in used { counts[index] = 0 }
                    cells[row * columns + column] = cell
                }
            }
        }
        return cells
    }

    /// For a graph palette, each index's rank (curves above labels above axes above grid, a later
    /// curve above an earlier one) and the index whose colour shows it (the full strength of its kind).
    private static func strength(layout: PaletteLayout, palette: [RGB]) -> [(rank: Int, shown: Int, isCurve: Bool)] {
        (0..<256).map { index in
            if let ink = layout.curveInk(at: UInt8(index)) {
                return (4 + ink.curve, Int(layout.fullInk(ofCurve: ink.curve)), true)
            }
            return switch index {
            case Int(PaletteSlot.firstLabel)...Int(PaletteSlot.fullLabel): (3, Int(PaletteSlot.fullLabel), false)
            case Int(PaletteSlot.axis): (2, index, false)
            case Int(PaletteSlot.grid): (1, index, false)
            default: (0, min(index, palette.count - 1), false)
            }
        }
    }

    /// Writes `texts` into whole cells, each where its line box starts; a text is left out where
    /// it would cover the curve or text already placed, or leave the picture. Returns the text colour's index.
    private func place(_ texts: [PlacedText], of image: IndexedImage, into cells: inout [Cell],
                       columns: Int, rows: Int) -> Int {
        for placed in texts {
            let characters = placed.text.map { CellWidth.of($0) == 1 && $0.isSafeInCell ? $0 : "?" }
            let column = placed.left * columns / image.width
            // The row holding the middle of the line box: beside the tick a y label names, clear of the x axis.
            let row = (placed.top + placed.height / 2) * rows / image.height
            guard row >= 0, row < rows, column >= 0, column + characters.count <= columns else { continue }
            let span = (row * columns + column)..<(row * columns + column + characters.count)
            guard placed.role == .title || placed.role == .legend || !cells[span].contains(where: { $0.holdsCurve || $0.text != nil }) else { continue }
            for (offset, character) in zip(span, characters) { cells[offset].text = character }
        }
        return image.layout != nil ? Int(PaletteSlot.fullLabel) : image.palette.count - 1
    }

    /// One line of cells as text with colour changes, ending in a reset when coloured. A cell with a
    /// background of its own sets it for itself alone, in two short sequences: some terminals
    /// drop the background of a long SGR (mlterm 3.9).
    private func line(_ cells: ArraySlice<ShownCell>) -> String {
        var line = ""
        line.reserveCapacity(cells.count * 4)
        guard inColour else {
            for cell in cells {
                if cell.isInverse { line += "\u{1B}[7m\(cell.character)\u{1B}[27m" } else { line.append(cell.character) }
            }
            return line
        }
        var current: RGB?
        for cell in cells {
            guard let color = cell.foreground else {
                line += " "
                continue
            }
            if let ground = cell.background {
                line += "\u{1B}[48;2;\(ground.red);\(ground.green);\(ground.blue)m"
            }
            if color != current {
                line += "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m"
                current = color
            }
            line.append(cell.character)
            if cell.background != nil { line += "\u{1B}[49m" }
        }
        return current == nil ? line : line + "\u{1B}[0m"
    }

    /// The braille dot bit for dot row `dy` (0–3) and column `dx` (0–1) at `dy * 2 + dx`, per Unicode's U+2800 block.
    private static let dotBit: [UInt32] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]
}

extension Character {
    /// Whether every scalar of this character may reach a cell (`TerminalText.isSafe`, the one rule).
    fileprivate var isSafeInCell: Bool {
        unicodeScalars.allSatisfy(TerminalText.isSafe)
    }
}
