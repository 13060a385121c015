import CZlib
import Raster

/// Why a PNG could not be read.
package enum PNGDecodingError: Error, Equatable, CustomStringConvertible {
    case notPNG
    case truncated
    case unsupported(String)
    case corrupt(String)
    /// The compressed image data could not be inflated: zlib's status.
    case zlib(Int32)

    package var description: String {
        switch self {
        case .notPNG: "not a PNG file"
        case .truncated: "PNG file is truncated"
        case .unsupported(let what): "unsupported PNG: \(what)"
        case .corrupt(let what): "corrupt PNG: \(what)"
        case .zlib(let status): "zlib error \(status)"
        }
    }
}

/// Reads PNGs back to pixels, the tests' reference (golden images, screenshots, what gcview
/// wrote): paletted or grey at 1, 2, 4 or 8 bits, or 8-bit grey-alpha, RGB or RGBA. The product
/// only writes PNGs (`PNG.encode`); this decoder is test support and the png-decoder fuzz target's.
package enum PNGDecoder {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// A PNG decoded to RGB pixels, row-major: paletted or grey at 1, 2, 4 or 8 bits, or 8-bit grey-alpha, RGB or RGBA.
    package static func decodeRGB(_ bytes: [UInt8]) throws(PNGDecodingError) -> (width: Int, height: Int, pixels: [RGB]) {
        let decoded = try decodeWithAlpha(bytes)
        return (decoded.width, decoded.height, decoded.pixels)
    }

    /// A PNG decoded as `decodeRGB` does, with each pixel's alpha: a paletted image's from its
    /// `tRNS` chunk, 255 for every other image.
    package static func decodeWithAlpha(_ bytes: [UInt8]) throws(PNGDecodingError) -> (width: Int, height: Int, pixels: [RGB], alpha: [UInt8]) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .notPNG }
        var offset = 8
        var header: Format?
        var palette = [RGB]()
        var transparency = [UInt8]()
        var compressed = [UInt8]()
        while true {
            guard offset + 8 <= bytes.count else { throw .truncated }
            let length = Int(readBigEndian(bytes, at: offset))
            let type = String(decoding: bytes[offset + 4 ..< offset + 8], as: UTF8.self)
            guard length >= 0, offset + 12 + length <= bytes.count else { throw .truncated }
            let data = bytes[offset + 8 ..< offset + 8 + length]
            // IHDR comes first and only once; every other chunk needs it.
            guard (type == "IHDR") == (header == nil) else { throw .corrupt(header == nil ? "no IHDR first" : "second IHDR") }
            switch type {
            case "IHDR":
                guard length == 13 else { throw .corrupt("IHDR") }
                let width = Int(readBigEndian(bytes, at: offset + 8))
                let height = Int(readBigEndian(bytes, at: offset + 12))
                let depth = Int(data[data.startIndex + 8])
                let colorType = data[data.startIndex + 9]
                let depths: Set<Int> = colorType == 0 || colorType == 3 ? [1, 2, 4, 8] : [8]
                guard depths.contains(depth) else { throw .unsupported("bit depth \(depth) with colour type \(colorType)") }
                guard data[data.startIndex + 12] == 0 else { throw .unsupported("interlace") }
                // Each side is up to 2^32 - 1, so the product can overflow: check the sides first.
                guard width > 0, height > 0, width <= 1 << 26, height <= 1 << 26, width * height <= 1 << 26 else {
                    throw .corrupt("size")
                }
                header = Format(width: width, height: height, depth: depth, colorType: colorType)
            case "PLTE":
                palette = stride(from: data.startIndex, to: data.endIndex - 2, by: 3).map {
                    RGB(bytes[$0], bytes[$0 + 1], bytes[$0 + 2])
                }
            case "tRNS":
                transparency = Array(data)
            case "IDAT":
                compressed += data
            case "IEND":
                guard let format = header else { throw .corrupt("no IHDR") }
                let raw: [UInt8]
                do { raw = try inflate(compressed) } catch { throw .zlib(error.status) }
                let pixels = try unfilter(raw, format, palette: palette)
                guard format.colorType == 3, !transparency.isEmpty else {
                    return (format.width, format.height, pixels, [UInt8](repeating: 255, count: pixels.count))
                }
                // The same indices through a palette of alphas (in red) give each pixel's alpha.
                let alphas = palette.indices.map { RGB($0 < transparency.count ? transparency[$0] : 255, 0, 0) }
                return (format.width, format.height, pixels, try unfilter(raw, format, palette: alphas).map(\.red))
            default:
                break
            }
            offset += 12 + length
        }
    }

    /// The pixel layout from a PNG header.
    private struct Format {
        let width: Int
        let height: Int
        let depth: Int
        let colorType: UInt8
    }

    private static func unfilter(_ raw: [UInt8], _ format: Format, palette: [RGB]) throws(PNGDecodingError) -> [RGB] {
        let channels: Int
        switch format.colorType {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw .unsupported("colour type \(format.colorType)")
        }
        let width = format.width, depth = format.depth
        // Filters work on whole bytes: `unit` is the byte distance to the corresponding byte of the pixel on the left.
        let unit = max(1, channels * depth / 8)
        let stride = (width * channels * depth + 7) / 8
        guard raw.count >= (stride + 1) * format.height else { throw .truncated }
        var previous = [UInt8](repeating: 0, count: stride)
        var current = [UInt8](repeating: 0, count: stride)
        var pixels = [RGB]()
        pixels.reserveCapacity(width * format.height)
        let maxSample = (1 << depth) - 1
        for row in 0..<format.height {
            let base = row * (stride + 1)
            let filter = raw[base]
            for i in 0..<stride {
                let x = raw[base + 1 + i]
                let a = i >= unit ? Int(current[i - unit]) : 0
                let b = Int(previous[i])
                let c = i >= unit ? Int(previous[i - unit]) : 0
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
                if depth < 8 {
                    let bit = column * depth
                    let sample = Int(current[bit >> 3]) >> (8 - depth - bit & 7) & maxSample
                    if format.colorType == 3 {
                        guard sample < palette.count else { throw .corrupt("palette index") }
                        pixels.append(palette[sample])
                    } else {
                        let grey = UInt8(sample * 255 / maxSample)
                        pixels.append(RGB(grey, grey, grey))
                    }
                    continue
                }
                let p = column * channels
                switch format.colorType {
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

    private static func readBigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// zlib's status when a stream does not inflate.
    package struct InflateError: Error {
        package let status: Int32
    }

    /// The bytes inflated from a zlib stream (a PNG's image data, kitty's `o=z` payload).
    package static func inflate(_ data: [UInt8]) throws(InflateError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw InflateError(status: Z_STREAM_ERROR)
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
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return dest.count - Int(stream.avail_out)
                }
                out += chunk[0..<produced]
            } while status == Z_OK
        }
        guard status == Z_STREAM_END else { throw InflateError(status: status) }
        return out
    }
}
