/// A terminal's screen as a picture, as the terminal shows it: each text cell filled with its
/// background and its character set in a monospace face (`GlyphSource.cellGlyphs`), laid out as
/// terminals lay it out (`CellTextPainter`), with pictures laid where they lie. What the app's `W`
/// saves. Colours are kept exactly: the picture's palette grows with each colour drawn (text is
/// anti-aliased in `textLevels` steps between a cell's two colours), up to 256, after which a
/// colour takes the nearest one already there.
public struct ScreenPicture {
    /// One cell of the screen, in the colours it shows.
    public struct Cell: Equatable, Sendable {
        public var character: Character
        public var foreground: RGB
        public var background: RGB
        public var isUnderlined: Bool
        /// Drawn heavier: struck twice a pixel apart, as terminals without a bold face draw it.
        public var isBold: Bool
        /// How many cells the character takes: 2 for the left half of a wide one, 0 for its right
        /// half (drawn by the left half), else 1.
        public var width: Int

        public init(_ character: Character, foreground: RGB, background: RGB, isUnderlined: Bool = false,
                    isBold: Bool = false, width: Int = 1) {
            self.character = character
            self.foreground = foreground
            self.background = background
            self.isUnderlined = isUnderlined
            self.isBold = isBold
            self.width = width
        }
    }

    public let columns: Int
    public let rows: Int
    /// A cell's size in pixels.
    public let cell: PixelSize
    /// The colour of cells where nothing was drawn.
    public let background: RGB
    private var palette: [RGB] = []
    private var slots: [RGB: UInt8] = [:]
    private var pixels: [UInt8]
    private let painter: CellTextPainter?
    /// What was drawn, for `svg`: each cell's content (nil where none was drawn), and each picture laid.
    private(set) var drawnCells: [Cell?]
    private(set) var laidPictures: [PixelRect] = []

    /// The steps of coverage text is drawn in, from the background's colour to the foreground's.
    static let textLevels = 6

    /// A screen of `columns` × `rows` cells of `cell` pixels, every cell `background`; text is set
    /// with `glyphs`' monospace face (or `glyphs` itself), or left out without glyphs.
    public init(columns: Int, rows: Int, cell: PixelSize, glyphs: (any GlyphSource)?, background: RGB) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        let size = PixelSize(width: max(cell.width, 1), height: max(cell.height, 1))
        self.cell = size
        pixels = [UInt8](repeating: 0, count: self.columns * size.width * self.rows * size.height)
        drawnCells = Array(repeating: nil, count: self.columns * self.rows)
        self.background = background
        painter = glyphs.map {
            CellTextPainter(source: $0, cellWidth: size.width, cellHeight: size.height, preferredHeight: size.height)
        }
        // The first colour takes slot 0, which every pixel holds already.
        _ = slot(for: background)
    }

    /// The picture's width and height in pixels.
    public var width: Int { columns * cell.width }
    public var height: Int { rows * cell.height }

    /// The finished picture.
    public var image: IndexedImage {
        IndexedImage(width: width, height: height, palette: palette.isEmpty ? [RGB(0, 0, 0)] : palette, pixels: pixels)
    }

    /// Draws `content` in the cell at `column`, `row`: its background, then its character's ink.
    public mutating func draw(_ content: Cell, column: Int, row: Int) {
        guard content.width > 0, column >= 0, column < columns, row >= 0, row < rows else { return }
        let spans = min(content.width, columns - column)
        let rect = PixelRect(left: column * cell.width, top: row * cell.height,
                             right: (column + spans) * cell.width, bottom: (row + 1) * cell.height)
        drawnCells[row * columns + column] = content
        fill(rect, with: slot(for: content.background))
        if content.isUnderlined {
            let thickness = max(cell.height / 16, 1), top = rect.bottom - max(cell.height / 8, thickness + 1)
            fill(PixelRect(left: rect.left, top: top, right: rect.right, bottom: top + thickness), with: slot(for: content.foreground))
        }
        guard let scalar = content.character.unicodeScalars.first else { return }
        // Terminals draw box lines themselves, through the whole cell, so borders join.
        if let arms = BoxArms(scalar) {
            draw(arms, in: rect, ink: slot(for: content.foreground))
            return
        }
        guard let painter, let placed = painter.placedGlyph(of: scalar, in: rect) else { return }
        let levels = (0...Self.textLevels).map { level in
            slot(for: Self.mix(content.background, content.foreground, Double(level) / Double(Self.textLevels)))
        }
        let glyph = placed.glyph
        // Bold is struck twice, a pixel apart: each pixel takes the more of its own and its left neighbour's coverage.
        let extra = content.isBold ? 1 : 0
        for gy in 0..<glyph.height {
            let y = placed.originY + gy
            guard y >= rect.top, y < rect.bottom else { continue }
            for gx in 0..<(glyph.width + extra) {
                let x = placed.originX + gx
                guard x >= rect.left, x < rect.right else { continue }
                let own = gx < glyph.width ? Int(glyph.coverage[gy * glyph.width + gx]) : 0
                let left = extra == 1 && gx > 0 ? Int(glyph.coverage[gy * glyph.width + gx - 1]) : 0
                let level = (max(own, left) * Self.textLevels + 127) / 255
                if level > 0 { pixels[y * width + x] = levels[level] }
            }
        }
    }

    /// Box-drawing lines: each arm from the cell's middle to the edge it names.
    private mutating func draw(_ arms: BoxArms, in rect: PixelRect, ink: UInt8) {
        let thickness = arms.thickness(inCellOfHeight: cell.height)
        let middleX = (rect.left + rect.right - thickness) / 2, middleY = (rect.top + rect.bottom - thickness) / 2
        if arms.contains(.left) { fill(PixelRect(left: rect.left, top: middleY, right: middleX + thickness, bottom: middleY + thickness), with: ink) }
        if arms.contains(.right) { fill(PixelRect(left: middleX, top: middleY, right: rect.right, bottom: middleY + thickness), with: ink) }
        if arms.contains(.up) { fill(PixelRect(left: middleX, top: rect.top, right: middleX + thickness, bottom: middleY + thickness), with: ink) }
        if arms.contains(.down) { fill(PixelRect(left: middleX, top: middleY, right: middleX + thickness, bottom: rect.bottom), with: ink) }
        if arms.contains(.leftEighth) { fill(PixelRect(left: rect.left, top: rect.top, right: rect.left + max((rect.right - rect.left) / 8, 1), bottom: rect.bottom), with: ink) }
    }

    /// Lays `picture` with its top-left pixel at (`left`, `top`), clipped to the screen; its clear
    /// pixels (a layer's) leave what lies beneath.
    public mutating func lay(_ picture: IndexedImage, left: Int, top: Int) {
        laidPictures.append(PixelRect(left: left, top: top, right: left + picture.width, bottom: top + picture.height))
        let slotsOfPicture = picture.palette.map { slot(for: $0) }
        let clear = picture.clearIndex
        for y in max(top, 0)..<min(top + picture.height, height) {
            for x in max(left, 0)..<min(left + picture.width, width) {
                let index = picture.pixels[(y - top) * picture.width + (x - left)]
                guard index != clear, Int(index) < slotsOfPicture.count else { continue }
                pixels[y * width + x] = slotsOfPicture[Int(index)]
            }
        }
    }

    /// The line's font size in pixels (its em) and where the baseline lies below a cell's top,
    /// as the text is drawn: what a vector copy of the screen sets its text with.
    var textMetrics: (emPixels: Double, baseline: Int)? {
        painter.map { ($0.metrics.emPixels ?? Double($0.metrics.lineHeight) * 0.86, $0.lineOffset + $0.metrics.ascent) }
    }

    private mutating func fill(_ rect: PixelRect, with slot: UInt8) {
        let clipped = rect.clipped(width: width, height: height)
        guard !clipped.isEmpty else { return }
        for y in clipped.top..<clipped.bottom {
            for x in clipped.left..<clipped.right { pixels[y * width + x] = slot }
        }
    }

    /// The palette index of `color`: its own while the palette has room, else the nearest.
    private mutating func slot(for color: RGB) -> UInt8 {
        if let slot = slots[color] { return slot }
        guard palette.count < 256 else {
            func distance(_ other: RGB) -> Int {
                abs(Int(other.red) - Int(color.red)) + abs(Int(other.green) - Int(color.green)) + abs(Int(other.blue) - Int(color.blue))
            }
            let nearest = palette.indices.min { distance(palette[$0]) < distance(palette[$1]) } ?? 0
            return UInt8(nearest)
        }
        let slot = UInt8(palette.count)
        palette.append(color)
        slots[color] = slot
        return slot
    }

    /// `a` and `b` mixed `fraction` of the way to `b`, channel by channel in sRGB, as terminals blend text.
    static func mix(_ a: RGB, _ b: RGB, _ fraction: Double) -> RGB {
        func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8(clamping: Int((Double(x) + (Double(y) - Double(x)) * fraction).rounded()))
        }
        return RGB(channel(a.red, b.red), channel(a.green, b.green), channel(a.blue, b.blue))
    }
}

/// The arms of a box-drawing character (U+2500 block: light lines, the rounded corners as square
/// ones, and the heavy horizontal and vertical lines, twice as thick as DejaVu Sans Mono draws
/// them), and the left eighth block (U+258F).
struct BoxArms: OptionSet {
    let rawValue: Int
    static let left = BoxArms(rawValue: 1), right = BoxArms(rawValue: 2), up = BoxArms(rawValue: 4), down = BoxArms(rawValue: 8)
    static let leftEighth = BoxArms(rawValue: 16)
    /// Lines twice the light lines' thickness (U+2501 ━, U+2503 ┃).
    static let heavy = BoxArms(rawValue: 32)

    init(rawValue: Int) { self.rawValue = rawValue }

    /// The lines' thickness in pixels in a cell `height` pixels high: a light line's, or twice it.
    func thickness(inCellOfHeight height: Int) -> Int { max(height / 18, 1) * (contains(.heavy) ? 2 : 1) }

    /// The arms of `scalar`, nil when it is not one of these.
    init?(_ scalar: Unicode.Scalar) {
        switch scalar {
        case "─": self = [.left, .right]
        case "│": self = [.up, .down]
        case "━": self = [.left, .right, .heavy]
        case "┃": self = [.up, .down, .heavy]
        case "┌", "╭": self = [.right, .down]
        case "┐", "╮": self = [.left, .down]
        case "└", "╰": self = [.right, .up]
        case "┘", "╯": self = [.left, .up]
        case "├": self = [.up, .down, .right]
        case "┤": self = [.up, .down, .left]
        case "┬": self = [.left, .right, .down]
        case "┴": self = [.left, .right, .up]
        case "┼": self = [.left, .right, .up, .down]
        case "▏": self = [.leftEighth]
        default: return nil
        }
    }
}
