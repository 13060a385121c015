@testable import App
import Raster

extension AppFuzzer {
    /// What is wrong with the point of interest the trace says it stands on, checked on linear axes
    /// at the picture's own resolution: a maximum or minimum with a higher or lower value a pixel
    /// column away (by more than a pixel row), an intersection where the two curves lie more than a
    /// pixel row apart. A trace left on an old extremum after a slider moved (issue 49), or an
    /// intersection paired from two curves' different sample grids, breaks one of these.
    static func landmarkProblems(_ model: AppModel, pane: AppModel.PaneSize?) -> [String] {
        guard let trace = model.trace, let landmark = trace.landmark, let camera = model.camera, let pane,
              model.curves.indices.contains(trace.curve), trace.x.isFinite else { return [] }
        // A random curve has new values at every evaluation.
        if model.curves.contains(where: { $0.description.contains("rand") }) { return [] }
        let viewport = camera.viewport(width: pane.width, height: pane.height)
        guard viewport.xScale == .linear, viewport.yScale == .linear, viewport.scaleX > 0, viewport.scaleY > 0 else { return [] }
        let column = 1 / viewport.scaleX, row = 1 / viewport.scaleY
        let curve = model.curves[trace.curve].function
        func value(_ function: (Double) -> Double?, _ x: Double) -> Double? {
            function(x).flatMap { $0.isFinite ? $0 : nil }
        }
        let x = trace.x
        switch landmark {
        case .maximum, .minimum:
            guard let y = value(curve, x) else { return [] }
            let sign: Double = landmark == .maximum ? 1 : -1
            for neighbour in [x - column, x + column] {
                guard let other = value(curve, neighbour) else { continue }
                if sign * (other - y) > row {
                    return ["the trace stands on a \(landmark) of curve \(trace.curve) at x = \(x), y = \(y), "
                        + "but y = \(other) a pixel column away at \(neighbour) (a pixel row is \(row))"]
                }
            }
        case .intersection(let with):
            guard model.curves.indices.contains(with), let y = value(curve, x),
                  let other = value(model.curves[with].function, x) else { return [] }
            if abs(y - other) > row {
                return ["the trace stands on an intersection of curves \(trace.curve) and \(with) at x = \(x), "
                    + "where they are \(y) and \(other) (a pixel row is \(row))"]
            }
        default:
            break
        }
        return []
    }
}
