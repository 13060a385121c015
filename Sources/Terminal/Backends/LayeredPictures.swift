import Codecs
import Raster

/// The part of a picture a placement shows, in the picture's pixels. A width or height of 0
/// reaches the picture's edge.
public typealias PictureWindow = KittyEncoder.Crop

/// What a terminal that keeps pictures by id offers beyond drawing them: showing a window of a
/// picture it holds, again and again for a few bytes, and stacking pictures in layers (kitty).
/// A graph pane pans by moving windows over pictures sent once. `GraphicsBackend.layeredPictures`
/// answers whether the terminal has it; the app never asks which protocol that is.
///
/// One value names one picture (its id); `layer(_:)` names the others a pane stacks. Pictures of
/// one z-index lie in the order the terminal made them, the oldest at the bottom.
public protocol LayeredPictures: Sendable {
    /// The picture `offset` ids after this one (0 is this one), for a pane's other layers.
    func layer(_ offset: Int) -> Self
    /// Whether `other` names the same picture.
    func isSamePicture(as other: Self) -> Bool
    /// Sends `image` without showing it, replacing this picture's pixels; `placement(showing:)` shows it.
    func transmission(_ image: IndexedImage) throws(ImageEncodingError) -> [UInt8]
    /// Sends `image` and shows only `window` of it at the cursor, leaving the cursor where it was.
    func picture(_ image: IndexedImage, showing window: PictureWindow) throws(ImageEncodingError) -> [UInt8]
    /// Sends `image` and shows all of it at the cursor above every picture of a lower `zIndex`,
    /// its top-left corner `offset` pixels right of and below the cursor cell's (each less than a cell).
    func picture(_ image: IndexedImage, above zIndex: Int, offsetInCell offset: PixelSize) throws(ImageEncodingError) -> [UInt8]
    /// Sends `image` and shows only `window` of it at the cursor above every picture of a lower
    /// `zIndex`, leaving the cursor where it was.
    func picture(_ image: IndexedImage, showing window: PictureWindow, above zIndex: Int) throws(ImageEncodingError) -> [UInt8]
    /// Shows `window` of the picture last sent, at the cursor, in place of where it was.
    func placement(showing window: PictureWindow) -> [UInt8]
    /// Shows `window` of the picture last sent, at the cursor and z-index `zIndex`, in place of where it was.
    func placement(showing window: PictureWindow, above zIndex: Int) -> [UInt8]
    /// Shows all of the picture last sent at the cursor above every picture of a lower `zIndex`, its
    /// top-left corner `offset` pixels into the cursor's cell, in place of where it was.
    func placement(above zIndex: Int, offsetInCell offset: PixelSize) -> [UInt8]
    /// Removes the picture from the screen, keeping its pixels for a placement to show again.
    func hiding() -> [UInt8]
    /// Removes the picture from the screen and frees its pixels.
    func deletion() -> [UInt8]
    /// How many ids from this one on a pane may use (`layer(0)` to `layer(idCount - 1)`).
    static var idCount: Int { get }
}

extension GraphicsBackend {
    /// Not a terminal that keeps pictures by id.
    public var layeredPictures: (any LayeredPictures)? { nil }
}
