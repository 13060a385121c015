import Codecs
import Raster

/// DEC sixel: the picture is drawn into the cells it covers, and text written over it replaces it.
public struct SixelBackend: GraphicsBackend {
    /// The largest sixel image the terminal shows uncropped, if it said.
    public var largestPicture: PixelSize?
    /// The terminal's colour registers, if known: a picture's palette stays within them.
    public var colorRegisters: Int?
    /// Whether a picture is squeezed to the whole six-pixel bands of the rows it covers (tmux).
    public var squeezedToWholeBands: Bool

    /// A sixel backend limited to `largestPicture` and `colorRegisters`, if given.
    public init(largestPicture: PixelSize? = nil, colorRegisters: Int? = nil, squeezedToWholeBands: Bool = false) {
        self.largestPicture = largestPicture
        self.colorRegisters = colorRegisters
        self.squeezedToWholeBands = squeezedToWholeBands
    }

    /// How many of a picture's `height` pixel rows are not drawn where pictures are squeezed to
    /// whole bands: tmux 3.5a draws screen row y of the rows the picture covers from its row
    /// y × covered / squeezed (`sixel_scale`), where `squeezed` is `covered` cut to whole
    /// six-pixel bands; rows it passes over are lost. 0 elsewhere.
    public func rowsLost(pictureHeight height: Int, cellHeight: Int) -> Int {
        guard squeezedToWholeBands, height > 0, cellHeight > 0 else { return 0 }
        let covered = rows(forHeight: height, cellHeight: cellHeight) * cellHeight, squeezed = covered / 6 * 6
        guard squeezed > 0, squeezed < covered else { return 0 }
        var drawn = Set<Int>()
        for y in 0..<squeezed { drawn.insert(Int(Double(y) * Double(covered) / Double(squeezed))) }
        return (0..<height).count { !drawn.contains($0) }
    }

    /// Where pictures are squeezed to whole bands, the most rows whose pixels are whole six-pixel
    /// bands: every 6th row in 19-pixel cells, every 3rd in 16-pixel ones, any in 18-pixel ones.
    /// `rows` where even one row is too many (a picture in fewer rows than the step).
    public func rowsShownPixelForPixel(atMost rows: Int, cellHeight: Int) -> Int {
        guard squeezedToWholeBands else { return rows }
        let step = SixelLimit.rowStep(cellHeight: cellHeight)
        return rows >= step ? rows - rows % step : rows
    }

    /// The colour registers, when known.
    public var paletteLimit: Int? { colorRegisters }

    public var graphicsProtocol: GraphicsProtocol { .sixel }

    public var abilities: GraphicsAbilities {
        GraphicsAbilities(drawsPixels: true, replacesPicturesByID: false, keepsPicturesUnderText: false)
    }

    /// A whole number of six-pixel bands: a terminal (and tmux) gives a picture whole bands, so
    /// a partial last band would spill into the row below.
    public func pictureHeight(fitting height: Int) -> Int {
        height >= 6 ? height - height % 6 : height
    }

    /// Counted in whole six-pixel bands, as tmux counts them: tmux deletes a picture that any
    /// text overwrites, so the cursor must end below the last band, not just below the last pixel row.
    public func rows(forHeight height: Int, cellHeight: Int) -> Int {
        let banded = (height + 5) / 6 * 6
        return max(1, (banded + max(cellHeight, 1) - 1) / max(cellHeight, 1))
    }

    public func picture(_ image: IndexedImage, cell: PixelSize, column: Int) throws(ImageEncodingError) -> [UInt8] {
        do { return try SixelEncoder().encode(image) } catch { throw .sixel(error) }
    }
}
