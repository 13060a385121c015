/// A sampled curve in pixel coordinates, ready to rasterize: polylines plus min-max bands.
package struct Samples: Equatable, Sendable {
    /// Connected pieces of the curve; no segment crosses a pole, a jump or a hole in the domain.
    package var branches: [[Point]]
    /// Pixel columns where the function oscillates faster than the pixels, drawn as filled bands.
    package var bands: [Band]
    /// How many times the function was evaluated.
    package var evaluations: Int
    /// Whether an evaluation limit (`WorkBudget`) made the sampling coarser than usual.
    package var isCoarse: Bool
    /// The widest column sampled as one, in pixels: 1 unless the limit made columns wider.
    package var widestColumn: Int

    /// Samples of the given pieces.
    package init(branches: [[Point]] = [], bands: [Band] = [], evaluations: Int = 0, isCoarse: Bool = false,
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
package struct Band: Equatable, Sendable {
    /// The pixel column.
    package var column: Int
    /// The smallest row (highest on screen) the function reaches in the column.
    package var top: Double
    /// The largest row (lowest on screen) the function reaches in the column.
    package var bottom: Double

    /// A band over `column` from row `top` to row `bottom`.
    package init(column: Int, top: Double, bottom: Double) {
        self.column = column
        self.top = top
        self.bottom = bottom
    }
}
