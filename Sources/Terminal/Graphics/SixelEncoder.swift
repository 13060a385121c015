import Raster

/// Why an image could not be encoded as sixel.
public enum SixelError: Error, Equatable, CustomStringConvertible {
    /// The image has no pixels or no palette.
    case emptyImage
    /// A pixel refers past the end of the palette.
    case paletteIndexOutOfRange(UInt8)
    /// libsixel failed with this status.
    case libsixel(Int32)

    public var description: String {
        switch self {
        case .emptyImage: "image is empty"
        case .paletteIndexOutOfRange(let index): "pixel uses palette index \(index) past the palette"
        case .libsixel(let status): "libsixel error 0x\(String(UInt32(bitPattern: status), radix: 16))"
        }
    }
}

/// Encodes paletted images as DEC sixel: 1:1 pixel aspect, every pixel painted (opaque).
///
/// The default engine is a direct paletted writer (no quantization, no dithering); its output is
/// checked against libsixel's decoder in the tests. The libsixel engine (`sixel_encode` with a
/// PAL8 dither) is kept as a reference: it is about 70 times slower on graph images and, in
/// libsixel 1.10.3, draws images shorter than 6 rows one band too low.
public struct SixelEncoder: Sendable {
    /// Which code writes the sixel bytes.
    enum Engine: Sendable {
        case native
        case libsixel
    }

    let engine: Engine
    private let library: LibSixel?

    /// A new encoder, using the fast native writer.
    public init() {
        self.init(engine: .native)
    }

    init(engine: Engine) {
        self.engine = engine
        library = engine == .libsixel ? LibSixel() : nil
    }

    /// The sixel escape sequence (`ESC P 0;0;0 q "1;1;W;H … ESC \`) drawing `image`.
    public func encode(_ image: IndexedImage) throws(SixelError) -> [UInt8] {
        guard image.width > 0, image.height > 0, !image.palette.isEmpty else { throw .emptyImage }
        if let bad = image.firstIndexPastPalette { throw .paletteIndexOutOfRange(bad) }
        if let library { return try library.encode(image) }
        return SixelWriter.encode(image)
    }
}
