import Codecs
import Raster

/// The kitty graphics protocol: pictures live above the text, named by an image id, and one
/// sent again with the same id replaces the last in place.
public struct KittyBackend: GraphicsBackend, LayeredPictures {
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
        try picture(image)
    }

    /// Transmits and shows all of `image` in the picture's place, leaving the cursor where it was (`C=1`).
    public func picture(_ image: IndexedImage) throws(ImageEncodingError) -> [UInt8] {
        do { return try KittyEncoder(keepsCursor: true).encode(image, imageID: imageID, placementID: 1) }
        catch { throw .kitty(error) }
    }

    /// Transmits `image` and shows only `crop` of it, in the picture's place, leaving the cursor
    /// where it was; `placement(showing:)` later moves the window over it for a few bytes.
    public func picture(_ image: IndexedImage, showing crop: KittyEncoder.Crop) throws(ImageEncodingError) -> [UInt8] {
        do { return try KittyEncoder(keepsCursor: true).encode(image, imageID: imageID, placementID: 1, crop: crop) }
        catch { throw .kitty(error) }
    }

    /// Transmits `image` and shows only `crop` of it above every picture of a lower z-index
    /// (`zIndex`), in the picture's place, leaving the cursor where it was.
    public func picture(_ image: IndexedImage, showing crop: KittyEncoder.Crop, above zIndex: Int) throws(ImageEncodingError) -> [UInt8] {
        do { return try KittyEncoder(keepsCursor: true).encode(image, imageID: imageID, placementID: 1, crop: crop, zIndex: zIndex) }
        catch { throw .kitty(error) }
    }

    /// Transmits and shows `image` above every picture of a lower z-index (`zIndex`), in the
    /// picture's place, leaving the cursor where it was.
    public func picture(_ image: IndexedImage, above zIndex: Int) throws(ImageEncodingError) -> [UInt8] {
        do { return try KittyEncoder(keepsCursor: true).encode(image, imageID: imageID, placementID: 1, zIndex: zIndex) }
        catch { throw .kitty(error) }
    }

    /// Transmits and shows `image` at z-index `zIndex`, its top-left corner `offset` pixels right of
    /// and below the cursor cell's (each less than a cell), leaving the cursor where it was.
    public func picture(_ image: IndexedImage, above zIndex: Int, offsetInCell offset: PixelSize) throws(ImageEncodingError) -> [UInt8] {
        do {
            return try KittyEncoder(keepsCursor: true).encode(image, imageID: imageID, placementID: 1, zIndex: zIndex,
                                                              offsetInCell: (offset.width, offset.height))
        } catch { throw .kitty(error) }
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

    /// Shows `crop` of the last picture transmitted, in its place, at the cursor and z-index `zIndex`.
    public func placement(showing crop: KittyEncoder.Crop, above zIndex: Int) -> [UInt8] {
        KittyEncoder(keepsCursor: true).placementSequence(imageID: imageID, placementID: 1, crop: crop, zIndex: zIndex)
    }

    /// Shows all of the last picture transmitted at the cursor and z-index `zIndex`, `offset`
    /// pixels into the cursor's cell, in its place.
    public func placement(above zIndex: Int, offsetInCell offset: PixelSize) -> [UInt8] {
        KittyEncoder(keepsCursor: true).placementSequence(imageID: imageID, placementID: 1, crop: KittyEncoder.Crop(x: 0, y: 0, width: 0, height: 0),
                                                          zIndex: zIndex, offsetInCell: (offset.width, offset.height))
    }

    /// Takes the picture off the screen, keeping its data (`a=d,d=i`).
    public func hiding() -> [UInt8] {
        KittyEncoder().hideSequence(imageID: imageID)
    }

    /// Whether `other` has this picture's id.
    public func isSamePicture(as other: KittyBackend) -> Bool { other.imageID == imageID }

    /// Deletes the picture and its placements, freeing its data (`a=d,d=I`).
    public func deletion() -> [UInt8] {
        KittyEncoder().deleteSequence(imageID: imageID)
    }

    /// Deletes the picture and frees its data, and those of the ids a panorama's layers take (`layer`).
    public func eraseBytes() -> [UInt8] {
        (0..<Self.layerCount).flatMap { KittyEncoder().deleteSequence(imageID: layer($0).imageID) }
    }

    /// How many ids from `imageID` on a panorama may draw with: two sets of three layers that take
    /// turns (the graph, its pinned y labels, its pinned x labels), an overlay above them all,
    /// `patchCount` patches between (around labels a pan's window cuts), and a layer of point
    /// marks for each of the two sets.
    public static let layerCount = 9 + patchCount

    /// The ids a pane may use: `layerCount`.
    public static var idCount: Int { layerCount }

    /// How many patches a panorama may lay over its layers at once: as many as a window needs.
    public static let patchCount = GraphRenderer.maximumLabelPatches

    /// This backend's pictures, kept by id and shown through windows in layers.
    public var layeredPictures: (any LayeredPictures)? { self }

    /// The backend of the id `offset` after this one (0 is this one), for a panorama's layers.
    /// kitty stacks pictures of one z-index in the order it made them (its internal ids, not
    /// these), the oldest at the bottom; `KittyPanorama` relies on that, and on z-indexes.
    public func layer(_ offset: Int) -> KittyBackend {
        KittyBackend(imageID: imageID &+ UInt32(clamping: offset))
    }
}
