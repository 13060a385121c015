/// Bisection to the end of a stretch where a condition holds: where f stops being defined, stays
/// positive or stays as large as a maximum. The one loop the analyses share.
package enum Bisection {
    /// The last x found from `inside` (where `holds` is true) toward `outside` (where it is not)
    /// at which `holds` is still true, and the first past it: adjacent Doubles, or `precision`
    /// apart. The middle is taken as a/2 + b/2, which cannot overflow; at most 1100 halvings.
    package static func lastHolding(from inside: Double, toward outside: Double, precision: Double = 0,
                            _ holds: (Double) -> Bool) -> (inside: Double, outside: Double) {
        var inside = inside, outside = outside
        for _ in 0..<1100 {
            guard abs(outside - inside) > precision else { break }
            let middle = inside / 2 + outside / 2
            if middle == inside || middle == outside { break }
            if holds(middle) { inside = middle } else { outside = middle }
        }
        return (inside, outside)
    }

    /// The same, halving the doubles between the ends (`Double.midpointInOrder`) at most `steps`
    /// times: any two finite ends narrow to neighbouring doubles within 64 halvings, even across
    /// the doubles crowded beside 0, where halving the values would take a thousand.
    package static func lastHoldingInOrder(from inside: Double, toward outside: Double, steps: Int,
                                   _ holds: (Double) -> Bool) -> (inside: Double, outside: Double) {
        var inside = inside, outside = outside
        for _ in 0..<steps {
            guard let middle = Double.midpointInOrder(inside, outside) else { break }
            if holds(middle) { inside = middle } else { outside = middle }
        }
        return (inside, outside)
    }
}
