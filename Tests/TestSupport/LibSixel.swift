import CSixel
import Raster
import Synchronization

/// libsixel's status when a call fails (`SIXEL_FALSE`, `SIXEL_BAD_ALLOCATION`, …).
package struct LibSixelError: Error, Equatable, CustomStringConvertible {
    package let status: Int32
    package var description: String { "libsixel error 0x\(String(UInt32(bitPattern: status), radix: 16))" }
}

/// libsixel's encoder and decoder, the reference the tests check gcview's own sixel writer
/// against: the single place this package calls libsixel, in test support only, so the product
/// does not link it. Its encoder (`sixel_encode` with a PAL8 dither) is about 70 times slower than
/// `SixelWriter` on graph images and, in libsixel 1.10.3, draws images shorter than 6 rows one
/// band too low.
///
/// The output and dither objects are kept and reused between encodes; calls are serialized.
package final class LibSixel: Sendable {
    private let state = Mutex(State())

    private struct State: ~Copyable {
        let buffer = ByteBuffer()
        var output: OpaquePointer?
        var dither: OpaquePointer?
        var ditherColors = 0

        deinit {
            if let dither { sixel_dither_unref(dither) }
            if let output { sixel_output_unref(output) }
        }
    }

    /// A reference encoder with nothing allocated yet.
    package init() {}

    /// The sixel sequence libsixel writes for `image`: 7-bit, RGB palette, every pixel painted.
    package func encode(_ image: IndexedImage) throws(LibSixelError) -> [UInt8] {
        let result: Result<[UInt8], LibSixelError> = state.withLock { state in
            do throws(LibSixelError) {
                return .success(try Self.encode(image, state: &state))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The image a sixel sequence draws, as libsixel decodes it (palette from its registers).
    package static func decode(_ bytes: [UInt8]) throws(LibSixelError) -> IndexedImage {
        var allocator: OpaquePointer?
        try check(sixel_allocator_new(&allocator, nil, nil, nil, nil))
        defer { sixel_allocator_unref(allocator) }
        var input = bytes
        var pixels: UnsafeMutablePointer<UInt8>?
        var palette: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, colors: Int32 = 0
        let status = input.withUnsafeMutableBufferPointer {
            sixel_decode_raw($0.baseAddress, Int32($0.count), &pixels, &width, &height, &palette, &colors, allocator)
        }
        defer {
            if let pixels { sixel_allocator_free(allocator, pixels) }
            if let palette { sixel_allocator_free(allocator, palette) }
        }
        try check(status)
        guard let pixels, let palette, width >= 0, height >= 0, (0...256).contains(colors) else {
            throw LibSixelError(status: SIXEL_FALSE)
        }
        let indices = Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height)))
        let rgb = (0..<Int(colors)).map { RGB(palette[$0 * 3], palette[$0 * 3 + 1], palette[$0 * 3 + 2]) }
        guard indices.allSatisfy({ Int($0) < rgb.count }) else { throw LibSixelError(status: SIXEL_FALSE) }
        return IndexedImage(width: Int(width), height: Int(height), palette: rgb, pixels: indices)
    }

    private static func check(_ status: SIXELSTATUS) throws(LibSixelError) {
        if gcview_sixel_failed(status) != 0 { throw LibSixelError(status: status) }
    }

    private static func encode(_ image: IndexedImage, state: inout State) throws(LibSixelError) -> [UInt8] {
        if state.output == nil {
            var output: OpaquePointer?
            let sink = Unmanaged.passUnretained(state.buffer).toOpaque()
            try check(sixel_output_new(&output, { data, size, priv in
                guard let data, let priv, size > 0 else { return 0 }
                let buffer = Unmanaged<ByteBuffer>.fromOpaque(priv).takeUnretainedValue()
                data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
                    buffer.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
                }
                return size
            }, sink, nil))
            guard let output else { throw LibSixelError(status: SIXEL_FALSE) }
            sixel_output_set_8bit_availability(output, 0)  // 7-bit ESC P … ESC \, safe in UTF-8 terminals
            sixel_output_set_palette_type(output, Int32(SIXEL_PALETTETYPE_RGB))
            sixel_output_set_encode_policy(output, Int32(SIXEL_ENCODEPOLICY_FAST))
            state.output = output
        }
        let colors = image.palette.count
        if state.dither == nil || state.ditherColors != colors {
            if let old = state.dither { sixel_dither_unref(old) }
            state.dither = nil
            var dither: OpaquePointer?
            try check(sixel_dither_new(&dither, Int32(colors), nil))
            guard let dither else { throw LibSixelError(status: SIXEL_FALSE) }
            sixel_dither_set_pixelformat(dither, Int32(SIXEL_PIXELFORMAT_PAL8))
            // No transparent key colour: P2 stays 0, so every pixel is painted.
            state.dither = dither
            state.ditherColors = colors
        }
        guard let output = state.output, let dither = state.dither else { throw LibSixelError(status: SIXEL_FALSE) }
        var rgb = image.palette.flatMap { [$0.red, $0.green, $0.blue] }
        rgb.withUnsafeMutableBufferPointer { sixel_dither_set_palette(dither, $0.baseAddress) }

        let buffer = state.buffer
        buffer.bytes.removeAll(keepingCapacity: true)
        var pixels = image.pixels
        let status = pixels.withUnsafeMutableBufferPointer {
            sixel_encode($0.baseAddress, Int32(image.width), Int32(image.height), 8, dither, output)
        }
        try check(status)
        let bytes = buffer.bytes
        buffer.bytes = []
        return bytes
    }
}

/// Bytes collected from libsixel; only touched under the context's lock.
private final class ByteBuffer {
    var bytes: [UInt8] = []
}
