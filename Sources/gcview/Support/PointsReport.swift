import Brain
import Analysis
import Raster

/// What `gcview points` prints: an aligned table for people, or one JSON object.
struct PointsReport {
    /// One curve's equation ("y = sin(x)") and what was asked of it beyond its points.
    struct Curve {
        var equation: String
        var points: CurvePoints
        /// y and dy/dx at `--at`, and whether a missing y is missing because it overflows (eˣ at 800):
        /// the text says "overflow" then, as the calculator does, else "undefined"; the JSON has null for both.
        var at: (x: Double, y: Double?, slope: Double?, overflows: Bool)?
        var area: Area?
        /// The points of a curve that is not y(x) (whose `points` are then empty); nil for y(x).
        var plane: OtherKind?
    }

    /// What a curve of another kind than y(x) reports: its kind in a word, the name of its
    /// parameter (t, θ) when it has one, its intercepts and extremes.
    struct OtherKind {
        var kind: String
        var parameter: String?
        var points: [PlanePoint]
        var isTruncated: Bool
    }

    var xRange: ClosedRange<Double>
    /// The curves' parameters and their values, in alphabetical order (none for most curves).
    var parameters: [(name: String, value: Double)] = []
    var curves: [Curve]
    var intersections: [Intersection]
    var table: ValueTable?
    /// The y range searched, when some curve is not y(x).
    var yRange: ClosedRange<Double>?
    /// Where a curve that is not y(x) meets another curve, sorted by x.
    var planeIntersections: [PlanePoint] = []

    // MARK: - JSON

    /// `{"x":[min,max],"curves":[…],"intersections":[…]}` (and `"table"` when asked), numbers in
    /// their shortest round-trip form, null for what is missing, nothing raw for a terminal.
    var json: String {
        let curves = self.curves.map { curve in
            if let plane = curve.plane { return Self.json(curve.equation, plane) }
            var fields = [
                "\"equation\":" + Self.string(curve.equation),
                "\"roots\":" + Self.array(curve.points.roots.map(Self.number)),
                "\"maxima\":" + Self.array(curve.points.maxima.map(Self.point)),
                "\"minima\":" + Self.array(curve.points.minima.map(Self.point)),
                "\"yIntercept\":" + Self.number(curve.points.yIntercept),
                "\"poles\":" + Self.array(curve.points.poles.map(Self.number)),
                "\"jumps\":" + Self.array(curve.points.jumps.map(Self.number)),
                "\"holes\":" + Self.array(curve.points.holes.map(Self.point)),
                "\"truncated\":" + (curve.points.isTruncated ? "true" : "false"),
                "\"roundingNoise\":" + Self.array(curve.points.noiseFloors.map { Self.array([Self.number($0.lowerBound), Self.number($0.upperBound)]) }),
                "\"finiteValuesFound\":" + (curve.points.hasFiniteValues ? "true" : "false"),
            ]
            if let at = curve.at {
                fields.append("\"at\":{\"x\":\(Self.number(at.x)),\"y\":\(Self.number(at.y)),\"slope\":\(Self.number(at.slope))}")
            }
            if let area = curve.area {
                fields.append("\"area\":{\"from\":\(Self.number(area.from)),\"to\":\(Self.number(area.to)),"
                              + "\"value\":\(Self.number(area.value)),\"reason\":\(area.reason.map(Self.string) ?? "null")}")
            }
            return "{" + fields.joined(separator: ",") + "}"
        }
        let meetings = intersections.map {
            "{\"curves\":[\($0.first),\($0.second)],\"x\":\(Self.number($0.x)),\"y\":\(Self.number($0.y))}"
        } + planeIntersections.map(Self.json(meeting:))
        var fields = [
            "\"x\":[\(Self.number(xRange.lowerBound)),\(Self.number(xRange.upperBound))]",
        ]
        if let yRange { fields.append("\"y\":[\(Self.number(yRange.lowerBound)),\(Self.number(yRange.upperBound))]") }
        if !parameters.isEmpty {
            fields.append("\"parameters\":{" + parameters.map { Self.string($0.name) + ":" + Self.number($0.value) }
                .joined(separator: ",") + "}")
        }
        fields += [
            "\"curves\":" + Self.array(curves),
            "\"intersections\":" + Self.array(meetings),
        ]
        if let table {
            let rows = table.rows.map { "{\"x\":\(Self.number($0.x)),\"y\":" + Self.array($0.ys.map(Self.number)) + "}" }
            fields.append("\"table\":" + Self.array(rows))
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A JSON number in the fewest digits that read back as the same Double; null when missing or not finite.
    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    private static func point(_ point: GraphPoint) -> String {
        "{\"x\":\(number(point.x)),\"y\":\(number(point.y))}"
    }

    static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    /// A JSON string: quotes and backslashes escaped, control and invisible characters as \uXXXX.
    static func string(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return (escaped + "\"").jsonEscapingUnsafeCharacters
    }

    // MARK: - Text

    /// The curves named, then one row per point (kind, x, y, curve) sorted by x, then the values
    /// at `--at`, the areas and the table; every equation made safe for a terminal.
    var text: String {
        var lines = curves.enumerated().map { "curve \($0.offset + 1): \($0.element.equation.sanitisedForTerminal)" }
        if !parameters.isEmpty { lines.append("with " + Program.parameterList(parameters)) }
        let found = PointsOfInterest(xRange: xRange, curves: curves.map(\.points), intersections: intersections,
                                     intersectionsTruncated: false)
        let markers = found.markers.map { marker in
            (x: marker.x, row: [marker.kind.rawValue, Self.shown(marker.x), marker.y.map(Self.shown) ?? "—",
                                marker.curves.map { String($0 + 1) }.joined(separator: ",")])
        }
        let sorted = (markers + planeRows).enumerated().sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }
            .map(\.element.row)
        let header = ["kind", "x", "y", "curve"] + (hasOtherKinds ? ["at"] : [])
        lines.append("")
        lines += Self.aligned([header] + sorted)
        lines += otherKindNotes
        for (index, curve) in curves.enumerated() where !curve.points.hasFiniteValues {
            lines.append("curve \(index + 1): no finite value was found for x in [\(Self.shown(xRange.lowerBound)), \(Self.shown(xRange.upperBound))]")
        }
        for (index, curve) in curves.enumerated() {
            for stretch in curve.points.noiseFloors {
                lines.append("curve \(index + 1): y is rounding noise on [\(Self.shown(stretch.lowerBound)), \(Self.shown(stretch.upperBound))]; "
                             + "a point listed there is its middle, to the digits that width leaves")
            }
        }
        for (index, curve) in curves.enumerated() where curve.points.isTruncated {
            lines.append("curve \(index + 1): the list is cut (the curve oscillates faster than the search resolves, or the work budget ran out)")
        }
        for (index, curve) in curves.enumerated() {
            if let at = curve.at {
                lines.append("curve \(index + 1) at x = \(Self.shown(at.x)): y = \(at.y.map(Self.shown) ?? (at.overflows ? ValueTable.Gap.overflow : .undefined).text(Self.shown)), "
                             + "slope = \(at.slope.map(Self.shown) ?? "none")")
            }
            if let area = curve.area {
                lines.append("curve \(index + 1) area from \(Self.shown(area.from)) to \(Self.shown(area.to)): "
                             + (area.value.map(Self.shown) ?? "none (\(area.reason ?? "no value"))"))
            }
        }
        if let table {
            lines.append("")
            let header = ["x"] + curves.indices.map { curves.count == 1 ? "y" : "y\($0 + 1)" }
            lines += Self.aligned([header] + table.rows.map { row in
                [Self.shown(row.x)] + row.ys.indices.map { curve in row.ys[curve].map(Self.shown) ?? row.gap(of: curve).text(Self.shown) }
            })
        }
        return lines.joined(separator: "\n")
    }

    /// A number as JSON writes it.
    static func shown(_ value: Double) -> String { number(value) }

    /// Rows padded into columns two spaces apart, with no trailing spaces (a last cell that is
    /// empty, a point with no t, ends the row at the cell before).
    private static func aligned(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            var cells = row
            while cells.count > 1, cells.last?.isEmpty == true { cells.removeLast() }
            return cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }.joined()
        }
    }
}
