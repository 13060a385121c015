import Analysis
import Raster
import SizeClass
import Terminal
import TextCells

/// One curve's statistics in the visible region, with the equation that names it and its points
/// of interest in view, nearest the view's centre first.
struct CurveStatistics {
    let equation: String
    let statistics: GraphStatistics
    var points: [Marker] = []
    /// Why the curve is not measured, for a curve that is not y(x): "an implicit curve, drawn only".
    var unmeasured: String?

    /// The statistics of each of `curves` in `viewport`, in colour order.
    static func measure(_ curves: [GraphedProgram], in viewport: Viewport) -> [CurveStatistics] {
        let centre = GraphPoint(x: viewport.x(atColumn: Double(viewport.width) / 2),
                                y: viewport.y(atRow: Double(viewport.height) / 2))
        // One search of every curve and every pair: each curve keeps the points it is part of.
        let points = PointsOfInterest.find(in: curves.functions, over: viewport.xRange, xScale: viewport.xScale,
                                          costs: curves.costs)
            .markers(in: viewport.xRange, nearestTo: centre)
        return curves.enumerated().map { index, curve in
            CurveStatistics(equation: curve.equation,
                            statistics: GraphStatistics.measure(curve.function, in: viewport),
                            points: points.filter { $0.curves.contains(index) },
                            unmeasured: curve.relation.function == nil ? "\(curve.relation.kindPhrase): drawn, not measured" : nil)
        }
    }
}

/// The lines of the statistics popover for what the graph shows.
enum PopoverContent {
    /// For one curve, its statistics and the points of interest nearest the view's centre; for
    /// several, each curve's equation over its max and min and the point nearest the centre it is
    /// part of ("nearest: meets curve 2  (1.89549, 0.947747)").
    static func lines(for curves: [CurveStatistics]) -> [String] {
        guard curves.count > 1 else {
            if let curve = curves.first, let unmeasured = curve.unmeasured { return [curve.equation, unmeasured] }
            return curves.first.map { lines(for: $0.statistics) + pointLines(for: $0.points) } ?? []
        }
        return curves.enumerated().flatMap { index, curve -> [String] in
            if let unmeasured = curve.unmeasured { return [curve.equation, "  " + unmeasured] }
            let statistics = curve.statistics
            let nearest = curve.points.first.map { "  nearest: " + describe($0, of: index) }
            guard statistics.hasFiniteValues else { return [curve.equation, "  no finite values in view"] }
            return [curve.equation,
                    "  " + line(.above, of: statistics), "  " + line(.below, of: statistics)]
                + (nearest.map { [$0] } ?? [])
        }
    }

    /// A point of interest of curve `curve` in a line: "root  x = 3.14159", "maximum  (2.02876,
    /// 1.81971)", "pole  x = 1.5708", "meets curve 2  (1.89549, 0.947747)" (curves counted from 1).
    static func describe(_ point: Marker, of curve: Int? = nil) -> String {
        var name = point.kind.rawValue
        if point.kind == .intersection, let curve, let other = point.curves.first(where: { $0 != curve }) {
            name = "meets curve \(other + 1)"
        }
        guard let y = point.y, point.kind != .root else { return "\(name)  x = \(PopoverNumber.text(point.x))" }
        return "\(name)  (\(PopoverNumber.text(point.x)), \(PopoverNumber.text(y)))"
    }

    /// Human-readable statistics of the visible region: extrema (or the poles that make a side
    /// unbounded), where an extremum outside the view lies, sign changes and undefined parts.
    static func lines(for statistics: GraphStatistics) -> [String] {
        guard statistics.hasFiniteValues else { return ["No finite values in view"] }
        var lines = [
            line(.above, of: statistics),
            line(.below, of: statistics),
            "sign changes: \(statistics.signChanges)",
        ]
        if statistics.isUndefinedSomewhere { lines.append("undefined in part of the view") }
        return lines
    }

    /// The points of interest nearest the view's centre, at most `maximumPointLines` of them:
    /// "root  x = 3.14159", "maximum  (2.02876, 1.81971)", "pole  x = 1.5708".
    static func pointLines(for points: [Marker]) -> [String] {
        guard !points.isEmpty else { return [] }
        // One line a place: a root that is also a minimum and the y-intercept (x² at 0) is named once.
        var places = [Marker]()
        for point in points where !places.contains(where: { $0.x == point.x }) { places.append(point) }
        let shown = places.prefix(maximumPointLines).map { describe($0) }
        return ["nearest the centre:"] + shown.map { "  " + $0 }
    }

    /// The most points of interest the popover lists.
    static let maximumPointLines = 3

    /// Which extreme a line says: the largest y or the smallest.
    private enum Side {
        case above, below
    }

    /// "max y = 1  at x = 1.5708", "max: unbounded (pole near x = 0)", "max: > 1.79769e+308
    /// (overflows at x = 709.783)", "min: |y| < 4.94066e-324 (underflows at x = −745.133)", "max y → 1
    /// as x → 0 (a hole)", with "↑ above the view" or
    /// "↓ below the view" when the extremum is outside the visible y-range.
    private static func line(_ side: Side, of statistics: GraphStatistics) -> String {
        let name = side == .above ? "max" : "min"
        let (extremum, pole, overflow) = side == .above
            ? (statistics.maximum, statistics.poleAbove, statistics.overflowAbove)
            : (statistics.minimum, statistics.poleBelow, statistics.overflowBelow)
        if let pole { return "\(name): unbounded (pole near x = \(PopoverNumber.text(pole)))" }
        if let overflow {
            let bound = side == .above ? "> " + PopoverNumber.text(.greatestFiniteMagnitude)
                : "< " + PopoverNumber.text(-.greatestFiniteMagnitude)
            return "\(name): \(bound) (overflows at x = \(PopoverNumber.text(overflow)))"
        }
        if let underflow = side == .above ? statistics.underflowAbove : statistics.underflowBelow {
            return "\(name): |y| < \(PopoverNumber.text(.leastNonzeroMagnitude)) (underflows at x = \(PopoverNumber.text(underflow)))"
        }
        let hole = side == .above ? statistics.holeAbove : statistics.holeBelow
        guard let point = extremum ?? hole else { return "\(name): none" }
        let (y, x) = (PopoverNumber.text(point.y), PopoverNumber.text(point.x))
        let text = extremum == nil ? "\(name) y → \(y)  as x → \(x) (a hole)" : "\(name) y = \(y)  at x = \(x)"
        switch statistics.placement(of: point) {
        case .inView: return text
        case .aboveView: return text + "  ↑ above the view"
        case .belowView: return text + "  ↓ below the view"
        }
    }

    /// The extrema of every curve to mark on the graph.
    static func markers(for curves: [CurveStatistics]) -> [Point] {
        curves.flatMap { markers(for: $0.statistics) }
    }

    /// The extrema to mark on the graph: those inside the view (the others are said in words).
    static func markers(for statistics: GraphStatistics) -> [Point] {
        [statistics.maximum, statistics.minimum].compactMap { extremum in
            extremum.flatMap { statistics.placement(of: $0) == .inView ? Point(x: $0.x, y: $0.y) : nil }
        }
    }
}

/// The popover drawn into the graph image, anchored under the title bar's (i).
struct PopoverPicture {
    /// Each curve's statistics, in colour order.
    let curves: [CurveStatistics]
    let renderer: GraphRenderer
    /// Whether to fill the width, as a compact-width sheet.
    let isSheet: Bool

    func draw(on image: IndexedImage, viewport: Viewport) -> IndexedImage {
        renderer.draw(callout(width: image.width), on: image, in: viewport)
    }

    /// What the popover covers in a picture `width`×`height`: where no tick label goes.
    func cover(width: Int, height: Int) -> PixelRect? {
        renderer.calloutCover(callout(width: width), width: width, height: height)
    }

    /// The callout in a picture `width` pixels wide, its arrow under the title bar's (i).
    private func callout(width: Int) -> Callout {
        Callout(lines: PopoverContent.lines(for: curves), anchor: Point(x: Double(width) - Double(renderer.style.labelPixelHeight), y: 0),
                markers: PopoverContent.markers(for: curves), fillsWidth: isSheet)
    }
}

/// The popover as text cells, for the Unicode fallback.
struct PopoverText {
    /// Each curve's statistics, in colour order.
    let curves: [CurveStatistics]
    let styles: TextStyles

    func draw(in graph: CellRect, isSheet: Bool, on buffer: inout ScreenBuffer) {
        let lines = PopoverContent.lines(for: curves)
        let width = min(isSheet ? graph.columns : (lines.map(CellWidth.of).max() ?? 0) + 4, graph.columns)
        let box = CellRect(column: graph.column + graph.columns - width, row: graph.row,
                           columns: width, rows: min(lines.count + 2, graph.rows))
        let overlays = OverlayView(styles: styles)
        overlays.drawFrame(box, title: "In view", on: &buffer)
        buffer.put("▲", column: graph.column + graph.columns - 3, row: box.row, style: styles.focusedBorder)
        for (index, line) in lines.prefix(box.rows - 2).enumerated() {
            buffer.put(" " + line.fittedKeepingStart(to: width - 3), column: box.column + 1, row: box.row + 1 + index,
                       style: styles.text)
        }
    }
}
