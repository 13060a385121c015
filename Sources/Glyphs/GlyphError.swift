/// Why a font could not be opened.
public enum GlyphError: Error, Equatable, CustomStringConvertible {
    /// FreeType itself failed to start.
    case libraryUnavailable(Int32)
    /// The font file could not be opened or parsed.
    case cannotOpen(path: String, code: Int32)
    /// No usable system font was found among the searched paths.
    case noSystemFont(searched: [String])

    public var description: String {
        switch self {
        case .libraryUnavailable(let code): "FreeType failed to initialise (error \(code))"
        case .cannotOpen(let path, let code): "cannot open font \(path) (FreeType error \(code))"
        case .noSystemFont(let searched): "no font found; looked for \(searched.joined(separator: ", "))"
        }
    }
}
