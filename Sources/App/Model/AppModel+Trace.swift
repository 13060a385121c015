import Analysis
import Raster

extension AppModel {
    /// Applies a trace key with the graph pane `pane`.
    mutating func applyTrace(_ action: TraceAction, pane: PaneSize?) {
        guard let pane, let camera, !curves.isEmpty else {
            notice = "Nothing to trace: graph something first"
            return
        }
        // The trace follows y(x) curves; the other kinds are drawn only.
        let traceable = curves.indices.filter { curves[$0].relation.function != nil }
        guard let firstTraceable = traceable.first else {
            notice = curves.count == 1
                ? "The trace follows y(x) curves: \(curves[0].relation.kindPhrase) is drawn only"
                : "The trace follows y(x) curves: none of these is one (they are drawn only)"
            return
        }
        let viewport = camera.viewport(width: pane.width, height: pane.height)
        let columnWidth = (viewport.xRange.upperBound - viewport.xRange.lowerBound) / Double(max(pane.width, 1))
        switch action {
        case .start:
            // The x at the view's centre (0 when the origin is there, whatever the pane's width).
            trace = Trace(curve: firstTraceable, x: viewport.x(atColumn: Double(pane.width) / 2))
        case .startAt(let pixel):
            trace = Trace(curve: nearestCurve(to: pixel, in: viewport)?.curve ?? firstTraceable, x: viewport.x(atColumn: pixel.x))
        case .step(let columns):
            guard var trace else { return }
            if viewport.xScale == .linear {
                trace.x += Double(columns) * columnWidth
            } else {
                // A pixel column on a log axis is a step in log x.
                let moved = viewport.x(atColumn: viewport.column(forX: trace.x) + Double(columns))
                if moved.isFinite, moved > 0 { trace.x = moved }
            }
            trace.landmark = nil
            self.trace = trace
        case .switchCurve(let delta):
            guard var trace else { return }
            // The next y(x) curve in colour order, round the ends.
            let position = traceable.firstIndex(of: trace.curve) ?? 0
            trace.curve = traceable[((position + delta) % traceable.count + traceable.count) % traceable.count]
            trace.landmark = nil
            self.trace = trace
        case .jump(let direction):
            guard var trace else { return }
            let positions = viewport.xPositionRange, width = positions.upperBound - positions.lowerBound
            let reach = viewport.xScale.value(at: positions.lowerBound - Trace.jumpReach * width)
                ... viewport.xScale.value(at: positions.upperBound + Trace.jumpReach * width)
            let marks = Trace.landmarks(of: trace.curve, among: curves.functions, costs: curves.costs, over: reach,
                                        xScale: viewport.xScale)
            // Half a pixel column apart counts as the same place: a jump always moves.
            let column = viewport.column(forX: trace.x)
            let next = direction > 0 ? marks.first { viewport.column(forX: $0.x) > column + 0.5 }
                                     : marks.last { viewport.column(forX: $0.x) < column - 0.5 }
            guard let next else {
                notice = "No point of interest \(direction > 0 ? "to the right" : "to the left") within two views"
                return
            }
            trace.x = next.x
            trace.landmark = next.landmark
            self.trace = trace
        case .toggleTangent:
            trace?.showsTangent.toggle()
        case .markArea:
            guard var trace else { return }
            if trace.areaFrom == nil || trace.areaTo != nil {
                trace.areaFrom = trace.x
                trace.areaTo = nil
            } else {
                trace.areaTo = trace.x
            }
            self.trace = trace
        }
        followTrace(in: viewport)
    }

    /// The curve whose value at `pixel`'s column lies nearest `pixel` (in colour order on a tie),
    /// and how many pixels away; nil when no curve is defined in that column.
    func nearestCurve(to pixel: Point, in viewport: Viewport) -> (curve: Int, distance: Double)? {
        let x = viewport.x(atColumn: pixel.x)
        let distances = curves.map { curve -> Double in
            guard let y = curve.function(x), y.isFinite else { return .infinity }
            return abs(viewport.row(forY: y) - pixel.y)
        }
        guard let nearest = distances.indices.min(by: { distances[$0] < distances[$1] }), distances[nearest].isFinite
        else { return nil }
        return (nearest, distances[nearest])
    }

    /// Pans so the traced point stays in view: a point off the pane's sides comes to its centre
    /// column; one above or below comes to its centre row. Whole pixels, as a pan key moves.
    private mutating func followTrace(in viewport: Viewport) {
        guard let trace, trace.x.isFinite else { return }
        if !viewport.xRange.contains(trace.x) {
            let centre = Double(viewport.width) / 2
            camera?.pan(dx: (centre - viewport.column(forX: trace.x)).rounded(), dy: 0)
        }
        if curves.indices.contains(trace.curve), let y = curves[trace.curve].function(trace.x), y.isFinite,
           !viewport.yRange.contains(y) {
            let centre = Double(viewport.height) / 2
            camera?.pan(dx: 0, dy: (centre - viewport.row(forY: y)).rounded())
        }
    }
}

extension AppModel {
    /// The traced point's y, and its slope when the tangent shows (nil at a corner or pole),
    /// with `pane` the graph pane (the slope's first step is a hundredth of the view's width).
    func tracedValues(pane: PaneSize?) -> (y: Double?, slope: Double?)? {
        guard let trace, curves.indices.contains(trace.curve) else { return nil }
        let function = curves[trace.curve].function
        let y = function(trace.x).flatMap { $0.isFinite ? $0 : nil }
        guard trace.showsTangent, let camera, let pane else { return (y, nil) }
        // The view's width in x, near the traced x on a log axis (where a pixel is x ln 10 / scale).
        let perPixel = camera.axes.x == .linear ? 1 / camera.scaleX : trace.x * 2.302_585_092_994_046 / camera.scaleX
        let width = Double(max(pane.width, 1)) * perPixel
        let slope = Slope.at(trace.x, of: function, scale: width / 100)
        // At a smooth extremum the slope is 0: what is left is the extremum's x error (about 1e-8).
        if slope != nil, trace.landmark == .maximum || trace.landmark == .minimum { return (y, 0) }
        return (y, slope)
    }

    /// The trace's readout lines (`x = …`, `y = …`, the slope), nil with no trace.
    func traceReadout(pane: PaneSize?) -> [String]? {
        guard let trace, let values = tracedValues(pane: pane) else { return nil }
        return readout(of: trace, values: values)
    }

    /// `trace`'s readout from its point's values, already computed (the slope and the area cost
    /// refinements: each is computed once a readout).
    private func readout(of trace: Trace, values: (y: Double?, slope: Double?)) -> [String] {
        trace.readout(y: values.y, slope: values.slope, area: tracedArea(), curveNames: curves.map(\.equation),
                      overflows: values.y == nil && curves.indices.contains(trace.curve) && curves[trace.curve].overflows(trace.x))
    }

    /// The signed area under the traced curve between the area's ends, with its value or the
    /// reason there is none; nil when no area is begun.
    func tracedArea() -> Area? {
        guard let trace, let ends = trace.areaEnds, curves.indices.contains(trace.curve) else { return nil }
        let curve = curves[trace.curve]
        return Area.of(curve.function, from: ends.from, to: ends.to, cost: curve.cost, overflows: curve.overflows)
    }

    /// The shaded region of the area begun, nil when none.
    var areaShade: AreaShade? {
        guard let trace, let ends = trace.areaEnds else { return nil }
        return AreaShade(from: ends.from, to: ends.to, curve: trace.curve)
    }

    /// The trace as the picture marks it: a ring at the point with its readout, and the tangent
    /// when it shows; nil with no trace or where the curve is undefined. A root is at y = 0 even
    /// where the curve is undefined: x ln x's root is the edge of its domain, 0, where it tends to 0.
    func traceMark(pane: PaneSize?) -> TraceMark? {
        guard let trace, let values = tracedValues(pane: pane) else { return nil }
        // On a root, exactly 0; at a hole, where the curve is undefined, the ring goes where it tends to.
        let landed: Double? = switch trace.landmark {
        case .root?: 0
        case .hole(let limit)?: values.y ?? limit
        default: values.y
        }
        guard let y = landed else { return nil }
        return TraceMark(point: Point(x: trace.x, y: y), lines: readout(of: trace, values: values),
                         curve: trace.curve,
                         tangentSlope: trace.showsTangent ? values.slope : nil)
    }
}
