/// One curve of any kind a graph draws, in graph units; `GraphRenderer.sample` turns each into
/// pixel-space `Samples`, which `rasterize` and `layers` draw alike.
///
/// Functions return nil (or a non-finite value) where they are undefined.
public indirect enum PlaneCurve {
    /// y = f(x): the adaptive column sampler (`CurveSampler`), as fast as ever.
    case graph((Double) -> Double?)
    /// x = f(y): the same sampler walking the rows (a transposed viewport), coordinates swapped back.
    case inverseGraph((Double) -> Double?)
    /// (x(t), y(t)) for t over `t`, sampled by distance on the screen (`PathSampler`). A polar
    /// curve r = f(θ) comes as the path (r cos θ, r sin θ).
    case path((Double) -> (x: Double, y: Double)?, t: ClosedRange<Double>)
    /// The implicit curve F(x, y) = 0, contoured at pixel resolution (`ContourTracer`).
    case relation((Double, Double) -> Double?)
    /// The region where F(x, y) > 0 (`strict`) or F(x, y) ≥ 0, tinted in the curve's colour at low
    /// opacity (`RegionSampler`), with `boundary` drawn over it: dashed when `strict`, solid
    /// otherwise. The boundary is any curve: `.graph` for `y < sin x`, `.relation(F)` in general.
    case region((Double, Double) -> Double?, strict: Bool, boundary: PlaneCurve)
    /// Several curves drawn as one, each kept only where its own test holds and dashed or solid
    /// on its own: the edges of a region bounded by more than one condition (`1 ≤ x² + y² < 4`
    /// has a solid inner circle and a dashed outer one; the edge y = x of `x < y < 1` is drawn
    /// only where y < 1).
    case edges([PlaneEdge])
    /// Points given, not computed: the user's data, drawn in its style at pixel resolution
    /// (`DataSampler`).
    case data(PlaneData)
}

/// One edge of a region bounded by several conditions: a curve, whether it is dashed (its
/// condition is strict), and where along it the region lies beside it (nil: all along).
public struct PlaneEdge {
    public let curve: PlaneCurve
    public let dashed: Bool
    /// Whether the point (x, y), in graph units, lies on the region's side of the other conditions.
    public let keeps: ((Double, Double) -> Bool)?

    public init(curve: PlaneCurve, dashed: Bool, keeps: ((Double, Double) -> Bool)? = nil) {
        self.curve = curve
        self.dashed = dashed
        self.keeps = keeps
    }
}
