import CLibdeflate

/// zlib streams from libdeflate, which compresses a whole buffer at once.
enum Libdeflate {
    /// `data` as a zlib stream at `level` (1, fastest, to 12): `libdeflate_alloc_compressor`,
    /// `libdeflate_zlib_compress` into a buffer of `libdeflate_zlib_compress_bound`.
    ///
    /// Throws `ZlibError.status(Z_MEM_ERROR)`'s value (-4) when the compressor cannot be made, and
    /// `Z_BUF_ERROR`'s (-5) when the output does not fit its bound.
    static func compress(_ data: [UInt8], level: Int32 = 1) throws(ZlibError) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else { throw .status(-4) }
        defer { libdeflate_free_compressor(compressor) }
        var out = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, data.count))
        let written = out.withUnsafeMutableBufferPointer { dest in
            data.withUnsafeBufferPointer { src in
                libdeflate_zlib_compress(compressor, src.baseAddress, src.count, dest.baseAddress, dest.count)
            }
        }
        guard written > 0 else { throw .status(-5) }
        out.removeSubrange(written...)
        return out
    }
}
