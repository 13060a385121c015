extension Canvas {
    /// Tints the pixels of `runs` in curve `curve`'s colour at low opacity: its lightest coverage
    /// level, or the grid's where the palette has no levels to spare (a sixel terminal with few
    /// registers), so the tint never indexes past the palette. Only the paper takes the tint: the
    /// grid and axes show through. Where another region's tint lies already, every other pixel
    /// (a checkerboard, (column + row) odd) takes this one, so both show in the overlap. The
    /// drawing record gets the paper's runs and the overlap's (filled with a checkerboard
    /// pattern) at `index`, under the grid, which the pixels leave alone.
    ///
    /// `sparse` is for pictures shown as braille, where a pixel is a dot and a filled region
    /// would be a block of ⣿ hiding every curve in it: the tint is then a stipple, one dot in
    /// four (even rows, every other column, the column's parity by the curve, so two regions'
    /// stipples fall side by side).
    mutating func tint(_ runs: [TintRun], curve: Int, of layout: PaletteLayout, sparse: Bool = false,
                       recordingAt index: inout Int) {
        let hasLevels = layout.levelsPerCurve >= 3
        let ink = hasLevels ? layout.slot(curve: curve, level: 1) : PaletteSlot.grid
        var paper = [TintRun](), overlap = [TintRun]()
        let width = width
        pixels.withUnsafeMutableBufferPointer { pixels in
            for run in runs where run.row >= 0 && run.row < height {
                var current: (isOverlap: Bool, start: Int)?
                func close(at column: Int) {
                    guard let open = current else { return }
                    let piece = TintRun(row: run.row, start: open.start, end: column)
                    if open.isOverlap { overlap.append(piece) } else { paper.append(piece) }
                    current = nil
                }
                for column in max(run.start, 0)..<min(run.end, width) {
                    if sparse, run.row & 1 == 1 || (column + curve) & 1 == 1 { continue }
                    let at = run.row * width + column, existing = pixels[at]
                    var kind: Bool?
                    if existing == PaletteSlot.background {
                        kind = false
                        pixels[at] = ink
                    } else if hasLevels, let other = layout.curveInk(at: existing), other.level == 1, other.curve != curve {
                        kind = true
                        if (column + run.row) & 1 == 1 { pixels[at] = ink }
                    }
                    if current?.isOverlap != kind { close(at: column) }
                    if let kind, current == nil { current = (kind, column) }
                }
                close(at: min(run.end, width))
            }
        }
        guard drawing != nil else { return }
        if !paper.isEmpty { drawing?.operations.insert(.tint(paper, slot: ink, checkered: false), at: index); index += 1 }
        if !overlap.isEmpty { drawing?.operations.insert(.tint(overlap, slot: ink, checkered: true), at: index); index += 1 }
    }
}
