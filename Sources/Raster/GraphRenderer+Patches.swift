/// A small opaque picture to lay over a window of `GraphLayers` at a pixel of the window, where
/// the window's own picture differs from the layers: around a label the window's edge cuts.
public struct LabelPatch: Sendable, Equatable {
    /// The column of the window its left edge lies on.
    public var left: Int
    /// The row of the window its top edge lies on.
    public var top: Int
    /// Its pixels, in the palette of the layers' base.
    public var image: IndexedImage
}

extension GraphRenderer {

    /// The most patches `labelPatches` gives a window: more places, fewer pixels between them.
    public static let maximumLabelPatches = 4

    /// The patches that make the window of `layers` from pixel (`x`, `y`), which shows `viewport`
    /// with its labels standing as `stance`, the picture `render` draws of `viewport`: none when no
    /// label crosses the window's edge (the window is that picture already), else where the window
    /// draws its labels otherwise (a label cut by its edge, moved inside or left out, and any
    /// neighbour that gave way), at most `maximumLabelPatches`, each the window's own pixels.
    ///
    /// The window's picture is the layers' graph without its labels, with the labels the window
    /// places drawn on it: the curves are the layers' own, so a patch joins what lies around it.
    public func labelPatches(over layers: GraphLayers, windowAt x: Int, _ y: Int, showing viewport: Viewport,
                             stance: LabelStance) -> [LabelPatch] {
        guard viewport.isRepresentable, let text = textPainter, layers.unlabelled.count == layers.base.pixels.count
        else { return [] }
        let width = viewport.width, height = viewport.height, base = layers.base
        guard x >= 0, y >= 0, x + width <= base.width, y + height <= base.height else { return [] }
        // The window's own picture places no label under its title band (`rasterize`); the band
        // itself lies above the patches, in the overlay.
        let band = TitleBand(style: style, text: text, width: width, height: height)?.box
        let axes = AxesPainter(viewport: viewport, style: style, text: text, reserved: keptClear(band: band))
        guard axes.cutsLabels(stance: stance) else { return [] }
        // The window's picture: the layers' graph without labels, the window's labels drawn on it.
        var picture = Canvas(width: width, height: height, fill: PaletteSlot.background)
        picture.pixels = Self.crop(layers.unlabelled, width: base.width, x: x, y: y, windowWidth: width, windowHeight: height)
        // Each group clear of those before, as `rasterize` draws them.
        let moving = axes.drawMovingLabels(on: &picture, stance: stance)
        let besideY = axes.drawPinnedLabels(of: .y, on: &picture, stance: stance, clearOf: moving)
        axes.drawPinnedLabels(of: .x, on: &picture, stance: stance, clearOf: besideY)
        // Both the stack and the picture are the graph without labels but around the labels each
        // draws (their line boxes, widened by the halo and any overhang of the glyphs' ink): only there may they differ.
        let reach = text.haloRadius + max(text.metrics.lineHeight / 2, 4)
        func boxes(of texts: [PlacedText], dx: Int, dy: Int) -> [PixelRect] {
            texts.map { PixelRect(left: $0.left + dx, top: $0.top + dy, right: $0.left + dx + $0.width, bottom: $0.top + dy + $0.height) }
        }
        var strips = [(image: IndexedImage, x: Int, y: Int, clear: UInt8)]()
        var candidates = boxes(of: picture.texts, dx: 0, dy: 0) + boxes(of: base.texts, dx: -x, dy: -y)
        for (strip, left, top) in [(layers.pinnedYLabels, 0, y), (layers.pinnedXLabels, x, 0)] {
            guard let strip, let clear = strip.clearIndex else { continue }
            strips.append((strip, left, top, clear))
            candidates += boxes(of: strip.texts, dx: -left, dy: -top)
        }
        let window = PixelRect(left: 0, top: 0, right: width, bottom: height)
        let scanned = candidates.map { $0.insetBy(dx: -reach, dy: -reach).clipped(width: width, height: height) }
            .filter { !$0.isEmpty && $0.intersects(window) }
        // What the stack shows at a pixel of the window: a strip's label (the x labels' over the y
        // labels', as sent after them), else the base.
        func stacked(_ column: Int, _ row: Int) -> UInt8 {
            for strip in strips.reversed() {
                let pixel = strip.image.pixels[(row + strip.y) * strip.image.width + column + strip.x]
                if pixel != strip.clear { return pixel }
            }
            return base.pixels[(row + y) * base.width + column + x]
        }
        let regions = DifferenceRegions(in: scanned, width: width, height: height) { column, row in
            stacked(column, row) != picture.pixels[row * width + column]
        }
        return regions.rects(atMost: Self.maximumLabelPatches).map { rect in
            var patch = IndexedImage(width: rect.right - rect.left, height: rect.bottom - rect.top, palette: base.palette,
                                     pixels: Self.crop(picture.pixels, width: width, x: rect.left, y: rect.top,
                                                       windowWidth: rect.right - rect.left, windowHeight: rect.bottom - rect.top))
            patch.layout = base.layout
            return LabelPatch(left: rect.left, top: rect.top, image: patch)
        }
    }

    /// The `windowWidth` x `windowHeight` pixels from (`x`, `y`) of pixels `width` a row.
    static func crop(_ pixels: [UInt8], width: Int, x: Int, y: Int, windowWidth: Int, windowHeight: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(windowWidth * windowHeight)
        for row in y..<(y + windowHeight) { out += pixels[(row * width + x)..<(row * width + x + windowWidth)] }
        return out
    }
}

/// Where two pictures of one size differ, as a few rectangles that cover every differing pixel:
/// differing pixels in touching tiles of `tile` x `tile` pixels form one region, each region
/// bounded by its pixels, and the regions that cost the fewest pixels to join are joined until few enough are left.
struct DifferenceRegions {
    /// The bounds of each region.
    private(set) var regions: [PixelRect] = []
    static let tile = 8

    /// The regions where pixel (column, row) `differs`, of a `width` x `height` picture, looking
    /// only inside `scanned` (rectangles inside the picture; elsewhere nothing differs).
    init(in scanned: [PixelRect], width: Int, height: Int, differs: (Int, Int) -> Bool) {
        guard width > 0, height > 0 else { return }
        let tile = Self.tile
        let columns = (width + tile - 1) / tile, rows = (height + tile - 1) / tile
        // Each tile's differing pixels' bounds, nil where none differ.
        var tiles = [PixelRect?](repeating: nil, count: columns * rows)
        for rect in scanned {
            for row in rect.top..<rect.bottom {
                for column in rect.left..<rect.right where differs(column, row) {
                    let cell = (row / tile) * columns + column / tile
                    let pixel = PixelRect(left: column, top: row, right: column + 1, bottom: row + 1)
                    tiles[cell] = tiles[cell].map { $0.union(pixel) } ?? pixel
                }
            }
        }
        var seen = [Bool](repeating: false, count: tiles.count)
        for start in tiles.indices where tiles[start] != nil && !seen[start] {
            var region = tiles[start], stack = [start]
            seen[start] = true
            while let cell = stack.popLast() {
                let column = cell % columns, row = cell / columns
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = column + dx, ny = row + dy, next = ny * columns + nx
                        guard nx >= 0, nx < columns, ny >= 0, ny < rows, !seen[next], let bounds = tiles[next] else { continue }
                        seen[next] = true
                        region = region?.union(bounds)
                        stack.append(next)
                    }
                }
            }
            if let region { regions.append(region) }
        }
    }

    /// The regions, the pairs whose joined bounds add the fewest pixels joined first until at most `limit` are left.
    func rects(atMost limit: Int) -> [PixelRect] {
        var rects = regions
        while rects.count > max(limit, 1) {
            var best = (cost: Int.max, i: 0, j: 1)
            for i in rects.indices {
                for j in rects.indices where j > i {
                    let cost = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                    if cost < best.cost { best = (cost, i, j) }
                }
            }
            rects[best.i] = rects[best.i].union(rects[best.j])
            rects.remove(at: best.j)
        }
        return rects
    }
}

extension PixelRect {
    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        PixelRect(left: min(left, other.left), top: min(top, other.top), right: max(right, other.right),
                  bottom: max(bottom, other.bottom))
    }

    /// Its pixels.
    var area: Int { max(right - left, 0) * max(bottom - top, 0) }
}
