import CFreeType
import Raster
import SystemPackage
import SystemSupport

/// Anti-aliased glyphs rendered by FreeType, cached per character and size.
///
/// Not thread-safe: use one instance per rendering thread.
package final class FreeTypeGlyphs: GlyphSource {
    /// The font file the glyphs come from, as shown in messages.
    package var fontPath: String { font.path.shown }

    /// The font's bytes, which FreeType reads from for as long as the face lives.
    package let font: FontFile

    /// The monospace face for text laid out in cells (help and lists in the picture), when one
    /// was loaded; without it, those are drawn with these glyphs, fitted into the cells.
    package var cellFace: FreeTypeGlyphs?

    /// The monospace face, as Raster asks for it.
    package var cellGlyphs: (any GlyphSource)? { cellFace }

    private var library: FT_Library?
    private var face: FT_Face?
    private var sizedPixels = 0
    private var glyphCache: [GlyphKey: GlyphBitmap?] = [:]
    private var metricsCache: [Int: FontMetrics] = [:]

    private struct GlyphKey: Hashable {
        let scalar: Unicode.Scalar
        let pixelHeight: Int
    }

    /// A face made from `font`'s bytes (read once; each rendering thread makes its own face).
    package init(font: FontFile) throws(GlyphError) {
        var library: FT_Library?
        let status = FT_Init_FreeType(&library)
        guard status == 0, let library else { throw .libraryUnavailable(status) }
        var face: FT_Face?
        let bytes = font.bytes
        let opened = FT_New_Memory_Face(library, bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
                                        FT_Long(bytes.count), 0, &face)
        guard opened == 0, face != nil else {
            FT_Done_FreeType(library)
            throw .cannotOpen(path: font.path.shown, code: opened)
        }
        self.library = library
        self.face = face
        self.font = font
    }

    /// Reads and opens the font file at `fontPath`.
    package convenience init(fontPath: String) throws(GlyphError) {
        try self.init(font: FontFile(path: FilePath(fontPath)))
    }

    /// DejaVu Sans from the first system font path that can be read, or the font `GCVIEW_FONT`
    /// names in `environment` when it is set (then nothing else is searched); with `purpose`
    /// `.cells`, DejaVu Sans Mono or `GCVIEW_MONO_FONT`.
    package static func system(for purpose: FontFile.Purpose = .labels,
                              environment: [String: String] = [:]) throws(GlyphError) -> FreeTypeGlyphs {
        try FreeTypeGlyphs(font: FontFile.system(for: purpose, environment: environment))
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// Metrics for a font sized so ascender plus descender fill `pixelHeight`.
    package func metrics(pixelHeight: Int) -> FontMetrics {
        if let cached = metricsCache[pixelHeight] { return cached }
        var result = FontMetrics(ascent: pixelHeight * 4 / 5, descent: pixelHeight - pixelHeight * 4 / 5)
        if let face, setSize(pixelHeight) {
            let sizeMetrics = face.pointee.size.pointee.metrics
            let ascent = Int((Double(sizeMetrics.ascender) / 64).rounded(.up))
            let descent = Int((Double(-sizeMetrics.descender) / 64).rounded(.up))
            result = FontMetrics(ascent: ascent, descent: max(descent, pixelHeight - ascent),
                                 emPixels: Double(sizeMetrics.x_ppem))
        }
        metricsCache[pixelHeight] = result
        return result
    }

    /// The font's family name, as the font file gives it ("DejaVu Sans").
    package var familyName: String? {
        guard let face, let name = face.pointee.family_name else { return nil }
        return String(cString: name)
    }

    /// The rendered bitmap of `scalar`, or nil when the font has no such glyph.
    package func glyph(for scalar: Unicode.Scalar, pixelHeight: Int) -> GlyphBitmap? {
        let key = GlyphKey(scalar: scalar, pixelHeight: pixelHeight)
        if let cached = glyphCache[key] { return cached }
        let rendered = render(scalar, pixelHeight: pixelHeight)
        glyphCache[key] = .some(rendered)
        return rendered
    }

    // MARK: - FreeType edge

    private func render(_ scalar: Unicode.Scalar, pixelHeight: Int) -> GlyphBitmap? {
        guard let face, setSize(pixelHeight) else { return nil }
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard index != 0 || scalar == " " else { return nil }
        guard FT_Load_Glyph(face, index, Int32(FT_LOAD_DEFAULT)) == 0,
              let slot = face.pointee.glyph,
              FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if let buffer = bitmap.buffer, width > 0, height > 0 {
            for row in 0..<height {
                let source = pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch
                for column in 0..<width { coverage[row * width + column] = buffer[source + column] }
            }
        }
        return GlyphBitmap(
            width: width, height: height,
            left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            advance: Int((Double(slot.pointee.advance.x) / 64).rounded()),
            coverage: coverage
        )
    }

    /// Sizes the face so one line (ascender − descender) is `pixelHeight` pixels.
    private func setSize(_ pixelHeight: Int) -> Bool {
        guard let face, pixelHeight > 0 else { return false }
        if sizedPixels == pixelHeight { return true }
        let unitsPerEm = Double(face.pointee.units_per_EM)
        let lineUnits = Double(Int(face.pointee.ascender) - Int(face.pointee.descender))
        let em = lineUnits > 0 && unitsPerEm > 0 ? Double(pixelHeight) * unitsPerEm / lineUnits : Double(pixelHeight)
        guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(min(max(1, em.rounded()), 65_535))) == 0 else { return false }
        sizedPixels = pixelHeight
        return true
    }
}
