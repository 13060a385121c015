import CZlib
import Raster

/// Why a PNG could not be written.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    case unsupported(String)
    /// zlib or libdeflate could not compress the image data.
    case zlib(ZlibError)

    public var description: String {
        switch self {
        case .unsupported(let what): "unsupported PNG: \(what)"
        case .zlib(let error): "\(error)"
        }
    }
}

/// Which deflate encoder compresses a PNG's image data; `gcview bench` times each on the frames
/// gcview sends.
public enum PNGDeflater: String, CaseIterable, Sendable {
    /// `RunDeflater`: runs of repeated bytes only, with fixed and dynamic Huffman codes of its own.
    case runs
    /// zlib's `deflate` with the `Z_RLE` strategy (runs only), level 6.
    case zlibRunLength
    /// libdeflate's whole-buffer compressor at level 1, its fastest.
    case libdeflate
}

/// Writes paletted PNGs of `IndexedImage`s (the tests read them back with `PNGDecoder`, test support).
public enum PNG {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The PNG bytes of `image`: paletted, 4 bits a pixel for up to 16 colours and 8 beyond, no
    /// interlace; its clear index, if any, transparent.
    ///
    /// Every row uses the 'up' filter, which turns rows that repeat the one above into zeros, and
    /// is deflated by `deflater` (`RunDeflater` unless told). Pixels must index into the palette.
    /// A file's PNG is `marked` as gcview's (`PictureMark`); a terminal's is not.
    public static func encode(_ image: IndexedImage, deflater: PNGDeflater = .runs, marked: Bool = false) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0, !image.palette.isEmpty else { throw .unsupported("empty image") }
        let depth = image.palette.count <= 16 ? 4 : 8
        let stride = depth == 4 ? (image.width + 1) / 2 : image.width
        var out = ByteWriter(capacity: 32 * 1024)
        out.append(contentsOf: signature)
        var header = ByteWriter(capacity: 13)
        header.reserve(8)
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header.append(contentsOf: [UInt8(depth), 3, 0, 0, 0])
        appendChunk("IHDR", header.array(), to: &out)
        if marked { appendChunk("tEXt", PictureMark.pngText, to: &out) }
        appendChunk("PLTE", image.palette.flatMap { [$0.red, $0.green, $0.blue] }, to: &out)
        if let clear = image.clearIndex, Int(clear) < image.palette.count {
            // Alpha for each index up to the clear one: opaque, then transparent.
            appendChunk("tRNS", [UInt8](repeating: 255, count: Int(clear)) + [0], to: &out)
        }

        out.reserve(8)
        let lengthOffset = out.count
        out.appendBigEndian(0)
        out.append(contentsOf: "IDAT".utf8)
        switch deflater {
        case .runs:
            var runs = RunDeflater(tokens: image.height * 16)
            forEachFilteredRow(of: image, depth: depth, stride: stride) { runs.append($0, count: stride + 1) }
            runs.finish(to: &out)
        case .zlibRunLength, .libdeflate:
            var filtered = [UInt8]()
            filtered.reserveCapacity(image.height * (stride + 1))
            forEachFilteredRow(of: image, depth: depth, stride: stride) {
                filtered.append(contentsOf: UnsafeBufferPointer(start: $0, count: stride + 1))
            }
            let stream: [UInt8]
            do {
                stream = deflater == .libdeflate ? try Libdeflate.compress(filtered)
                    : try Zlib.compress(filtered, level: 6, strategy: Z_RLE)
            } catch { throw .zlib(error) }
            out.reserve(stream.count)
            out.append(contentsOf: stream)
        }
        let length = out.count - lengthOffset - 8
        out.overwriteBigEndian(UInt32(length), at: lengthOffset)
        let idat = out.bytes(from: lengthOffset + 4)
        let crc = crc32(0, idat.baseAddress, uInt(idat.count))
        out.reserve(4)
        out.appendBigEndian(UInt32(truncatingIfNeeded: crc))
        appendChunk("IEND", [], to: &out)
        return out.array()
    }

    /// Calls `body` with each of `image`'s rows packed at `depth` bits and 'up'-filtered: the
    /// filter byte, then `stride` bytes.
    private static func forEachFilteredRow(of image: IndexedImage, depth: Int, stride: Int,
                                           _ body: (UnsafePointer<UInt8>) -> Void) {
        var rows = Scanlines(width: image.width, stride: stride)
        image.pixels.withUnsafeBufferPointer { pixels in
            guard let pixels = pixels.baseAddress else { return }
            for row in 0..<image.height {
                body(rows.next(pixels + row * image.width, depth: depth))
            }
        }
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to out: inout ByteWriter) {
        out.reserve(data.count + 12)
        out.appendBigEndian(UInt32(data.count))
        let start = out.count
        out.append(contentsOf: type.utf8)
        out.append(contentsOf: data)
        let chunk = out.bytes(from: start)
        let crc = crc32(0, chunk.baseAddress, uInt(chunk.count))
        out.appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}

/// Packs and 'up'-filters PNG scanlines one after another, in buffers kept from row to row.
private struct Scanlines: ~Copyable {
    private let width: Int
    private let stride: Int
    private var current: UnsafeMutablePointer<UInt8>
    private var previous: UnsafeMutablePointer<UInt8>
    /// The filter type byte (2, up) and the filtered row.
    private let filtered: UnsafeMutablePointer<UInt8>

    init(width: Int, stride: Int) {
        self.width = width
        self.stride = stride
        current = .allocate(capacity: stride)
        current.initialize(repeating: 0, count: stride)
        previous = .allocate(capacity: stride)
        previous.initialize(repeating: 0, count: stride)
        filtered = .allocate(capacity: stride + 1)
        filtered.initialize(repeating: 0, count: stride + 1)
    }

    deinit {
        current.deallocate()
        previous.deallocate()
        filtered.deallocate()
    }

    /// The filtered scanline (filter byte first) of the `width` indices at `pixels`, at `depth` bits a pixel.
    mutating func next(_ pixels: UnsafePointer<UInt8>, depth: Int) -> UnsafePointer<UInt8> {
        if depth == 4 {
            Self.pack(pixels, width: width, into: current)
        } else {
            current.update(from: pixels, count: width)
        }
        filtered[0] = 2
        let row = filtered + 1
        for index in 0..<stride { row[index] = current[index] &- previous[index] }
        swap(&current, &previous)
        return UnsafePointer(filtered)
    }

    /// Packs 4-bit indices two to a byte, high nibble first, eight pixels at a time.
    private static func pack(_ pixels: UnsafePointer<UInt8>, width: Int, into out: UnsafeMutablePointer<UInt8>) {
        let source = UnsafeRawPointer(pixels), target = UnsafeMutableRawPointer(out)
        let nibbles: UInt64 = 0x000F_000F_000F_000F
        var x = 0
        while x + 8 <= width {
            let word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: x, as: UInt64.self))
            // Each 16-bit lane becomes (first << 4 | second); then the four lanes' low bytes are gathered.
            var packed = (word & nibbles) << 4 | (word >> 8) & nibbles
            packed = (packed | packed >> 8) & 0x0000_FFFF_0000_FFFF
            packed = (packed | packed >> 16) & 0xFFFF_FFFF
            target.storeBytes(of: UInt32(truncatingIfNeeded: packed).littleEndian, toByteOffset: x / 2, as: UInt32.self)
            x += 8
        }
        while x < width {
            let high = pixels[x] & 0x0F, low = x + 1 < width ? pixels[x + 1] & 0x0F : 0
            out[x / 2] = high << 4 | low
            x += 2
        }
    }
}
