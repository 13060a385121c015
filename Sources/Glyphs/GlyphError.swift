import SystemPackage

/// Why glyphs could not be made; `description` is the line users see.
package enum GlyphError: Error, Equatable, CustomStringConvertible {
    /// FreeType itself failed to start (FreeType's error code).
    case libraryUnavailable(Int32)
    /// The font file could not be parsed (FreeType's error code).
    case cannotOpen(path: String, code: Int32)
    /// The font file could not be opened or read.
    case unreadable(path: String, errno: Errno)
    /// The font path names a directory, device, FIFO or socket (`kind` with its article).
    case notRegularFile(path: String, kind: String)
    /// The font file is larger than `limit` bytes.
    case tooLarge(path: String, limit: Int)
    /// No usable system font was found among the searched paths.
    case noSystemFont(searched: [String])

    package var description: String {
        switch self {
        case .libraryUnavailable(let code): "FreeType failed to initialise (FreeType error \(code))"
        case .cannotOpen(let path, let code): "cannot open font \(path) (FreeType error \(code))"
        case .unreadable(let path, let errno): "cannot read font \(path): \(errno)"
        case .notRegularFile(let path, let kind): "cannot use font \(path): it is \(kind), not a regular file"
        case .tooLarge(let path, let limit): "cannot use font \(path): it is larger than \(limit >> 20) MiB"
        case .noSystemFont(let searched): "no font found; looked for \(searched.joined(separator: ", "))"
        }
    }
}
