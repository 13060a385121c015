import Figure

/// What `gcview points` prints for data: per series its count, gaps, mean, sample standard
/// deviation, minimum, quartiles, maximum and where x and y are extreme, as an aligned list or
/// JSON, numbers as `PointsReport` writes them.
struct DataReport {
    /// How the standard deviation is taken, in the report's words.
    static let deviationKind = "sample (n − 1)"
    /// How the quartiles are taken.
    static let quartileMethod = "linear (numpy's default; Hyndman and Fan type 7)"

    var series: [SeriesStatistics]

    /// One JSON array of the series, for the `"series"` field.
    var jsonArray: String {
        PointsReport.array(series.map { stats in
            let fields = [
                "\"name\":" + PointsReport.string(stats.name),
                "\"count\":\(stats.count)", "\"gaps\":\(stats.gaps)",
                "\"mean\":" + PointsReport.number(stats.mean),
                "\"standardDeviation\":" + PointsReport.number(stats.standardDeviation),
                "\"standardDeviationKind\":" + PointsReport.string("sample (n-1)"),
                "\"minimum\":" + PointsReport.number(stats.minimum),
                "\"quartiles\":" + PointsReport.array([stats.lowerQuartile, stats.median, stats.upperQuartile].map(PointsReport.number)),
                "\"quartileMethod\":" + PointsReport.string("linear"),
                "\"maximum\":" + PointsReport.number(stats.maximum),
                "\"lowestY\":" + Self.json(stats.lowestY), "\"highestY\":" + Self.json(stats.highestY),
                "\"lowestX\":" + Self.json(stats.lowestX), "\"highestX\":" + Self.json(stats.highestX),
            ]
            return "{" + fields.joined(separator: ",") + "}"
        })
    }

    /// `{"series":[…]}`.
    var json: String { "{\"series\":" + jsonArray + "}" }

    private static func json(_ row: SeriesStatistics.Row?) -> String {
        guard let row else { return "null" }
        return "{\"row\":\(row.row),\"x\":\(PointsReport.number(row.x)),\"y\":\(PointsReport.number(row.y))}"
    }

    /// Each series as its name, then one aligned line a statistic.
    var text: String {
        var lines: [String] = []
        for (index, stats) in series.enumerated() {
            if index > 0 { lines.append("") }
            lines.append("series \(index + 1): \(stats.name.sanitisedForTerminal)")
            let rows: [(String, String)] = [
                ("count", "\(stats.count)"), ("gaps", "\(stats.gaps)"),
                ("mean", Self.shown(stats.mean)),
                ("standard deviation", Self.shown(stats.standardDeviation) + ", \(Self.deviationKind)"),
                ("minimum", Self.shown(stats.minimum)),
                ("quartiles", [stats.lowerQuartile, stats.median, stats.upperQuartile].map(Self.shown).joined(separator: ", ")
                    + ", \(Self.quartileMethod)"),
                ("maximum", Self.shown(stats.maximum)),
                ("lowest y", Self.shown(stats.lowestY)), ("highest y", Self.shown(stats.highestY)),
                ("lowest x", Self.shown(stats.lowestX)), ("highest x", Self.shown(stats.highestX)),
            ]
            let width = rows.map(\.0.count).max() ?? 0
            lines += rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 }
        }
        return lines.joined(separator: "\n")
    }

    private static func shown(_ value: Double?) -> String { value.map(PointsReport.number) ?? "none" }

    private static func shown(_ row: SeriesStatistics.Row?) -> String {
        guard let row else { return "none" }
        return "x = \(PointsReport.number(row.x)), y = \(PointsReport.number(row.y)) (row \(row.row))"
    }
}
