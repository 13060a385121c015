/// The pixels of a region F(x, y) > 0 (or ≥ 0), as runs along the rows.
///
/// F is decided at the centre of every `cell`-th pixel; a cell whose four corners agree is
/// taken whole, and only a cell whose corners disagree is decided pixel by pixel. Undefined
/// points are outside. The cost is bounded: the cells widen until their corners take at most a
/// quarter of `evaluationLimit`, and once the limit is spent the cells left take their corners' majority.
struct RegionSampler {
    let viewport: Viewport
    var cell = 8
    var evaluationLimit = Int.max

    /// The pixels inside, and how many evaluations deciding them took.
    func sample(_ F: (Double, Double) -> Double?, strict: Bool) -> (runs: [TintRun], evaluations: Int) {
        guard viewport.isRepresentable else { return ([], 0) }
        let width = viewport.width, height = viewport.height
        var side = max(cell, 1)
        func nodes(_ side: Int) -> Int { (width / side + 2) * (height / side + 2) }
        while side < 1 << 24, nodes(side) > max(evaluationLimit, 1) / 4 { side *= 2 }
        var count = 0
        func inside(_ column: Int, _ row: Int) -> Bool {
            count += 1
            guard let v = F(viewport.x(atColumn: Double(column) + 0.5), viewport.y(atRow: Double(row) + 0.5)), !v.isNaN
            else { return false }
            return strict ? v > 0 : v >= 0
        }
        let across = (width + side - 1) / side, down = (height + side - 1) / side
        // Corner (a, b) is the centre of pixel (a·side, b·side), the last column or row at the far edge.
        var corners = [Bool](repeating: false, count: (across + 1) * (down + 1))
        for b in 0...down {
            for a in 0...across { corners[b * (across + 1) + a] = inside(min(a * side, width - 1), min(b * side, height - 1)) }
        }
        var mask = [Bool](repeating: false, count: width * height)
        for b in 0..<down {
            for a in 0..<across {
                let states = [corners[b * (across + 1) + a], corners[b * (across + 1) + a + 1],
                              corners[(b + 1) * (across + 1) + a], corners[(b + 1) * (across + 1) + a + 1]]
                let insides = states.filter { $0 }.count
                let columns = (a * side)..<min((a + 1) * side, width), rows = (b * side)..<min((b + 1) * side, height)
                let mixed = insides != 0 && insides != 4
                let affordable = count + columns.count * rows.count <= evaluationLimit
                for row in rows {
                    for column in columns {
                        mask[row * width + column] = mixed && affordable ? inside(column, row) : insides >= 2
                    }
                }
            }
        }
        return (TintRun.runs(of: mask, width: width), count)
    }
}

/// A run of pixels of one row, `start..<end`.
struct TintRun: Equatable, Sendable {
    var row: Int
    var start: Int
    var end: Int

    /// The runs of true pixels of `mask`, `width` a row.
    static func runs(of mask: [Bool], width: Int) -> [TintRun] {
        guard width > 0 else { return [] }
        var runs = [TintRun]()
        for row in 0..<(mask.count / width) {
            var column = 0
            while column < width {
                guard mask[row * width + column] else { column += 1; continue }
                let start = column
                while column < width, mask[row * width + column] { column += 1 }
                runs.append(TintRun(row: row, start: start, end: column))
            }
        }
        return runs
    }
}

/// Cuts polylines into dashes: `on` pixels drawn, `off` left out, along each polyline's length.
/// Only what lies within `clip` is cut: a stretch outside it only moves the dashes' phase on, so
/// the work and the points made are bounded by the length inside, however far out the polyline
/// swings (a strict inequality's edge beside a pole is millions of pixels long off the picture).
func dashed(_ branches: [[Point]], on: Double, off: Double, within clip: ClipRect) -> [[Point]] {
    var dasher = Dasher(on: on, off: off)
    for branch in branches {
        guard var previous = branch.first else { continue }
        dasher.startBranch()
        for point in branch.dropFirst() {
            dasher.stroke(from: previous, to: point, within: clip)
            previous = point
        }
        dasher.endDash()
    }
    return dasher.dashes
}

/// The pen `dashed` moves: the phase of the dash pattern and the dash being drawn.
private struct Dasher {
    let on: Double, off: Double
    var dashes = [[Point]]()
    /// Whether the pattern is in a drawn stretch, and how much of that stretch is left.
    private var drawing = true
    private var left: Double
    private var dash = [Point]()

    init(on: Double, off: Double) {
        self.on = on
        self.off = off
        left = on
    }

    /// Every polyline starts with a whole drawn stretch.
    mutating func startBranch() {
        drawing = true
        left = on
        dash = []
    }

    /// Ends the dash being drawn, keeping it when it has a length.
    mutating func endDash() {
        if dash.count > 1 { dashes.append(dash) }
        dash = []
    }

    /// The segment `p`–`q`: its part inside `clip` cut into dashes, the parts outside skipped.
    mutating func stroke(from p: Point, to q: Point, within clip: ClipRect) {
        let length = p.distance(to: q)
        guard length.isFinite else { return endDash() }
        guard let (entry, exit) = clip.clip(p, q) else { return skip(length) }
        let before = p.distance(to: entry), inside = entry.distance(to: exit)
        if before > 0 { skip(before) }
        cut(from: entry, to: exit, length: inside)
        let after = length - before - inside
        if after > 1e-9 * length { skip(after) }
    }

    /// Draws `from`–`to` (`length` long) through the pattern.
    private mutating func cut(from start: Point, to end: Point, length: Double) {
        var from = start, length = length
        if drawing, dash.isEmpty { dash = [from] }
        while length > left {
            let t = left / length
            let cut = Point(x: from.x + (end.x - from.x) * t, y: from.y + (end.y - from.y) * t)
            if drawing { dash.append(cut); endDash() } else { dash = [cut] }
            drawing.toggle()
            length -= left
            left = drawing ? on : off
            from = cut
        }
        left -= length
        if drawing { dash.append(end) }
    }

    /// Moves the pattern on by `length` without drawing: whole periods cost nothing.
    private mutating func skip(_ length: Double) {
        endDash()
        var length = length
        guard length >= left else { left -= length; return }
        length -= left
        drawing.toggle()
        left = drawing ? on : off
        length = length.truncatingRemainder(dividingBy: on + off)
        while length >= left {
            length -= left
            drawing.toggle()
            left = drawing ? on : off
        }
        left -= length
    }
}
