import Raster

/// Why an image could not be encoded for the kitty graphics protocol.
public enum KittyError: Error, Equatable, CustomStringConvertible {
    /// The image has no pixels or no palette.
    case emptyImage
    /// Image id 0 cannot be replaced or deleted later.
    case zeroImageID
    /// A pixel refers past the end of the palette.
    case paletteIndexOutOfRange(UInt8)
    /// A requested column or row count is not positive.
    case invalidCellCount(Int)
    /// Encoding the pixels as PNG failed.
    case compression(PNGError)
    /// Compressing the RGB pixels with zlib failed.
    case zlibCompression(ZlibError)

    public var description: String {
        switch self {
        case .emptyImage: "image is empty"
        case .zeroImageID: "kitty image id must not be 0"
        case .paletteIndexOutOfRange(let index): "pixel uses palette index \(index) past the palette"
        case .invalidCellCount(let count): "cell count \(count) must be positive"
        case .compression(let error): "compression failed: \(error)"
        case .zlibCompression(let error): "compression failed: \(error)"
        }
    }
}

/// Writes kitty graphics protocol sequences that transmit and show an image in one go.
///
/// Sending again with the same image and placement ids replaces the picture in place, without
/// flicker. The payload is a paletted PNG (`f=100`): for graph images it is about 5 times
/// smaller and faster than zlib-compressed RGB (`f=24,o=z`), which is kept for comparison.
public struct KittyEncoder: Sendable {
    /// How the pixels travel.
    enum Format: Sendable, CaseIterable {
        /// `f=100`: a paletted PNG.
        case png
        /// `f=24,o=z`: raw RGB, zlib-compressed.
        case zlibRGB
    }

    /// The part of an image a placement shows, in the image's pixels (kitty's `x,y,w,h` keys). A
    /// width or height of 0 reaches the image's edge, as kitty takes a key left out.
    public struct Crop: Sendable, Equatable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        /// The `width` x `height` pixels from `x`, `y` (top-left) on.
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// The placement keys, those that are 0 (kitty's default) left out.
        var keys: String {
            [("x", x), ("y", y), ("w", width), ("h", height)].filter { $0.1 != 0 }.map { ",\($0.0)=\($0.1)" }.joined()
        }
    }

    /// The most base64 bytes one escape sequence carries.
    static let chunkSize = 4096

    let format: Format
    /// Whether to add `C=1`, so that showing the image leaves the cursor where it was.
    public var keepsCursor: Bool

    /// An encoder; `keepsCursor` adds `C=1` so the cursor does not move past the image.
    public init(keepsCursor: Bool = true) {
        self.init(format: .png, keepsCursor: keepsCursor)
    }

    init(format: Format, keepsCursor: Bool = true) {
        self.format = format
        self.keepsCursor = keepsCursor
    }

    /// The escape sequences transmitting and displaying `image` (`a=T`), scaled to `columns` x `rows`
    /// cells if given, showing only `crop` of it if given, at z-index `zIndex` if given (above
    /// pictures of a lower one; kitty stacks those of one z-index by when they were sent), its
    /// top-left corner `offsetInCell` pixels right of and below the cursor cell's (each less than a cell).
    /// With `displays` false it only transmits the image (`a=t`), to be placed later. With
    /// `placesVirtually` the placement is virtual (`U=1`): drawn where Unicode placeholder cells
    /// name the image (`KittyPlaceholders`), `columns` x `rows` of them.
    public func encode(_ image: IndexedImage, imageID: UInt32, placementID: UInt32,
                       columns: Int? = nil, rows: Int? = nil, crop: Crop? = nil, zIndex: Int? = nil,
                       offsetInCell: (x: Int, y: Int) = (0, 0), displays: Bool = true,
                       placesVirtually: Bool = false) throws(KittyError) -> [UInt8] {
        guard image.width > 0, image.height > 0, !image.palette.isEmpty else { throw .emptyImage }
        guard imageID != 0 else { throw .zeroImageID }
        if let bad = image.firstIndexPastPalette { throw .paletteIndexOutOfRange(bad) }
        if let columns, columns <= 0 { throw .invalidCellCount(columns) }
        if let rows, rows <= 0 { throw .invalidCellCount(rows) }

        var keys = "a=\(displays ? "T" : "t"),q=2,i=\(imageID)"
        if placementID != 0, displays { keys += ",p=\(placementID)" }
        let payload: [UInt8]
        switch format {
        case .png:
            keys += ",f=100"
            do { payload = try PNG.encode(image) } catch { throw .compression(error) }
        case .zlibRGB:
            keys += ",f=24,o=z,s=\(image.width),v=\(image.height)"
            do { payload = try Zlib.compress(Self.rgb(image)) } catch { throw .zlibCompression(error) }
        }
        if let crop { keys += crop.keys }
        if let columns { keys += ",c=\(columns)" }
        if let rows { keys += ",r=\(rows)" }
        if let zIndex, displays { keys += ",z=\(zIndex)" }
        if placesVirtually, displays { keys += ",U=1" }
        if offsetInCell.x > 0, displays { keys += ",X=\(offsetInCell.x)" }
        if offsetInCell.y > 0, displays { keys += ",Y=\(offsetInCell.y)" }
        if keepsCursor { keys += ",C=1" }
        return Self.chunked(keys: keys, payload: Base64.encode(payload))
    }

    /// The sequence showing `crop` of image `imageID`, already transmitted, at the cursor (`a=p`),
    /// at z-index `zIndex` if given: it replaces the placement `placementID` had, and costs tens of bytes whatever the image's size.
    public func placementSequence(imageID: UInt32, placementID: UInt32, crop: Crop, zIndex: Int? = nil,
                                  offsetInCell: (x: Int, y: Int) = (0, 0)) -> [UInt8] {
        var keys = "a=p,i=\(imageID)"
        if placementID != 0 { keys += ",p=\(placementID)" }
        keys += crop.keys
        if let zIndex { keys += ",z=\(zIndex)" }
        if offsetInCell.x > 0 { keys += ",X=\(offsetInCell.x)" }
        if offsetInCell.y > 0 { keys += ",Y=\(offsetInCell.y)" }
        if keepsCursor { keys += ",C=1" }
        return Array("\u{1B}_G\(keys),q=2\u{1B}\\".utf8)
    }

    /// The sequence removing every placement of image `imageID` from the screen, keeping its data
    /// for a placement to show it again (`a=d,d=i`).
    public func hideSequence(imageID: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=i,i=\(imageID),q=2\u{1B}\\".utf8)
    }

    /// The sequence deleting image `imageID` and all its placements, freeing its data (`a=d,d=I`).
    public func deleteSequence(imageID: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(imageID),q=2\u{1B}\\".utf8)
    }

    /// `payload` split into APC sequences of at most `chunkSize` bytes; the first carries `keys`.
    static func chunked(keys: String, payload: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(payload.count + payload.count / chunkSize * 16 + keys.utf8.count + 16)
        var start = 0
        repeat {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count
            out += [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
            if start == 0 {
                out += Array(keys.utf8)
                out += Array(",m=\(more ? 1 : 0)".utf8)
            } else {
                out += Array("m=\(more ? 1 : 0)".utf8)
            }
            out.append(UInt8(ascii: ";"))
            out += payload[start..<end]
            out += [0x1B, UInt8(ascii: "\\")]
            start = end
        } while start < payload.count
        return out
    }

    private static func rgb(_ image: IndexedImage) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(image.pixels.count * 3)
        for index in image.pixels {
            let color = image.palette[Int(index)]
            out.append(color.red)
            out.append(color.green)
            out.append(color.blue)
        }
        return out
    }
}
