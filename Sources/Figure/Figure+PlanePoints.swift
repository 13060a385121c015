import Analysis
import Raster

extension Figure {
    /// The points of the items that are not y(x) (intercepts, extremes, t or θ on a path) in
    /// `window`, and where each meets any other item; none between two y(x) items, which
    /// `pointsOfInterest(in:)` finds. Each point's curves are item indices.
    package func planePoints(in window: PlaneWindow) -> PlanePoints {
        guard items.contains(where: { $0.graph == nil }) else { return PlanePoints(points: []) }
        return PlanePoints.find(in: items.map(\.curve), window: window, costs: items.map(\.cost), skipsGraphs: true)
    }

    /// Whether some item is of a kind other than y(x).
    package var hasOtherKinds: Bool { items.contains { $0.graph == nil } }
}
