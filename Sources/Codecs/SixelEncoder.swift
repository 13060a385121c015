import Raster

/// Why an image could not be encoded as sixel.
public enum SixelError: Error, Equatable, CustomStringConvertible {
    /// The image has no pixels or no palette.
    case emptyImage
    /// A pixel refers past the end of the palette.
    case paletteIndexOutOfRange(UInt8)

    public var description: String {
        switch self {
        case .emptyImage: "image is empty"
        case .paletteIndexOutOfRange(let index): "pixel uses palette index \(index) past the palette"
        }
    }
}

/// Encodes paletted images as DEC sixel: 1:1 pixel aspect, every pixel painted (opaque).
///
/// A direct paletted writer (`SixelWriter`: no quantization, no dithering). The tests check its
/// output against libsixel's decoder and compare it with libsixel's encoder, which is about 70
/// times slower on graph images (`LibSixel`, in test support: the product does not link libsixel).
public struct SixelEncoder: Sendable {
    /// A new encoder.
    public init() {}

    /// The sixel escape sequence (`ESC P 0;0;0 q "1;1;W;H … ESC \`) drawing `image`.
    public func encode(_ image: IndexedImage) throws(SixelError) -> [UInt8] {
        guard image.width > 0, image.height > 0, !image.palette.isEmpty else { throw .emptyImage }
        guard let sequence = SixelWriter.encode(image) else {
            // The writer stops at nothing: the first such pixel, for the message, is looked for now.
            throw .paletteIndexOutOfRange(image.firstIndexPastPalette ?? UInt8(clamping: image.palette.count))
        }
        return sequence
    }
}
