/// Paints sampled curves as anti-aliased capsules (distance-to-segment coverage) into palette indices.
///
/// Coverage is quantized to the curve's levels in `layout`; overlapping capsules keep the
/// highest level, so joints are seamless and the width is the same at every slope. Where two
/// curves cross, the stronger coverage shows, and the later curve at equal strength.
struct CurvePainter {
    let width: Int
    let height: Int
    /// Half the line width in pixels.
    let radius: Double
    /// Where the curves' inks lie in the palette.
    var layout: PaletteLayout = .single
    /// Which curve of `layout` this painter paints (from 0).
    var curve: Int = 0

    /// Paints every branch and band of `samples` into `pixels` (row-major, `width`×`height`).
    func paint(_ samples: Samples, into pixels: UnsafeMutableBufferPointer<UInt8>) {
        for branch in samples.branches { paint(branch, pixels) }
        for band in samples.bands { paint(band, pixels) }
    }

    /// One polyline; runs of nearly collinear points (within `straightness` px) are painted as one capsule.
    private func paint(_ branch: [Point], _ pixels: UnsafeMutableBufferPointer<UInt8>) {
        guard let first = branch.first else { return }
        if branch.count == 1 { capsule(first, first, pixels); return }
        var anchor = 0
        var end = 1
        while end < branch.count {
            var next = end + 1
            while next < branch.count, next - anchor <= 32, isStraight(branch, from: anchor, to: next) { next += 1 }
            let last = next - 1
            capsule(branch[anchor], branch[last], pixels)
            anchor = last
            end = last + 1
        }
    }

    /// Whether every point strictly between `from` and `to` lies within `straightness` of their chord.
    ///
    /// Each point is first compared without dividing: its cross and dot products against the
    /// bounds scaled by the chord's length, a part in 10¹² either side. Only a point that close to
    /// a bound is settled by the quotients themselves, so the answer is the quotients' answer
    /// exactly, and most points cost two products instead of two divisions (this test was 3 % of
    /// `plot`'s time at 1600×1000, perf).
    private func isStraight(_ branch: [Point], from: Int, to: Int) -> Bool {
        let a = branch[from], b = branch[to]
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 1e-9, length < 48 else { return false }
        let lengthSquared = length * length
        let widest = straightness * length, near = 1 - 1e-12, far = 1 + 1e-12
        for i in (from + 1)..<to {
            let p = branch[i]
            let dot = (p.x - a.x) * dx + (p.y - a.y) * dy
            let cross = abs((p.x - a.x) * dy - (p.y - a.y) * dx)
            if cross < widest * near, dot > 0, dot < lengthSquared * near { continue }
            if cross > widest * far || dot > lengthSquared * far { return false }
            let along = dot / lengthSquared
            let across = cross / length
            if across > straightness || along < 0 || along > 1 { return false }
        }
        return true
    }

    /// How far (px) a point may stray from a chord and still be painted as part of it.
    private var straightness: Double { 0.08 }

    /// A capsule from `p` to `q`, split into short pieces so bounding boxes stay tight.
    private func capsule(_ p: Point, _ q: Point, _ pixels: UnsafeMutableBufferPointer<UInt8>) {
        let pad = radius + 1.5
        guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite,
              let (a, b) = ClipRect(left: -pad, top: -pad, right: Double(width) + pad, bottom: Double(height) + pad).clip(p, q)
        else { return }
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        let pieces = max(1, Int(clamping: length / 64, rounding: .up))
        var start = a
        for i in 1...pieces {
            let t = Double(i) / Double(pieces)
            let end = i == pieces ? b : Point(x: a.x + dx * t, y: a.y + dy * t)
            shortCapsule(start, end, pixels)
            start = end
        }
    }

    private func shortCapsule(_ a: Point, _ b: Point, _ pixels: UnsafeMutableBufferPointer<UInt8>) {
        let reach = radius + 0.5
        let left = max(0, Int(pixel: min(a.x, b.x) - reach))
        let right = min(width - 1, Int(pixel: max(a.x, b.x) + reach))
        let top = max(0, Int(pixel: min(a.y, b.y) - reach))
        let bottom = min(height - 1, Int(pixel: max(a.y, b.y) + reach))
        guard left <= right, top <= bottom else { return }
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let inverse = lengthSquared > 1e-12 ? 1 / lengthSquared : 0
        let levels = Double(layout.levelsPerCurve)
        let outerSquared = reach * reach
        let inner = max(reach - 1, 0), innerSquared = inner * inner
        // Pixel centers within `reach` of the segment lie within reach × length / |dy| of the
        // line's x in each row (the distance to the line, |px dy − py dx| / length, is below
        // `reach` there): only the columns whose centers lie there are visited, with a
        // thousandth of a pixel more for rounding. A pixel more each side, as before, visited
        // half as many pixels again for nothing (the same pixels are painted; CurvePainterTests
        // checks them against every pixel of an image).
        let steep = abs(dy) > 1e-9
        let slope = steep ? dx / dy : 0
        let halfSpan = steep ? reach * lengthSquared.squareRoot() / abs(dy) + 1e-3 : 0
        for y in top...bottom {
            let py = Double(y) + 0.5 - a.y
            var first = left, last = right
            if steep {
                let center = a.x + py * slope - 0.5
                first = max(left, Int(pixel: center - halfSpan, rounding: .up))
                last = min(right, Int(pixel: center + halfSpan))
                if first > last { continue }
            }
            let rowStart = y * width
            for x in first...last {
                let px = Double(x) + 0.5 - a.x
                let t = min(max((px * dx + py * dy) * inverse, 0), 1)
                let ex = px - t * dx, ey = py - t * dy
                let distanceSquared = ex * ex + ey * ey
                if distanceSquared >= outerSquared { continue }
                if distanceSquared <= innerSquared {
                    put(layout.levelsPerCurve, at: rowStart + x, pixels)
                    continue
                }
                let coverage = reach - distanceSquared.squareRoot()
                let level = Int(clamping: coverage * levels + 0.5, rounding: .towardZero)
                if level > 0 { put(level, at: rowStart + x, pixels) }
            }
        }
    }

    /// A column filled from `band.top` to `band.bottom`, widened by the radius, with soft ends.
    private func paint(_ band: Band, _ pixels: UnsafeMutableBufferPointer<UInt8>) {
        guard band.column >= 0, band.column < width else { return }
        let low = band.top - radius, high = band.bottom + radius
        let first = max(0, Int(pixel: low)), last = min(height - 1, Int(pixel: high))
        guard first <= last else { return }
        let levels = Double(layout.levelsPerCurve)
        for y in first...last {
            let coverage = min(high, Double(y + 1)) - max(low, Double(y))
            let level = Int(clamping: min(max(coverage, 0), 1) * levels)
            if level > 0 { put(level, at: y * width + band.column, pixels) }
        }
    }

    /// Writes curve level `level` (1…levels) over what is there: the higher curve level wins (this
    /// curve at a tie with an earlier one), and faint coverage leaves grid, axes and labels visible.
    @inline(__always)
    private func put(_ level: Int, at index: Int, _ pixels: UnsafeMutableBufferPointer<UInt8>) {
        let value = layout.slot(curve: curve, level: level)
        let existing = pixels[index]
        if let other = layout.curveInk(at: existing) {
            if level > other.level || (level == other.level && other.curve != curve) { pixels[index] = value }
        } else if existing == PaletteSlot.background || level * 5 >= layout.levelsPerCurve * 2 {
            pixels[index] = value
        }
    }
}
