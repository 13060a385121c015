import Codecs
import Raster

/// kitty graphics inside tmux: the picture is sent through tmux's passthrough with a virtual
/// placement (`U=1`), and shown where the pane holds its Unicode placeholder cells
/// (`KittyPlaceholders`). tmux keeps those cells as text: it moves, scrolls and clips them, and
/// draws them again on a window switch or a reattach, while kitty draws the picture over them. So
/// the picture behaves as text does: what is written over its cells replaces that part of it.
/// A reattach enters the terminal's alternate screen again: kitty 0.41 keeps virtual placements
/// there (it deletes every other placement), but a terminal may drop the picture, so the app sends
/// it again when tmux reports the pane's focus, which it does on an attach (`sendsAgainOnFocus`).
public struct KittyPlaceholderBackend: GraphicsBackend {
    /// The id of this backend's pictures: 24 bits, carried in the cells' foreground colour.
    public var imageID: UInt32

    /// A backend whose pictures have id `imageID`, kept within 1 to 0xFFFFFF.
    public init(imageID: UInt32 = 1) {
        self.imageID = min(max(imageID, 1), KittyPlaceholders.largestImageID)
    }

    public var graphicsProtocol: GraphicsProtocol { .kittyPlaceholders }

    public var abilities: GraphicsAbilities {
        GraphicsAbilities(drawsPixels: true, replacesPicturesByID: true, keepsPicturesUnderText: false, fillsWholeCells: true,
                          sendsAgainOnFocus: true)
    }

    /// The cells the placeholders can name, `KittyPlaceholders.largestSpan` a side, in pixels:
    /// a wider or taller picture could not be placed.
    public func largestPicture(cell: PixelSize) -> PixelSize? {
        let span = KittyPlaceholders.largestSpan
        return PixelSize(width: span * max(cell.width, 1), height: span * max(cell.height, 1))
    }

    /// The picture sent through the passthrough, then its placeholder cells from the cursor, row by
    /// row, each row back at `column`: as many cells as the picture covers, which kitty fills.
    public func picture(_ image: IndexedImage, cell: PixelSize, column: Int) throws(ImageEncodingError) -> [UInt8] {
        let columns = max(1, (image.width + max(cell.width, 1) - 1) / max(cell.width, 1))
        let rows = rows(forHeight: image.height, cellHeight: cell.height)
        guard let lines = KittyPlaceholders.lines(imageID: imageID, rows: rows, columns: columns) else {
            throw .tooLarge("\(columns)x\(rows) cells: placeholders name at most \(KittyPlaceholders.largestSpan) a side")
        }
        let transmission: [UInt8]
        do {
            transmission = try KittyEncoder().encode(image, imageID: imageID, placementID: 0, columns: columns, rows: rows,
                                                     placesVirtually: true)
        } catch { throw .kitty(error) }
        return TmuxPassthrough.wrapEach(transmission) + Array(lines.joined(separator: "\u{1B}[1B\u{1B}[\(column + 1)G").utf8)
    }

    /// DA1 for the terminal outside, through the passthrough: tmux discards the output of a client
    /// that falls behind, pictures included, so a playback waits for the answer (`PicturePacing`).
    public var acknowledgementQuery: [UInt8]? { TmuxPassthrough.wrap(Array("\u{1B}[c".utf8)) }

    /// Deletes the picture and frees its data, through the passthrough.
    public func eraseBytes() -> [UInt8] {
        TmuxPassthrough.wrap(KittyEncoder().deleteSequence(imageID: imageID))
    }
}
