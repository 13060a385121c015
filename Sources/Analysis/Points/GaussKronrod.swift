import Raster

/// Globally adaptive Gauss–Kronrod quadrature (15 points, with the embedded 7-point Gauss rule for
/// the error), as QUADPACK's QAG: the interval with the largest error is halved until the errors
/// add up to the tolerance, or the budget of intervals runs out (the integral does not converge).
enum GaussKronrod {
    /// Why an integral has no value.
    enum Failure: Error, Equatable {
        /// f is undefined at this node (and just beside it).
        case undefined(at: Double)
        /// The errors did not shrink to the tolerance within the budget: the integral diverges
        /// (1/x on [0, 1]) or f is too wild to integrate.
        case doesNotConverge
    }

    private static let nodes = [0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
                                0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
                                0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
                                0.207784955007898467600689403773245, 0.0]
    private static let kronrodWeights = [0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
                                         0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
                                         0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
                                         0.204432940075298892414161999234649, 0.209482141084727828012999174891714]
    /// For the nodes at odd indices (1, 3, 5, 7), the 7-point Gauss rule.
    private static let gaussWeights = [0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
                                       0.381830050505118944950369775488975, 0.417959183673469387755102040816327]

    private struct Piece {
        var low: Double, high: Double, value: Double, error: Double
    }

    /// ∫ f over `low...high` (low < high), to about `relative` × |value| (at least `absolute`).
    ///
    /// Begun on `startingPieces` equal pieces (a function that oscillates many times over the
    /// interval, which one piece's nodes would alias), the pieces are refined in rounds, with
    /// room for sixteen times as many: looking for the worst of thousands of pieces at every
    /// halving took seconds.
    static func integrate(_ f: (Double) -> Double?, from low: Double, to high: Double,
                          relative: Double = 1e-11, absolute: Double = 1e-12, maximumPieces: Int = 2000,
                          startingPieces: Int = 1) throws(Failure) -> Double {
        guard startingPieces > 1 else {
            return try refinedWorstFirst(f, [piece(f, low, high)], relative: relative, absolute: absolute,
                                         maximumPieces: maximumPieces)
        }
        var pieces = [Piece]()
        for k in 0..<startingPieces {
            let a = k == 0 ? low : Viewport.interpolate(low...high, Double(k) / Double(startingPieces))
            let b = k == startingPieces - 1 ? high : Viewport.interpolate(low...high, Double(k + 1) / Double(startingPieces))
            if a < b { pieces.append(try piece(f, a, b)) }
        }
        return try refinedInRounds(f, pieces, relative: relative, absolute: absolute,
                                   maximumPieces: max(maximumPieces, 16 * startingPieces))
    }

    /// QUADPACK's QAG: the piece with the largest error is halved until the errors add up to the
    /// tolerance, or the pieces run out.
    private static func refinedWorstFirst(_ f: (Double) -> Double?, _ start: [Piece], relative: Double, absolute: Double,
                                          maximumPieces: Int) throws(Failure) -> Double {
        var pieces = start
        while true {
            let (value, error) = try total(of: pieces)
            if error <= max(absolute, relative * abs(value)) { return value }
            guard pieces.count < maximumPieces,
                  let worst = pieces.indices.max(by: { pieces[$0].error < pieces[$1].error }) else { throw .doesNotConverge }
            let halves = try halved(f, pieces[worst])
            pieces[worst] = halves.0
            pieces.append(halves.1)
        }
    }

    /// Every piece whose error is more than its share of the tolerance halved, a round at a time,
    /// until the errors add up to the tolerance, or the pieces run out.
    private static func refinedInRounds(_ f: (Double) -> Double?, _ start: [Piece], relative: Double, absolute: Double,
                                        maximumPieces: Int) throws(Failure) -> Double {
        var pieces = start
        while true {
            let (value, error) = try total(of: pieces)
            let tolerance = max(absolute, relative * abs(value))
            if error <= tolerance { return value }
            let share = tolerance / Double(pieces.count)
            var next = [Piece]()
            for piece in pieces {
                if piece.error > share {
                    let halves = try halved(f, piece)
                    next += [halves.0, halves.1]
                } else {
                    next.append(piece)
                }
                guard next.count <= maximumPieces else { throw .doesNotConverge }
            }
            pieces = next
        }
    }

    /// The pieces' values and errors added up; an infinite or undefined sum does not converge.
    private static func total(of pieces: [Piece]) throws(Failure) -> (value: Double, error: Double) {
        let value = pieces.reduce(0) { $0 + $1.value }
        let error = pieces.reduce(0) { $0 + $1.error }
        guard value.isFinite, error.isFinite else { throw .doesNotConverge }
        return (value, error)
    }

    /// A piece's two halves, each integrated.
    private static func halved(_ f: (Double) -> Double?, _ split: Piece) throws(Failure) -> (Piece, Piece) {
        let middle = split.low / 2 + split.high / 2
        guard middle > split.low, middle < split.high else { throw .doesNotConverge }
        return (try piece(f, split.low, middle), try piece(f, middle, split.high))
    }

    /// The 15-point Kronrod value on one interval, and its difference from the 7-point Gauss value.
    private static func piece(_ f: (Double) -> Double?, _ low: Double, _ high: Double) throws(Failure) -> Piece {
        let centre = low / 2 + high / 2, half = high / 2 - low / 2
        // Nodes that round onto the ends are no rule: beside a pole at an end (1/∛((x − 3)²) at 3)
        // they stood on the pole, taken as a hole, and the pieces' errors vanished while the last
        // 10⁻⁵ of the area was never counted.
        guard centre - half * nodes[0] > low, centre + half * nodes[0] < high else { throw .doesNotConverge }
        var kronrod = 0.0, gauss = 0.0
        for (index, node) in nodes.enumerated() {
            let points = node == 0 ? [centre] : [centre - half * node, centre + half * node]
            for x in points {
                let y = try value(f, at: x, within: half)
                kronrod += kronrodWeights[index] * y
                if index % 2 == 1 { gauss += gaussWeights[index / 2] * y }
            }
        }
        return Piece(low: low, high: high, value: kronrod * half, error: abs((kronrod - gauss) * half))
    }

    /// f at x, or just beside x for a removable hole (sin(x)/x at 0).
    private static func value(_ f: (Double) -> Double?, at x: Double, within half: Double) throws(Failure) -> Double {
        if let y = f(x), y.isFinite { return y }
        let step = max(half * 1e-9, x.ulp * 4)
        if let left = f(x - step), let right = f(x + step), left.isFinite, right.isFinite { return (left + right) / 2 }
        throw .undefined(at: x)
    }
}
