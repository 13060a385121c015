/// Sampling and drawing curves of every kind (`PlaneCurve`).
extension GraphRenderer {
    /// The dashes of a strict inequality's boundary, in pixels along it: drawn, then left out (the
    /// round caps of the line narrow the gap by the line's width).
    static let dash = (on: 8.0, off: 6.0)

    /// The graphs of `curves` together in `viewport`, each in its colour of the theme, later ones
    /// on top, every region's tint under every curve. `costs` as for functions.
    public func render(_ curves: [PlaneCurve], costs: [Int] = [], in viewport: Viewport) -> IndexedImage {
        rasterize(sample(curves, costs: costs, in: viewport), in: viewport)
    }

    /// The samples of each of `curves`, sharing the work budget by `costs` (missing costs are 1).
    public func sample(_ curves: [PlaneCurve], costs: [Int] = [], in viewport: Viewport) -> [Samples] {
        curves.enumerated().map { index, curve in
            sample(curve, in: viewport, cost: costs.indices.contains(index) ? costs[index] : 1, curves: curves.count)
        }
    }

    /// The samples of `curve` in `viewport`, as one of `curves` sharing the work budget, each
    /// evaluation costing `cost`.
    public func sample(_ curve: PlaneCurve, in viewport: Viewport, cost: Int = 1, curves: Int = 1) -> Samples {
        guard viewport.isRepresentable else { return Samples() }
        let limit = workBudget.evaluations(cost: cost, curves: curves)
        switch curve {
        case .graph(let f):
            return sample(f, in: viewport, cost: cost, curves: curves)
        case .inverseGraph(let f):
            return sampleInverse(f, in: viewport, limit: limit)
        case .path(let path, let range):
            var sampler = PathSampler(viewport: viewport, margin: style.lineWidth + 2)
            sampler.evaluationLimit = limit
            sampler.inkLimit = PathSampler.inkLimit(width: viewport.width, height: viewport.height)
            return sampler.sample(path, over: range)
        case .relation(let F):
            var tracer = ContourTracer(viewport: viewport)
            tracer.evaluationLimit = limit
            return tracer.trace(F)
        case .region(let F, let strict, let boundary):
            // Half the curve's share decides the region, half draws its boundary.
            var region = RegionSampler(viewport: viewport)
            region.evaluationLimit = limit / 2
            let inside = region.sample(F, strict: strict)
            var samples = sample(boundary, in: viewport, cost: cost, curves: 2 * curves)
            if strict { samples.branches = dashed(samples.branches, in: viewport) }
            samples.tint = inside.runs
            samples.evaluations += inside.evaluations
            return samples
        case .edges(let edges):
            return sample(edges, in: viewport, cost: cost, curves: curves)
        case .data(let data):
            return DataSampler(viewport: viewport, margin: style.lineWidth + 2).sample(data)
        }
    }

    /// `branches` dashed as a strict inequality's boundary, the dashes cut within the picture
    /// (and a margin): off-screen stretches only move the dash phase on.
    func dashed(_ branches: [[Point]], in viewport: Viewport) -> [[Point]] {
        let margin = style.lineWidth + 2
        let picture = ClipRect(left: -margin, top: -margin, right: Double(viewport.width) + margin,
                               bottom: Double(viewport.height) + margin)
        return Raster.dashed(branches, on: Self.dash.on, off: Self.dash.off + style.lineWidth, within: picture)
    }

    /// x = f(y): the column sampler over a transposed viewport (its columns the picture's rows
    /// from the bottom, its rows the picture's columns from the right), its points turned back.
    private func sampleInverse(_ f: (Double) -> Double?, in viewport: Viewport, limit: Int) -> Samples {
        var transposed = viewport
        transposed.width = viewport.height
        transposed.height = viewport.width
        transposed.origin = Point(x: Double(viewport.height) - viewport.origin.y, y: Double(viewport.width) - viewport.origin.x)
        transposed.scaleX = viewport.scaleY
        transposed.scaleY = viewport.scaleX
        transposed.xScale = viewport.yScale
        transposed.yScale = viewport.xScale
        var sampler = CurveSampler(viewport: transposed, margin: style.lineWidth + 2)
        sampler.evaluationLimit = limit
        var samples = sampler.sample(f)
        let width = Double(viewport.width), height = Double(viewport.height)
        func back(_ p: Point) -> Point { Point(x: width - p.y, y: height - p.x) }
        samples.branches = samples.branches.map { $0.map(back) }
        // A band spans rows of the transposed column: a short horizontal stroke across the picture's row.
        samples.branches += samples.bands.map { band in
            let row = height - Double(band.column) - 0.5
            return [Point(x: width - band.bottom, y: row), Point(x: width - band.top, y: row)]
        }
        samples.bands = []
        return samples
    }

    /// The layers of `curves` over `panorama`, as `layers` of functions makes them.
    public func layers(_ curves: [PlaneCurve], costs: [Int] = [], in panorama: Viewport, windowWidth: Int,
                       windowHeight: Int, stance: LabelStance) -> GraphLayers {
        layers(sampled: sample(curves, costs: costs, in: panorama), in: panorama, windowWidth: windowWidth,
               windowHeight: windowHeight, stance: stance)
    }
}
