import Raster

extension GraphicsBackend {
    /// The renderer for pictures in this protocol with cells of `cell` pixels: labels drawn in
    /// pixels with `glyphs` (asked for only then), or for braille laid out on the cell grid, where
    /// the terminal writes them as text.
    public func renderer(theme: Theme, cell: PixelSize, title: String? = nil,
                         glyphs: () -> (any GlyphSource)?) -> GraphRenderer {
        guard abilities.drawsPixels else {
            let unit = pixels(perCell: cell)
            var style = GraphStyle.sized(forTextHeight: unit.height, theme: theme, title: title)
            style.lineWidth = 1
            style.textCell = unit
            return GraphRenderer(style: style, glyphs: CellGlyphs(width: unit.width, height: unit.height))
        }
        var style = GraphStyle.sized(forTextHeight: cell.height, theme: theme, title: title)
        style.paletteLimit = paletteLimit
        return GraphRenderer(style: style, glyphs: glyphs())
    }
}
