import Codecs
import Raster

/// iTerm2's inline images (OSC 1337 `File=…;inline=1`), also shown by WezTerm, Konsole and
/// mintty: a PNG drawn into the cells it covers, which text written over it replaces.
public struct ITerm2Backend: GraphicsBackend {
    /// An OSC 1337 backend.
    public init() {}

    public var graphicsProtocol: GraphicsProtocol { .iterm2 }

    public var abilities: GraphicsAbilities {
        GraphicsAbilities(drawsPixels: true, replacesPicturesByID: false, keepsPicturesUnderText: false)
    }

    /// The picture as a PNG, its size given in pixels so that no terminal scales it, and
    /// `doNotMoveCursor` for the terminals that know it (the callers place the cursor anyway).
    public func picture(_ image: IndexedImage, cell: PixelSize, column: Int) throws(ImageEncodingError) -> [UInt8] {
        guard image.width > 0, image.height > 0, !image.palette.isEmpty else { throw .iterm2(.unsupported("image is empty")) }
        let png: [UInt8]
        do { png = try PNG.encode(image) } catch { throw .iterm2(error) }
        let arguments = "inline=1;size=\(png.count);width=\(image.width)px;height=\(image.height)px"
            + ";preserveAspectRatio=0;doNotMoveCursor=1"
        return Array("\u{1B}]1337;File=\(arguments):".utf8) + Base64.encode(png) + [0x07]
    }
}
