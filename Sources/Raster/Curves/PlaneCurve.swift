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
}
