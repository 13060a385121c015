import CZlib
import Raster

/// Why a PNG could not be read or written.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    case notPNG
    case truncated
    case unsupported(String)
    case corrupt(String)
    case zlib(Int32)

    public var description: String {
        switch self {
        case .notPNG: "not a PNG file"
        case .truncated: "PNG file is truncated"
        case .unsupported(let what): "unsupported PNG: \(what)"
        case .corrupt(let what): "corrupt PNG: \(what)"
        case .zlib(let code): "zlib error \(code)"
        }
    }
}

/// Writes paletted PNGs of `IndexedImage`s and reads 8-bit PNGs back (for golden images and screenshots).
public enum PNG {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The PNG bytes of `image`: 8-bit paletted, no interlace.
    public static func encode(_ image: IndexedImage) throws(PNGError) -> [UInt8] {
        var out = signature
        var header = [UInt8]()
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header += [8, 3, 0, 0, 0]
        appendChunk("IHDR", header, to: &out)
        appendChunk("PLTE", image.palette.flatMap { [$0.red, $0.green, $0.blue] }, to: &out)
        var raw = [UInt8]()
        raw.reserveCapacity((image.width + 1) * image.height)
        for row in 0..<image.height {
            raw.append(0)
            raw += image.pixels[row * image.width ..< (row + 1) * image.width]
        }
        appendChunk("IDAT", try Zlib.compress(raw), to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// An 8-bit PNG (paletted, grey, RGB or RGBA) decoded to RGB pixels, row-major.
    public static func decodeRGB(_ bytes: [UInt8]) throws(PNGError) -> (width: Int, height: Int, pixels: [RGB]) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .notPNG }
        var offset = 8
        var width = 0, height = 0, colorType: UInt8 = 0
        var palette = [RGB]()
        var compressed = [UInt8]()
        while true {
            guard offset + 8 <= bytes.count else { throw .truncated }
            let length = Int(bytes.readBigEndian(at: offset))
            let type = String(decoding: bytes[offset + 4 ..< offset + 8], as: UTF8.self)
            guard length >= 0, offset + 12 + length <= bytes.count else { throw .truncated }
            let data = bytes[offset + 8 ..< offset + 8 + length]
            switch type {
            case "IHDR":
                guard length == 13 else { throw .corrupt("IHDR") }
                width = Int(bytes.readBigEndian(at: offset + 8))
                height = Int(bytes.readBigEndian(at: offset + 12))
                let depth = data[data.startIndex + 8]
                colorType = data[data.startIndex + 9]
                guard depth == 8 else { throw .unsupported("bit depth \(depth)") }
                guard data[data.startIndex + 12] == 0 else { throw .unsupported("interlace") }
                guard width > 0, height > 0, width * height <= 1 << 26 else { throw .corrupt("size") }
            case "PLTE":
                palette = stride(from: data.startIndex, to: data.endIndex - 2, by: 3).map {
                    RGB(bytes[$0], bytes[$0 + 1], bytes[$0 + 2])
                }
            case "IDAT":
                compressed += data
            case "IEND":
                return (width, height, try unfilter(try Zlib.decompress(compressed), width: width, height: height,
                                                    colorType: colorType, palette: palette))
            default:
                break
            }
            offset += 12 + length
        }
    }

    private static func unfilter(_ raw: [UInt8], width: Int, height: Int, colorType: UInt8,
                                 palette: [RGB]) throws(PNGError) -> [RGB] {
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 3: channels = 1
        case 4: channels = 2
        case 6: channels = 4
        default: throw .unsupported("colour type \(colorType)")
        }
        let stride = width * channels
        guard raw.count >= (stride + 1) * height else { throw .truncated }
        var previous = [UInt8](repeating: 0, count: stride)
        var current = [UInt8](repeating: 0, count: stride)
        var pixels = [RGB]()
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            let base = row * (stride + 1)
            let filter = raw[base]
            for i in 0..<stride {
                let x = raw[base + 1 + i]
                let a = i >= channels ? Int(current[i - channels]) : 0
                let b = Int(previous[i])
                let c = i >= channels ? Int(previous[i - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
                default: throw .corrupt("filter \(filter)")
                }
                current[i] = x &+ UInt8(truncatingIfNeeded: predicted)
            }
            for column in 0..<width {
                let p = column * channels
                switch colorType {
                case 3:
                    let index = Int(current[p])
                    guard index < palette.count else { throw .corrupt("palette index") }
                    pixels.append(palette[index])
                case 0, 4: pixels.append(RGB(current[p], current[p], current[p]))
                default: pixels.append(RGB(current[p], current[p + 1], current[p + 2]))
                }
            }
            swap(&previous, &current)
        }
        return pixels
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        out.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        var crc = crc32(0, typeBytes, 4)
        data.withUnsafeBufferPointer { crc = crc32(crc, $0.baseAddress, uInt($0.count)) }
        out += typeBytes
        out += data
        out.appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}

/// zlib streams, compressed and inflated in one call.
public enum Zlib {
    /// `data` as a zlib stream.
    public static func compress(_ data: [UInt8], level: Int32 = 6) throws(PNGError) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { dest in
            data.withUnsafeBufferPointer { src in
                compress2(dest.baseAddress, &length, src.baseAddress, uLong(src.count), level)
            }
        }
        guard status == Z_OK else { throw .zlib(status) }
        out.removeSubrange(Int(length)...)
        return out
    }

    /// The bytes inflated from a zlib stream.
    public static func decompress(_ data: [UInt8]) throws(PNGError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .zlib(Z_STREAM_ERROR)
        }
        defer { inflateEnd(&stream) }
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = data
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { src in
            stream.next_in = src.baseAddress
            stream.avail_in = uInt(src.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { dest in
                    stream.next_out = dest.baseAddress
                    stream.avail_out = uInt(dest.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return dest.count - Int(stream.avail_out)
                }
                out += chunk[0..<produced]
            } while status == Z_OK
        }
        guard status == Z_STREAM_END else { throw .zlib(status) }
        return out
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)])
    }

    func readBigEndian(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }
}
