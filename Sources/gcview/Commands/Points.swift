import ArgumentParser
import Brain
import Analysis
import Raster

/// Finds the points of interest of typed expressions: roots, extrema, the y-intercept, poles,
/// jumps and intersections, with the value, slope and area where asked, and a table of values.
struct Points: ParsableCommand, TakesParametersAndAngles {
    static let configuration = CommandConfiguration(
        commandName: "points",
        abstract: "Find roots, extrema, intersections, poles and jumps of y(x); slope, area and a table of values.",
        discussion: """
            Each expression, quoted as one argument, is a curve. Examples:
              gcview points 'x^3 - 6x^2 + 11x - 6'
              gcview points 'cos(x)' 'x' --x 0:2
              gcview points 'sin(x)' --at 1 --area 0:3.141592653589793 --json
              gcview points 'x^2' --table 0.5 --x -2:2
              gcview points 'x^2 - k' --let k=2
              gcview points 'sin(x)' --degrees --x 0:360
            """
    )

    @Argument(parsing: .allUnrecognized, help: "The expressions in x, e.g. 'x^2 - 3' 'sin(x)'.")
    var expression: [String] = []

    @Option(name: .customLong("x"), parsing: .unconditional,
            help: ArgumentHelp("The x range searched.", valueName: "min:max"))
    var xRange = AxisRange(lower: -10, upper: 10)

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

    /// What `validate()` reads from the arguments, for `run()`: one stored property, not two (see
    /// `Plot.checked`).
    private struct Checked {
        var programs: [Program] = []
        var values: [String: Double] = [:]
    }
    private var checked = Checked()
    private var programs: [Program] { checked.programs }
    private var values: [String: Double] { checked.values }

    enum CodingKeys: CodingKey { case expression, xRange, at, area, table, json, assignments, degrees }

    mutating func validate() throws {
        let operands = Operands(expression)
        if let unknown = operands.unknownOption {
            throw ValidationError("unknown option '\(unknown)' (put -- before an expression that starts with --)")
        }
        try operands.requireExpression(for: "points", example: "x^2 - 2")
        checked.programs = try Plot.programs(in: operands.words)
        checked.values = try parameters.values(for: programs)
        try xRange.validate(as: "--x", pixels: PointsOfInterest.samples)
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
        if let note = ParameterOptions.unsetNote(for: programs, given: Set(values.keys), verb: "taken as") {
            StandardError.write(note)
        }
        let compiled = programs.map { $0.functionAndOverflows(of: "M", using: values, angle: angles.angle) }
        let functions = compiled.map { curve -> (Double) -> Double? in curve.function }
        let overflows = compiled.map { curve -> (Double) -> Bool in curve.overflows }
        let costs = programs.map(\.steps.count)
        let found = PointsOfInterest.find(in: functions, over: xRange.closedRange, costs: costs)
        let scale = (xRange.upper - xRange.lower) / 100
        var curves = [PointsReport.Curve]()
        for (index, program) in programs.enumerated() {
            let f = functions[index]
            var curve = PointsReport.Curve(equation: Program.equation(forDescription: program.description),
                                           points: found.curves[index])
            // A curve whose intersections were cut says so too.
            if found.intersectionsTruncated { curve.points.isTruncated = true }
            if let at {
                let y = f(at).flatMap { $0.isFinite ? $0 : nil }
                curve.at = (at, y, Slope.at(at, of: f, scale: scale), y == nil && overflows[index](at))
            }
            if let area {
                curve.area = Area.of(f, from: area.lower, to: area.upper, cost: costs[index], overflows: overflows[index])
            }
            curves.append(curve)
        }
        let rows = table.flatMap { ValueTable.rows(of: functions, over: xRange.closedRange, step: $0, overflows: overflows) }
        let report = PointsReport(xRange: xRange.closedRange, parameters: ParameterOptions.list(for: programs, values: values),
                                  curves: curves, intersections: found.intersections, table: rows)
        try StandardOutput.write(line: json ? report.json : report.text)
    }
}
