import CGif
#if canImport(Glibc)
import Glibc
#endif
import Raster

/// Why a GIF could not be written.
public enum GIFError: Error, Equatable, CustomStringConvertible {
    /// giflib refused, with its message.
    case giflib(String)
    /// The frames do not fit the animation: an empty image, or one of another size than the first.
    case unsupported(String)

    public var description: String {
        switch self {
        case .giflib(let message): "giflib: \(message)"
        case .unsupported(let what): "unsupported GIF: \(what)"
        }
    }
}

/// Writes an animated GIF of `IndexedImage`s with giflib, one frame at a time: the only file that
/// imports CGif.
///
/// Each frame's palette is the image's own, so colours are exact (an `IndexedImage` has at most 256
/// colours, all a GIF frame holds; the map is padded with black to the power of two a GIF needs).
/// The first frame's palette is the global colour map and a frame with another palette carries its
/// own. A frame that repeats the one before except inside a rectangle is written as that rectangle
/// alone, left in place over the last (disposal "do not dispose"), so a curve that moves over a
/// still grid costs only the rows and columns it changes. With `loopsForever`, the NETSCAPE2.0
/// extension asks viewers to loop without end.
public final class AnimatedGIF {
    public let width: Int
    public let height: Int
    /// How long each frame shows, in hundredths of a second (GIF's unit).
    public let delay: Int
    /// How many frames were added.
    public private(set) var frameCount = 0

    private let file: UnsafeMutablePointer<GifFileType>
    private let output: Output
    private var previous: IndexedImage?
    private var isClosed = false

    /// Where giflib's writes go: a growing buffer, reached from the C callback through `UserData`.
    private final class Output {
        var bytes: [UInt8] = []
    }

    /// An animation of frames `width` by `height`, each shown `delay` hundredths of a second
    /// (at least 1: 0 means "as fast as possible" to some viewers and 10 to others).
    public init(width: Int, height: Int, delay: Int, loopsForever: Bool = true, palette: [RGB]) throws(GIFError) {
        guard (1...65_535).contains(width), (1...65_535).contains(height) else {
            throw .unsupported("a frame of \(width)x\(height) pixels (1 to 65535 a side)")
        }
        guard !palette.isEmpty, palette.count <= 256 else { throw .unsupported("a palette of \(palette.count) colours") }
        self.width = width
        self.height = height
        self.delay = min(max(delay, 1), 65_535)
        output = Output()
        var error: Int32 = 0
        let userData = Unmanaged.passUnretained(output).toOpaque()
        guard let file = EGifOpen(userData, { file, data, length in
            guard let file, let userData = file.pointee.UserData, let data, length > 0 else { return 0 }
            let output = Unmanaged<Output>.fromOpaque(userData).takeUnretainedValue()
            output.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return length
        }, &error) else { throw .giflib(Self.message(error)) }
        self.file = file
        EGifSetGifVersion(file, true)
        do throws(GIFError) {
            try withColorMap(palette) { map throws(GIFError) in
                try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, map))
            }
            // gcview's mark (`PictureMark`), first after the logical screen.
            try check(EGifPutComment(file, PictureMark.software))
            if loopsForever {
                // "NETSCAPE2.0", then sub-block 1: loop count 0 (forever), little-endian.
                try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
                var name = Array("NETSCAPE2.0".utf8)
                try check(EGifPutExtensionBlock(file, Int32(name.count), &name))
                var loops: [UInt8] = [1, 0, 0]
                try check(EGifPutExtensionBlock(file, 3, &loops))
                try check(EGifPutExtensionTrailer(file))
            }
        } catch {
            close()
            throw error
        }
        globalPalette = palette
    }

    private var globalPalette: [RGB] = []

    deinit { close() }

    /// Adds `image` as the next frame. It must be `width` by `height`.
    public func append(_ image: IndexedImage) throws(GIFError) {
        guard !isClosed else { throw .unsupported("a frame after the end") }
        guard image.width == width, image.height == height else {
            throw .unsupported("a frame of \(image.width)x\(image.height) in an animation of \(width)x\(height)")
        }
        guard !image.palette.isEmpty else { throw .unsupported("a frame without colours") }
        // Only what changed, where the colours are the same as the frame before; all of it otherwise.
        let region: (x: Int, y: Int, width: Int, height: Int)
        if let previous, previous.palette == image.palette {
            region = Self.changedRegion(from: previous, to: image)
        } else {
            region = (0, 0, width, height)
        }
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                           DelayTime: Int32(delay), TransparentColor: NO_TRANSPARENT_COLOR)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))
        let local = image.palette == globalPalette ? nil : image.palette
        try withColorMap(local) { map throws(GIFError) in
            try check(EGifPutImageDesc(file, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height),
                                       false, map))
        }
        // giflib masks the pixels it is given in place, so it gets a copy of the region.
        var pixels = [GifPixelType](repeating: 0, count: region.width * region.height)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                for row in 0..<region.height {
                    (target + row * region.width).update(from: source + (region.y + row) * width + region.x,
                                                         count: region.width)
                }
            }
        }
        try check(EGifPutLine(file, &pixels, Int32(pixels.count)))
        previous = image
        frameCount += 1
    }

    /// Ends the file and returns its bytes; no frame may be added after.
    public func finish() throws(GIFError) -> [UInt8] {
        guard frameCount > 0 else { throw .unsupported("an animation without frames") }
        var error: Int32 = 0
        isClosed = true
        guard EGifCloseFile(file, &error) == GIF_OK else { throw .giflib(Self.message(error)) }
        return output.bytes
    }

    /// The GIF of one picture (no loop, no delay).
    public static func encode(_ image: IndexedImage) throws(GIFError) -> [UInt8] {
        let gif = try AnimatedGIF(width: image.width, height: image.height, delay: 1, loopsForever: false,
                                  palette: image.palette)
        try gif.append(image)
        return try gif.finish()
    }

    /// The smallest rectangle holding every pixel that differs between `old` and `new` (same size
    /// and palette); a single pixel when none does, since every frame needs an image.
    static func changedRegion(from old: IndexedImage, to new: IndexedImage) -> (x: Int, y: Int, width: Int, height: Int) {
        let width = new.width
        var top = -1, bottom = -1, left = width, right = -1
        old.pixels.withUnsafeBufferPointer { before in
            new.pixels.withUnsafeBufferPointer { after in
                guard let before = before.baseAddress, let after = after.baseAddress else { return }
                for row in 0..<new.height {
                    let a = before + row * width, b = after + row * width
                    guard memcmp(a, b, width) != 0 else { continue }
                    if top < 0 { top = row }
                    bottom = row
                    var first = 0
                    while first < width, a[first] == b[first] { first += 1 }
                    var last = width - 1
                    while last > first, a[last] == b[last] { last -= 1 }
                    left = min(left, first)
                    right = max(right, last)
                }
            }
        }
        guard top >= 0 else { return (0, 0, 1, 1) }
        return (left, top, right - left + 1, bottom - top + 1)
    }

    private func close() {
        guard !isClosed else { return }
        isClosed = true
        var error: Int32 = 0
        _ = EGifCloseFile(file, &error)
    }

    private func check(_ status: Int32) throws(GIFError) {
        guard status == GIF_OK else { throw .giflib(Self.message(file.pointee.Error)) }
    }

    /// Calls `body` with a giflib colour map of `palette` padded to a power of two, or with nil.
    private func withColorMap(_ palette: [RGB]?, _ body: (UnsafeMutablePointer<ColorMapObject>?) throws(GIFError) -> Void) throws(GIFError) {
        guard let palette else { return try body(nil) }
        var size = 2
        while size < palette.count { size *= 2 }
        var colours = palette.map { GifColorType(Red: $0.red, Green: $0.green, Blue: $0.blue) }
        colours += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colours.count)
        guard let map = GifMakeMapObject(Int32(size), colours) else { throw .giflib("no memory for a colour map") }
        defer { GifFreeMapObject(map) }
        try body(map)
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
