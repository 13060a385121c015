import Codecs
import Raster

/// DEC sixel: the picture is drawn into the cells it covers, and text written over it replaces it.
public struct SixelBackend: GraphicsBackend {
    /// The largest sixel image the terminal shows uncropped, if it said.
    public var largestPicture: PixelSize?
    /// The terminal's colour registers, if known: a picture's palette stays within them.
    public var colorRegisters: Int?

    /// A sixel backend limited to `largestPicture` and `colorRegisters`, if given.
    public init(largestPicture: PixelSize? = nil, colorRegisters: Int? = nil) {
        self.largestPicture = largestPicture
        self.colorRegisters = colorRegisters
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
