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
func dashed(_ branches: [[Point]], on: Double, off: Double) -> [[Point]] {
    var dashes = [[Point]]()
    for branch in branches {
        guard var previous = branch.first else { continue }
        var drawing = true, left = on
        var dash = [previous]
        for point in branch.dropFirst() {
            var from = previous
            var length = ((point.x - from.x) * (point.x - from.x) + (point.y - from.y) * (point.y - from.y)).squareRoot()
            while length > left, length.isFinite {
                let t = left / length
                let cut = Point(x: from.x + (point.x - from.x) * t, y: from.y + (point.y - from.y) * t)
                if drawing { dash.append(cut); dashes.append(dash) } else { dash = [cut] }
                drawing.toggle()
                length -= left
                left = drawing ? on : off
                from = cut
            }
            left -= length
            if drawing { dash.append(point) }
            previous = point
        }
        if drawing, dash.count > 1 { dashes.append(dash) }
    }
    return dashes
}
