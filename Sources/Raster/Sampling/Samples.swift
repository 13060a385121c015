/// A sampled curve in pixel coordinates, ready to rasterize: polylines plus min-max bands.
public struct Samples: Equatable, Sendable {
    /// Connected pieces of the curve; no segment crosses a pole, a jump or a hole in the domain.
    public var branches: [[Point]]
    /// Pixel columns where the function oscillates faster than the pixels, drawn as filled bands.
    public var bands: [Band]
    /// How many times the function was evaluated.
    public var evaluations: Int
    /// Whether an evaluation limit (`WorkBudget`) made the sampling coarser than usual.
    public var isCoarse: Bool
    /// The widest column sampled as one, in pixels: 1 unless the limit made columns wider.
    public var widestColumn: Int
    /// A region's pixels, tinted under every curve (`PlaneCurve.region`); empty for other curves.
    var tint: [TintRun] = []

    /// Whether the curve shades a region.
    public var isRegion: Bool { !tint.isEmpty }

    /// Samples of the given pieces.
    public init(branches: [[Point]] = [], bands: [Band] = [], evaluations: Int = 0, isCoarse: Bool = false,
                widestColumn: Int = 1) {
        self.branches = branches
        self.bands = bands
        self.evaluations = evaluations
        self.isCoarse = isCoarse
        self.widestColumn = widestColumn
    }

    /// Every segment of every branch as a pair of end points.
    var segments: [(from: Point, to: Point)] {
        branches.flatMap { branch in
            zip(branch, branch.dropFirst()).map { (from: $0, to: $1) }
        }
    }
}

/// One pixel column filled between two rows, for a curve that oscillates within the column.
public struct Band: Equatable, Sendable {
    /// The pixel column.
    public var column: Int
    /// The smallest row (highest on screen) the function reaches in the column.
    public var top: Double
    /// The largest row (lowest on screen) the function reaches in the column.
    public var bottom: Double

    /// A band over `column` from row `top` to row `bottom`.
    public init(column: Int, top: Double, bottom: Double) {
        self.column = column
        self.top = top
        self.bottom = bottom
    }
}
