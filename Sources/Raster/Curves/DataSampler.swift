/// Turns `PlaneData` into pixel-space `Samples` in one pass over the rows, at pixel resolution:
/// however many rows there are, what is drawn is bounded by the picture's pixels (dots one a
/// pixel, lines at most four points a pixel column for x in order, bars one band a column).
struct DataSampler {
    let viewport: Viewport
    /// How far outside the picture a point still counts (its ink reaches in).
    let margin: Double

    /// A coordinate kept within this many pixels, so far-off points stay finite arithmetic for the
    /// clipping (the error in a visible slope is below a thousandth of a pixel).
    private static let farthest = 1e9

    func sample(_ data: PlaneData) -> Samples {
        switch data.style {
        case .points: Samples(branches: dots(data))
        case .lines: Samples(branches: lines(data, steps: false))
        case .both: Samples(branches: lines(data, steps: false) + dots(data))
        case .steps: Samples(branches: lines(data, steps: true))
        case .bars: Samples(bands: bars(data))
        }
    }

    /// The pixel of row `index`, nil where it has none (a gap, or ≤ 0 on a log axis).
    @inline(__always)
    private func pixel(_ data: PlaneData, _ index: Int) -> Point? {
        let column = viewport.column(forX: data.x[index]), row = viewport.row(forY: data.y[index])
        guard column.isFinite, row.isFinite else { return nil }
        return Point(x: min(max(column, -Self.farthest), Self.farthest), y: min(max(row, -Self.farthest), Self.farthest))
    }

    /// A dot at each point whose ink reaches into the picture, one a pixel: a second point in the
    /// same pixel as one drawn adds nothing.
    private func dots(_ data: PlaneData) -> [[Point]] {
        let reach = Int(clamping: margin, rounding: .up)
        let columns = viewport.width + 2 * reach, rows = viewport.height + 2 * reach
        guard columns > 0, rows > 0 else { return [] }
        var inked = [Bool](repeating: false, count: columns * rows)
        var dots: [[Point]] = []
        for index in data.x.indices {
            guard let p = pixel(data, index), p.x > -margin, p.y > -margin,
                  p.x < Double(viewport.width) + margin, p.y < Double(viewport.height) + margin else { continue }
            let column = min(max(Int(pixel: p.x) + reach, 0), columns - 1)
            let row = min(max(Int(pixel: p.y) + reach, 0), rows - 1)
            if inked[row * columns + column] { continue }
            inked[row * columns + column] = true
            dots.append([p])
        }
        return dots
    }

    /// The points joined in row order, broken at gaps; as `steps`, a level stroke to each next x
    /// before the rise. Runs within one pixel column become their first, lowest, highest and last
    /// points (`ColumnRuns`).
    private func lines(_ data: PlaneData, steps: Bool) -> [[Point]] {
        var runs = ColumnRuns(width: viewport.width, margin: margin)
        var previous: Point?
        for index in data.x.indices {
            guard let p = pixel(data, index) else {
                runs.breakLine()
                previous = nil
                continue
            }
            if steps, let previous { runs.add(Point(x: p.x, y: previous.y)) }
            runs.add(p)
            previous = p
        }
        return runs.finish()
    }

    /// One band a pixel column, from the baseline to the farthest bar end over it.
    private func bars(_ data: PlaneData) -> [Band] {
        let width = viewport.width
        guard width > 0 else { return [] }
        let baseline = viewport.yScale == .linear ? min(max(viewport.row(forY: 0), -1), Double(viewport.height) + 1)
            : Double(viewport.height) + 1
        let half = barHalfWidth(data)
        var top = [Double](repeating: .infinity, count: width), bottom = [Double](repeating: -.infinity, count: width)
        for index in data.x.indices {
            let y = data.y[index], x = data.x[index]
            guard x.isFinite, y.isFinite else { continue }
            let row = min(max(viewport.row(forY: y), -1), Double(viewport.height) + 1)
            let centre = viewport.column(forX: x)
            guard row.isFinite, centre.isFinite else { continue }
            let left = viewport.column(forX: x - half), right = viewport.column(forX: x + half)
            guard let columns = Self.columns(from: min(left, right), to: max(left, right), centre: centre, width: width) else { continue }
            for column in columns {
                top[column] = min(top[column], min(row, baseline))
                bottom[column] = max(bottom[column], max(row, baseline))
            }
        }
        return (0..<width).compactMap { column in
            top[column] <= bottom[column] ? Band(column: column, top: top[column], bottom: bottom[column]) : nil
        }
    }

    /// The pixel columns a bar from column `left` to `right` fills: those whose centres it
    /// covers, less a pixel's gap between wide bars so neighbouring bins stay apart; the column
    /// of its centre when it is thinner than a pixel. Nil when none is in the picture.
    private static func columns(from left: Double, to right: Double, centre: Double, width: Int) -> ClosedRange<Int>? {
        let gap = right - left > 4 ? 0.5 : 0
        let bound = Double(width) + 1
        var first = Int(pixel: min(max(left + gap - 0.5, -1), bound), rounding: .up)
        var last = Int(pixel: min(max(right - gap - 0.5, -1), bound), rounding: .down)
        if last < first {
            first = Int(pixel: min(max(centre, -1), bound))
            last = first
        }
        first = max(first, 0)
        last = min(last, width - 1)
        return first <= last ? first...last : nil
    }

    /// Half a bar's width in graph units (on a log x axis, of the bar's own x).
    private func barHalfWidth(_ data: PlaneData) -> Double {
        if let width = data.barWidth, width.isFinite, width > 0 { return width / 2 }
        var sorted = data.x.filter(\.isFinite)
        sorted.sort()
        var spacing = Double.infinity
        for (a, b) in zip(sorted, sorted.dropFirst()) where b > a { spacing = min(spacing, b - a) }
        let pixel = abs(viewport.x(atColumn: 1) - viewport.x(atColumn: 0))
        return spacing.isFinite ? max(0.4 * spacing, pixel / 2) : max(pixel, 0) * 2
    }
}

/// Polylines built point by point, each run of points within one pixel column kept as its first,
/// lowest, highest and last point in their order: the same pixels inked, a bounded number of
/// strokes for any number of points in order. Columns off the picture count as one each side.
struct ColumnRuns {
    let width: Int
    let margin: Double
    private var branches: [[Point]] = []
    private var current: [Point] = []
    /// The run in the current column: its first, lowest, highest and last points, each with its
    /// place in the run (to keep them in order and each once). Nil before a run starts.
    private var run: (first: Point, low: Point, high: Point, last: Point, lowAt: Int, highAt: Int, count: Int)?
    private var runColumn: Int?

    init(width: Int, margin: Double) {
        self.width = width
        self.margin = margin
    }

    /// The column a point's run belongs to: its pixel column, or one past either edge.
    private func column(of p: Point) -> Int {
        if p.x < -margin { return -2 }
        if p.x >= Double(width) + margin { return width + 2 }
        return Int(pixel: p.x)
    }

    mutating func add(_ p: Point) {
        let column = column(of: p)
        if column != runColumn { flushRun() }
        runColumn = column
        guard var kept = run else {
            run = (p, p, p, p, 0, 0, 1)
            return
        }
        // The lowest y on screen is the highest value: "low" and "high" are rows here.
        if p.y < kept.low.y { (kept.low, kept.lowAt) = (p, kept.count) }
        if p.y > kept.high.y { (kept.high, kept.highAt) = (p, kept.count) }
        kept.last = p
        kept.count += 1
        run = kept
    }

    /// The run's points into the current line, in their order, each once.
    private mutating func flushRun() {
        guard let kept = run else { return }
        var points: [(at: Int, point: Point)] = [(0, kept.first)]
        let extremes = kept.lowAt <= kept.highAt ? [(kept.lowAt, kept.low), (kept.highAt, kept.high)]
            : [(kept.highAt, kept.high), (kept.lowAt, kept.low)]
        for (at, point) in extremes + [(kept.count - 1, kept.last)] where at > (points.last?.at ?? -1) {
            points.append((at, point))
        }
        for (_, p) in points where current.last != p { current.append(p) }
        run = nil
        runColumn = nil
    }

    /// Ends the line: the next point starts a new one.
    mutating func breakLine() {
        flushRun()
        if !current.isEmpty { branches.append(current) }
        current = []
    }

    mutating func finish() -> [[Point]] {
        breakLine()
        return branches
    }
}
