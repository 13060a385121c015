/// Glyphs: anti-aliased glyph bitmaps from FreeType, for Raster labels.
