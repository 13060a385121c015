import Codecs
import Raster

/// One terminal graphics protocol: how a picture is encoded, placed and cleared, and what the
/// protocol can do. Each protocol is one type; `GraphicsProtocol.backend(...)` is the only switch.
public protocol GraphicsBackend: Sendable {
    /// The protocol this backend speaks.
    var graphicsProtocol: GraphicsProtocol { get }
    /// What the protocol can do.
    var abilities: GraphicsAbilities { get }
    /// The picture's pixels in one character cell of `cell` pixels: the cell itself, or braille's 2 x 4 dots.
    func pixels(perCell cell: PixelSize) -> PixelSize
    /// The text cells a picture is shown as, row-major, and how many a row, for a backend that
    /// draws pictures as text (braille); nil for one that draws pixels.
    func textCells(for image: IndexedImage) -> (columns: Int, cells: [UnicodeRenderer.ShownCell])?
    /// The largest picture the terminal shows uncropped, if it has a limit.
    var largestPicture: PixelSize? { get }
    /// The largest picture shown uncropped in cells of `cell` pixels: `largestPicture`, or less
    /// where the protocol counts its limit in cells (kitty's placeholders name at most 297 a side).
    func largestPicture(cell: PixelSize) -> PixelSize?
    /// The most colours a picture may use (sixel colour registers), if there is a limit.
    var paletteLimit: Int? { get }
    /// The tallest picture at most `height` pixels tall that covers no more rows than those pixels.
    func pictureHeight(fitting height: Int) -> Int
    /// The rows of text a picture `height` pixels tall covers, in cells `cellHeight` pixels tall.
    func rows(forHeight height: Int, cellHeight: Int) -> Int
    /// The most rows, at most `rows`, over which a picture is shown pixel for pixel, in cells
    /// `cellHeight` pixels tall: `rows`, or fewer where the terminal squeezes a picture (tmux, see
    /// `SixelLimit.squeezedToWholeBands`).
    func rowsShownPixelForPixel(atMost rows: Int, cellHeight: Int) -> Int
    /// How many of a picture's `height` pixel rows the terminal does not draw (tmux's squeeze).
    func rowsLost(pictureHeight height: Int, cellHeight: Int) -> Int
    /// The bytes that draw `image` with its top-left corner at the cursor, which is in zero-based
    /// `column`; where the cursor ends is up to the terminal.
    func picture(_ image: IndexedImage, cell: PixelSize, column: Int) throws(ImageEncodingError) -> [UInt8]
    /// The bytes that remove every picture this backend drew, beyond what clearing the text does.
    func eraseBytes() -> [UInt8]
    /// The pictures this backend keeps by id and shows through windows, in layers, when the
    /// terminal can (see `LayeredPictures`); nil for one that cannot.
    var layeredPictures: (any LayeredPictures)? { get }
    /// A question the terminal answers once it has taken every byte written before it, for a
    /// backend whose pictures are lost when sent faster than the terminal takes them (through
    /// tmux, which discards what a client falls behind on): `PicturePacing` sends it after each
    /// picture of a playback and holds the next until the answer. Nil where nothing is lost so.
    var acknowledgementQuery: [UInt8]? { get }
}

/// What a graphics protocol can do; the app and `plot` ask this, never which protocol it is.
public struct GraphicsAbilities: Sendable, Equatable {
    /// Whether pictures are true pixels; false for braille, whose labels and popover are text.
    public var drawsPixels: Bool
    /// Whether a picture sent again with the same id replaces the last one in place, so a picture
    /// that moves leaves nothing behind (kitty).
    public var replacesPicturesByID: Bool
    /// Whether a picture stays on screen when text is written over part of it (kitty); sixel and
    /// OSC 1337 pictures are cell contents that text overwrites.
    public var keepsPicturesUnderText: Bool
    /// Whether a picture is shown over whole text cells and scaled to them (kitty's placeholders):
    /// a picture made the size of whole cells is shown pixel for pixel.
    public var fillsWholeCells: Bool = false
    /// Whether the picture is sent again when the pane gains focus, because the terminal may have
    /// dropped it while the pane was out of view: on a reattach tmux enters the terminal's
    /// alternate screen again, where a terminal clears its pictures (kitty 0.41 keeps the virtual
    /// placements of placeholders, and only those), and tmux redraws only the placeholder cells.
    /// The app turns focus reporting on for it: tmux reports the pane's focus, on an attach too.
    public var sendsAgainOnFocus: Bool = false

    public init(drawsPixels: Bool, replacesPicturesByID: Bool, keepsPicturesUnderText: Bool, fillsWholeCells: Bool = false,
                sendsAgainOnFocus: Bool = false) {
        self.drawsPixels = drawsPixels
        self.replacesPicturesByID = replacesPicturesByID
        self.keepsPicturesUnderText = keepsPicturesUnderText
        self.fillsWholeCells = fillsWholeCells
        self.sendsAgainOnFocus = sendsAgainOnFocus
    }
}

extension GraphicsProtocol {
    /// The backend drawing this protocol; `kittyImageID` names kitty pictures so a later one
    /// with the same id replaces the earlier, and `largestSixel`, `sixelRegisters` and
    /// `sixelSqueezedToWholeBands` are the terminal's sixel limits, and `inColour` false draws
    /// braille without colour (NO_COLOR; pictures keep theirs).
    public func backend(kittyImageID: UInt32 = 1, largestSixel: PixelSize? = nil, sixelRegisters: Int? = nil,
                        sixelSqueezedToWholeBands: Bool = false, inColour: Bool = true) -> any GraphicsBackend {
        switch self {
        case .sixel: SixelBackend(largestPicture: largestSixel, colorRegisters: sixelRegisters,
                                  squeezedToWholeBands: sixelSqueezedToWholeBands)
        case .kitty: KittyBackend(imageID: kittyImageID)
        case .iterm2: ITerm2Backend()
        case .unicode: UnicodeBackend(inColour: inColour)
        case .kittyPlaceholders: KittyPlaceholderBackend(imageID: kittyImageID & KittyPlaceholders.largestImageID)
        }
    }
}

extension GraphicsBackend {
    /// Pixel protocols draw the cell's own pixels.
    public func pixels(perCell cell: PixelSize) -> PixelSize { cell }

    /// Pixel protocols show pixels, not text.
    public func textCells(for image: IndexedImage) -> (columns: Int, cells: [UnicodeRenderer.ShownCell])? { nil }

    /// No limit on colours.
    public var paletteLimit: Int? { nil }

    /// No limit.
    public var largestPicture: PixelSize? { nil }

    /// The limit in pixels, whatever the cell.
    public func largestPicture(cell: PixelSize) -> PixelSize? { largestPicture }

    /// Any height.
    public func pictureHeight(fitting height: Int) -> Int { height }

    /// The largest picture within `size` pixels that the terminal shows uncropped and that
    /// covers no more rows than `size`.
    public func largestPicture(within size: PixelSize) -> PixelSize {
        var width = size.width, height = size.height
        if let limit = largestPicture {
            width = min(width, limit.width)
            height = min(height, limit.height)
        }
        return PixelSize(width: max(width, 1), height: max(pictureHeight(fitting: height), 1))
    }

    /// Whole cells covering the picture's pixels.
    public func rows(forHeight height: Int, cellHeight: Int) -> Int {
        max(1, (height + max(cellHeight, 1) - 1) / max(cellHeight, 1))
    }

    /// Nothing beyond clearing the text.
    public func eraseBytes() -> [UInt8] { [] }

    /// Every picture is shown as sent.
    public func rowsShownPixelForPixel(atMost rows: Int, cellHeight: Int) -> Int { rows }

    /// Every row is drawn.
    public func rowsLost(pictureHeight height: Int, cellHeight: Int) -> Int { 0 }

    /// Pictures reach the terminal however fast they are sent.
    public var acknowledgementQuery: [UInt8]? { nil }
}
