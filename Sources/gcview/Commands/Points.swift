import ArgumentParser
import Brain
import Analysis
import Figure
import Raster
import Tabular

/// Finds the points of interest of typed expressions: roots, extrema, the y-intercept, poles,
/// jumps and intersections, with the value, slope and area where asked, and a table of values.
struct Points: ParsableCommand, TakesParametersAndAngles {
    static let configuration = CommandConfiguration(
        commandName: "points",
        abstract: "Find roots, extrema, intersections, poles and jumps of y(x), the intercepts, extremes and intersections of every kind; slope, area and a table of values.",
        discussion: """
            Each expression, quoted as one argument, is a curve. Examples:
              gcview points 'x^3 - 6x^2 + 11x - 6'
              gcview points 'cos(x)' 'x' --x 0:2
              gcview points 'sin(x)' --at 1 --area 0:3.141592653589793 --json
              gcview points 'x^2' --table 0.5 --x -2:2
              gcview points 'x^2 - k' --let k=2
              gcview points 'sin(x)' --degrees --x 0:360
              gcview points 'x^2 + y^2 = 9' 'y = x' --x -5:5 --y -5:5
              gcview points 'r = 1 + cos(θ)' 'y = 0.5'
              gcview points data.csv --columns t,temp --json
              seq 10 | gcview points -

            On data (a .csv, .tsv, .dat, .txt, .json or .jsonl file, --data FILE, or '-' for standard \
            input), each series gets its count, gaps, mean, sample standard deviation (n − 1), \
            minimum, quartiles (numpy's default, linear), maximum, and where x and y are extreme.
            """
    )

    @Argument(parsing: .allUnrecognized,
              help: "The expressions, e.g. 'x^2 - 3' 'sin(x)', or curves of any kind: 'x^2 + y^2 = 9', '(cos(t), sin(t))', 'r = 1 + cos(θ)'.")
    var expression: [String] = []

    @Option(name: .customLong("x"), parsing: .unconditional,
            help: ArgumentHelp("The x range searched.", valueName: "min:max"))
    var xRange = AxisRange(lower: -10, upper: 10)

    @Option(name: .customLong("y"), parsing: .unconditional,
            help: ArgumentHelp("The y range searched for the points of curves other than y(x) (default: the x range).", valueName: "min:max"))
    var givenYRange: AxisRange?

    @Option(name: .customLong("t"), parsing: .unconditional,
            help: ArgumentHelp("The range of t for parametric curves and of θ for polar ones (default 0:2pi; 0:360 in degrees).",
                               valueName: "min:max"))
    var givenTRange: AxisRange?

    @Option(parsing: .unconditional, help: ArgumentHelp("Also give y and the slope dy/dx at X.", valueName: "x"))
    var at: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Also give the signed area under each curve from A to B (B < A gives its negative).", valueName: "a:b"))
    var area: AxisRange?

    @Option(parsing: .unconditional, help: ArgumentHelp("Also print y at each multiple of STEP in the x range.", valueName: "step"))
    var table: Double?

    @Flag(help: "Print one JSON object.")
    var json = false

    @Option(name: .customLong("let"), parsing: .unconditionalSingleValue, help: ParameterOptions.help)
    var assignments: [String] = []

    @Flag(help: AngleOptions.help)
    var degrees = false

    @Option(name: .customLong("data"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Summarize the data in FILE, whatever its name ('-' is standard input).", valueName: "file"))
    var dataFiles: [String] = []

    @Option(help: ArgumentHelp("The data's columns, by header name or 1-based number: the first is x, each other a series.",
                               valueName: "x,y,..."))
    var columns: String?

    /// What `validate()` reads from the arguments, for `run()`: one stored property, not two (see
    /// `Plot.checked`).
    private struct Checked {
        var relations: [Relation] = []
        var values: [String: Double] = [:]
        var sources: [DataSource] = []
    }
    private var checked = Checked()
    private var relations: [Relation] { checked.relations }
    /// The y(x) programs among `relations`: what the y(x) analyses, `--at`, `--area` and `--table` work on.
    private var programs: [Program] { relations.compactMap(\.function) }
    private var values: [String: Double] { checked.values }
    private var yRange: AxisRange { givenYRange ?? xRange }

    enum CodingKeys: CodingKey { case expression, xRange, givenYRange, givenTRange, at, area, table, json, assignments, degrees, dataFiles, columns }

    mutating func validate() throws {
        let operands = Operands(expression)
        if let unknown = operands.unknownOption {
            throw ValidationError("unknown option '\(unknown)' (put -- before an expression that starts with --)")
        }
        let (expressions, sources) = try Plot.splitData(operands.words, given: dataFiles)
        checked.sources = sources
        if sources.isEmpty { try operands.requireExpression(for: "points", example: "x^2 - 2") }
        if columns != nil, sources.isEmpty { throw ValidationError("--columns is for data: name a file (data.csv, --data FILE) or '-'") }
        checked.relations = expressions.isEmpty ? [] : try Plot.relations(in: expressions)
        checked.values = try parameters.values(for: relations.flatMap(\.programs))
        try xRange.validate(as: "--x", pixels: PointsOfInterest.samples)
        try givenYRange?.validate(as: "--y", pixels: PointsOfInterest.samples)
        if let t = givenTRange {
            try t.validateEnds(as: "--t")
            guard t.lower < t.upper else { throw ValidationError("--t: the minimum must be less than the maximum") }
        }
        if let at, !at.isFinite { throw ValidationError("--at must be a finite number") }
        try area?.validateEnds(as: "--area")
        if let table {
            guard table.isFinite, table > 0 else { throw ValidationError("--table needs a step greater than 0") }
            guard ValueTable.rowCount(over: xRange.closedRange, step: table) != nil else {
                throw ValidationError("--table \(AxisRange.format(table)): more than \(ValueTable.maximumRows) rows over "
                                      + "\(xRange.defaultValueDescription); take a larger step")
            }
        }
        try refusePolesAtTheEnds()
    }

    /// A range whose end is a pole has no value there to begin from: refused, naming the curve.
    private func refusePolesAtTheEnds() throws {
        let scale = (xRange.upper - xRange.lower) / Double(PointsOfInterest.samples)
        for program in programs {
            let f = program.function(of: "M", using: values, angle: angles.angle)
            for end in [xRange.lower, xRange.upper] where PointsOfInterest.isPole(of: f, at: end, scale: scale) {
                let equation = Program.equation(forDescription: program.description)
                throw ValidationError("--x \(xRange.defaultValueDescription): \(equation) has a pole at the end x = "
                                      + "\(AxisRange.format(end)); choose a range that does not end at it")
            }
        }
    }

    func run() throws {
        let data = try DataReport(series: dataStatistics())
        guard !relations.isEmpty else { return try StandardOutput.write(line: json ? data.json : data.text) }
        if let note = ParameterOptions.unsetNote(for: relations.flatMap(\.programs), given: Set(values.keys), verb: "taken as") {
            StandardError.write(note)
        }
        let options = [at != nil ? "--at" : nil, area != nil ? "--area" : nil, table != nil ? "--table" : nil].compactMap { $0 }
        Plot.kindNote(for: relations, options: options, outcome: "left out").forEach(StandardError.write)
        // The y(x) curves, by their index among the relations.
        let graphs = relations.indices.filter { relations[$0].function != nil }
        let compiled = programs.map { $0.functionAndOverflows(of: "M", using: values, angle: angles.angle) }
        let functions = compiled.map { curve -> (Double) -> Double? in curve.function }
        let overflows = compiled.map { curve -> (Double) -> Bool in curve.overflows }
        let costs = programs.map(\.steps.count)
        let found = PointsOfInterest.find(in: functions, over: xRange.closedRange, costs: costs)
        let scale = (xRange.upper - xRange.lower) / 100
        var curves = relations.map { relation in
            PointsReport.Curve(equation: relation.function.map { Program.equation(forDescription: $0.description) } ?? relation.description,
                               points: CurvePoints())
        }
        for (graph, index) in graphs.enumerated() {
            let f = functions[graph]
            curves[index].points = found.curves[graph]
            // A curve whose intersections were cut says so too.
            if found.intersectionsTruncated { curves[index].points.isTruncated = true }
            if let at {
                let y = f(at).flatMap { $0.isFinite ? $0 : nil }
                curves[index].at = (at, y, Slope.at(at, of: f, scale: scale), y == nil && overflows[graph](at))
            }
            if let area {
                curves[index].area = Area.of(f, from: area.lower, to: area.upper, cost: costs[graph], overflows: overflows[graph])
            }
        }
        let intersections = found.intersections.map {
            Intersection(first: graphs[$0.first], second: graphs[$0.second], x: $0.x, y: $0.y)
        }
        let rows = table.flatMap { ValueTable.rows(of: functions, over: xRange.closedRange, step: $0, overflows: overflows) }
        var report = PointsReport(xRange: xRange.closedRange, parameters: ParameterOptions.list(for: relations.flatMap(\.programs), values: values),
                                  curves: curves, intersections: intersections, table: rows)
        if relations.contains(where: { $0.function == nil }) { addPlanePoints(to: &report) }
        guard !data.series.isEmpty else { return try StandardOutput.write(line: json ? report.json : report.text) }
        // The one JSON object gets a "series" field before its closing brace.
        let jsonBoth: String = String(report.json.dropLast()) + ",\"series\":" + data.jsonArray + "}"
        let textBoth: String = report.text + "\n\n" + data.text
        try StandardOutput.write(line: json ? jsonBoth : textBoth)
    }

    /// The statistics of every series of every data source, their notes on stderr.
    private func dataStatistics() throws -> [SeriesStatistics] {
        let options = TabularOptions(columns: columns.map(ColumnSelector.list))
        var statistics: [SeriesStatistics] = []
        for source in checked.sources {
            let (table, notes) = try DataInput(source: source, options: options).read()
            notes.forEach(StandardError.write)
            if let reason = table.nothingToDrawReason { throw DataError.nothingToDraw(source.shown, reason: reason) }
            statistics += FigureData.series(of: table, style: nil).map(SeriesStatistics.init)
        }
        return statistics
    }

    /// The points of the curves that are not y(x), and where they meet the others, in the x and
    /// y ranges: each such curve's kind, its parameter's name and its points, into `report`.
    private func addPlanePoints(to report: inout PointsReport) {
        let frame = FigureFrame(x: xRange.closedRange, y: .fixed(yRange.closedRange), angle: angles.angle, t: givenTRange?.closedRange)
        let figure = Figure(frame: frame, relations: relations, values: values)
        let found = figure.planePoints(in: PlaneWindow(x: xRange.closedRange, y: yRange.closedRange))
        report.yRange = yRange.closedRange
        for (index, relation) in relations.enumerated() where relation.function == nil {
            let parameter: String? = switch relation {
            case .parametric: "t"
            case .polar: "θ"
            default: nil
            }
            report.curves[index].plane = PointsReport.OtherKind(
                kind: relation.kindName, parameter: parameter,
                points: found.points.filter { $0.curves == [index] }, isTruncated: found.isTruncated)
        }
        report.planeIntersections = found.points.filter { $0.kind == .intersection }
    }
}
