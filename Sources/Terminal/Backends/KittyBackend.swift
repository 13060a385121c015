import Raster

/// The kitty graphics protocol: pictures live above the text, named by an image id, and one
/// sent again with the same id replaces the last in place.
public struct KittyBackend: GraphicsBackend {
    /// The id of this backend's pictures.
    public var imageID: UInt32

    /// A kitty backend whose pictures have id `imageID` (0 is not an id: 1 is used instead).
    public init(imageID: UInt32 = 1) {
        self.imageID = max(imageID, 1)
    }

    public var graphicsProtocol: GraphicsProtocol { .kitty }

    public var abilities: GraphicsAbilities {
        GraphicsAbilities(drawsPixels: true, replacesPicturesByID: true, keepsPicturesUnderText: true)
    }

    /// Transmits and shows the picture, leaving the cursor where it was (`C=1`).
    public func picture(_ image: IndexedImage, cell: PixelSize, column: Int) throws(ImageEncodingError) -> [UInt8] {
        do { return try KittyEncoder(keepsCursor: true).encode(image, imageID: imageID, placementID: 1) }
        catch { throw .kitty(error) }
    }

    /// Transmits `image` and shows only `crop` of it, in the picture's place, leaving the cursor
    /// where it was; `placement(showing:)` later moves the window over it for a few bytes.
    public func picture(_ image: IndexedImage, showing crop: KittyEncoder.Crop) throws(ImageEncodingError) -> [UInt8] {
        do { return try KittyEncoder(keepsCursor: true).encode(image, imageID: imageID, placementID: 1, crop: crop) }
        catch { throw .kitty(error) }
    }

    /// Transmits `image` without showing it (`a=t`), replacing the data of this id; `placement(showing:)` shows it.
    public func transmission(_ image: IndexedImage) throws(ImageEncodingError) -> [UInt8] {
        do { return try KittyEncoder().encode(image, imageID: imageID, placementID: 1, displays: false) }
        catch { throw .kitty(error) }
    }

    /// Shows `crop` of the last picture transmitted, in its place, at the cursor.
    public func placement(showing crop: KittyEncoder.Crop) -> [UInt8] {
        KittyEncoder(keepsCursor: true).placementSequence(imageID: imageID, placementID: 1, crop: crop)
    }

    /// Deletes the picture and frees its data, and the spare picture's (`spare`).
    public func eraseBytes() -> [UInt8] {
        KittyEncoder().deleteSequence(imageID: imageID) + KittyEncoder().deleteSequence(imageID: spare.imageID)
    }

    /// The backend of a second id (the next), for a picture sent ahead to take turns with this one's.
    public var spare: KittyBackend {
        KittyBackend(imageID: imageID == .max ? 1 : imageID + 1)
    }
}
