/// Where a group of tick labels stands in a picture, which decides how it moves when the view pans.
public enum LabelPlacement: Equatable, Sendable {
    /// Beside the axis on its usual side (below the x axis, left of the y axis): moves with the graph.
    case besideAxis
    /// Beside the axis on its far side (above the x axis, right of the y axis), where the usual
    /// side has no room: moves with the graph.
    case farSide
    /// Pinned to the picture's leading edge (top for x labels, left for y labels): the axis is beyond it.
    case pinnedToStart
    /// Pinned to the trailing edge (bottom for x labels, right for y labels).
    case pinnedToEnd

    /// Whether the labels stay at an edge of the picture instead of moving with the graph.
    public var isPinned: Bool { self == .pinnedToStart || self == .pinnedToEnd }
}

/// How a picture's tick labels stand: what moves with the graph as the view pans and what stays
/// at an edge. Two views of the same graph and scale with equal stances draw their labels alike,
/// so a terminal can show a pan between them by moving layers (`GraphRenderer.layers`).
public struct LabelStance: Equatable, Sendable {
    /// Where the x labels stand.
    public var x: LabelPlacement
    /// Where the y labels stand; nil when some stand beside the axis and some, wider, on its far side.
    public var y: LabelPlacement?
    /// Whether the x axis crosses the picture.
    public var xAxisVisible: Bool
    /// Whether the y axis crosses the picture.
    public var yAxisVisible: Bool
}
