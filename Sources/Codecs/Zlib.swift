import CZlib

/// Why zlib could not compress or inflate a stream: zlib's status code (`Z_DATA_ERROR`, …).
public enum ZlibError: Error, Equatable, CustomStringConvertible {
    /// zlib returned this status instead of success.
    case status(Int32)

    public var description: String {
        switch self {
        case .status(let code): "zlib error \(code)"
        }
    }
}

/// zlib streams, compressed in one call (`gcview bench`'s `Z_RLE` line and kitty's RGB payload).
enum Zlib {
    /// `data` as a zlib stream, deflated at `level` with `strategy` (`Z_DEFAULT_STRATEGY`,
    /// `Z_RLE`, …): `deflateInit2`, one `deflate(Z_FINISH)` into a buffer of `deflateBound`.
    static func compress(_ data: [UInt8], level: Int32 = 6,
                         strategy: Int32 = Z_DEFAULT_STRATEGY) throws(ZlibError) -> [UInt8] {
        var stream = z_stream()
        let started = deflateInit2_(&stream, level, Z_DEFLATED, MAX_WBITS, 8, strategy,
                                    ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { throw .status(started) }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))))
        var input = data
        let status = out.withUnsafeMutableBufferPointer { dest in
            input.withUnsafeMutableBufferPointer { src in
                stream.next_in = src.baseAddress
                stream.avail_in = uInt(src.count)
                stream.next_out = dest.baseAddress
                stream.avail_out = uInt(dest.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw .status(status) }
        out.removeSubrange(Int(stream.total_out)...)
        return out
    }
}
