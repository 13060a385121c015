import ArgumentParser
import Brain
#if canImport(Glibc)
import Codecs
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Figure
import FoundationEssentials
import Glyphs
import Analysis
import Raster
import Terminal

/// Plots typed expressions inline in the terminal, or into a file.
struct Plot: ParsableCommand, TakesParametersAndAngles {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        // Parsed alone (GCView.parsedAlone), plot is argument-parser's root, which first tries the
        // line as two more commands of its own for --generate-completion-script: 1.1 M of the
        // 37 M instructions of a plot. A super-command name skips that, and names only the root:
        // in the tree GCView is the root, so help, completions and errors are unchanged, and a
        // line asking for a script falls back to the tree's parse (ParsedAloneTests).
        _superCommandName: "gcview",
        abstract: "Plot y(x) inline at the cursor, or write it to a file.",
        discussion: """
            The graph is as wide as the terminal unless --size says otherwise, and y fits the curves \
            unless --y says otherwise. Up to \(Self.maximumCurves) expressions, each quoted as one \
            argument, are drawn together in colours of their own with a legend. Examples:
              gcview plot 'sin(x)*x' --x -10:10
              gcview plot 'sin(x)' 'cos(x)' 'x/3'
              gcview plot 'tan(x)' --y -5:5 --size 800x500 --output tan.png
              gcview plot 'sin(x)' 'cos(x)' --output waves.svg
              gcview plot 'x^3 - 3x' 'x' --points
              gcview plot 'sin(x)' --area 0:3.141592653589793 --output area.png
              gcview plot 'sin(a x)' --let a=2
              gcview plot 'sin(a x)' --animate a=1:3 --frames 60 --fps 20 --output wave.gif
              gcview plot 'sin(a x)' --animate a=1:3   (plays until a key is pressed)
              gcview plot 'x^3' 'exp(x)' --x-scale log --y-scale log --x 0.1:100
              gcview plot 'sin(x)' --degrees --x -360:360
              gcview plot 'x^2 + y^2 = 9' 'y < sin(x)' 'x = y^2 - 4'
              gcview plot '(cos(3t), sin(2t))' 'r = 1 + cos(θ)' --x -3:3
              gcview plot '1 <= x^2 + y^2 < 4' 'r < 2 + sin(3θ)' '0 < y < 1'
              gcview plot 'x^2 + a y^2 = 4' --animate a=0.5:3 --output ellipse.gif
              seq 100 | gcview plot -
              gcview plot data.csv --columns date,temp,rain --style points
              gcview plot data.csv 'sin(x)' --x 0:10
              gcview plot --data measurements --columns 2 --hist --bins 20

            Data: '-' reads standard input; an argument ending in .csv, .tsv, .dat, .txt, .json or \
            .jsonl that names an existing file is a data file; --data FILE takes any name. CSV, TSV, \
            whitespace columns and JSON lines are read, the separator and header found by themselves. \
            Empty, NA, NaN and null cells are gaps. The first column chosen is x, each other a \
            series in its own colour; x fits the data unless --x says otherwise.
            """
    )

    @Argument(parsing: .allUnrecognized,
              help: "The curves: 'sin(x)', 'x = y^2', '(cos(t), sin(t))', 'r = cos(3θ)', 'x^2 + y^2 = 9', 'y < sin(x)', '0 < y < 1', 'r < 2'.")
    var expression: [String] = []

    @Option(name: .customLong("x"), parsing: .unconditional,
            help: ArgumentHelp("The x range (default -10:10; 0.01:100 on a log x axis).", valueName: "min:max"))
    var givenXRange: AxisRange?

    @Option(name: .customLong("x-scale"), help: "A log axis gives each decade the same width (x above 0 only).")
    var xScale = ScaleChoice.linear

    @Flag(name: .customLong("x-time"),
          help: "Read x as seconds since 1970-01-01 00:00 UTC: ticks on calendar steps, labelled as UTC dates and times.")
    var xTime = false

    @Option(name: .customLong("y-scale"), help: "A log axis shows y above 0 only: values at or below 0 are not drawn.")
    var yScale = ScaleChoice.linear

    @Option(name: .customLong("y"), parsing: .unconditional,
            help: ArgumentHelp("The y range, or auto to fit the curve.", valueName: "min:max|auto"))
    var yRange = VerticalRange.auto

    @Option(help: ArgumentHelp("The image size in pixels, 16 to 10000 a side.", valueName: "WxH"))
    var size: ImageSize?

    @Option(name: .customLong("protocol"), help: "How to draw (default: detected); kitty-placeholders is kitty graphics through tmux.")
    var graphicsProtocol: GraphicsProtocol?

    @Option(help: "The colours (default: follows the terminal background).")
    var theme: ThemeChoice?

    @Option(help: ArgumentHelp("Write to FILE instead; a name ending in .png writes a PNG, .svg an SVG, .gif a GIF, any other name the terminal's bytes.",
                               valueName: "file"))
    var output: String?

    @Flag(help: "With --output: replace the file even when it does not carry gcview's mark (by default gcview replaces only the files it marked).")
    var force = false

    @Flag(help: "Mark the points of interest: roots, extrema, y-intercepts and intersections (never a pole or a jump).")
    var points = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Shade the area under each curve from A to B, its value (or why there is none) in the legend.",
                               valueName: "a:b"))
    var area: AxisRange?

    @Option(name: .customLong("let"), parsing: .unconditionalSingleValue, help: ParameterOptions.help)
    var assignments: [String] = []

    @Flag(help: AngleOptions.help)
    var degrees = false

    @Option(name: .customLong("t"), parsing: .unconditional,
            help: ArgumentHelp("The range of t for parametric curves and of θ for polar ones (default 0:2pi; 0:360 in degrees).",
                               valueName: "min:max"))
    var givenTRange: AxisRange?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Sweep a parameter from FROM to TO: played back and forth in the terminal until a key, or an animated GIF with --output FILE.gif.",
                               valueName: "name=from:to"))
    var animate: String?

    @Option(help: ArgumentHelp("How many frames --animate makes, 2 to 1000 (default 60).", valueName: "n"))
    var frames: Int?

    @Option(help: ArgumentHelp("Frames a second of --animate, 0.1 to 50 (default 20).", valueName: "f"))
    var fps: Double?

    @Option(name: .customLong("data"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Draw the data in FILE, whatever its name ('-' is standard input).", valueName: "file"))
    var dataFiles: [String] = []

    @Option(help: ArgumentHelp("The data's columns, by header name or 1-based number: the first is x, each other a series; one alone is y against the row number.",
                               valueName: "x,y,..."))
    var columns: String?

    @Option(help: "How data is drawn (default: lines when x is in order, points otherwise).")
    var style: PlaneData.Style?

    @Flag(help: "Draw a histogram of the data's one column (or its first series), bins as Freedman–Diaconis chooses them.")
    var hist = false

    @Option(help: ArgumentHelp("With --hist: this many bins, 1 to 10000.", valueName: "n"))
    var bins: Int?

    @Flag(help: "With --hist: each bar's height a density (count / (rows × bin width)), not a count.")
    var density = false

    /// What `validate()` reads from the arguments, for `run()`.
    private struct Checked {
        var relations: [Relation] = []
        var values: [String: Double] = [:]
        var animation: PlotAnimation?
        var sources: [DataSource] = []
    }

    /// One stored property, not three: argument-parser reflects on each stored property of a
    /// command at every start, and a property that is not an argument costs a search of every
    /// protocol conformance in the program.
    private var checked = Checked()
    var relations: [Relation] { checked.relations }
    /// The data files and standard input named, in order.
    var dataSources: [DataSource] { checked.sources }
    /// Every program of every curve: what the parameters are checked against.
    private var allPrograms: [Program] { relations.flatMap { $0.programs } }
    private var values: [String: Double] { checked.values }
    var animation: PlotAnimation? { checked.animation }

    /// The most curves one graph shows.
    static let maximumCurves = Theme.maximumCurves

    enum CodingKeys: CodingKey {
        case expression, givenXRange, xScale, xTime, yScale, yRange, size, graphicsProtocol, theme, output, force, points, area, assignments,
             degrees, givenTRange, animate, frames, fps, dataFiles, columns, style, hist, bins, density
    }

    /// The x range drawn: `--x`, else -10:10, or 0.01:100 on a log axis.
    var xRange: AxisRange {
        givenXRange ?? (xScale == .log ? AxisRange(lower: 0.01, upper: 100) : AxisRange(lower: -10, upper: 10))
    }

    /// The scales of the axes, for Raster.
    private var axisScales: (x: AxisScale, y: AxisScale) {
        (xScale == .log ? .log : .linear, yScale == .log ? .log : .linear)
    }

    mutating func validate() throws {
        let operands = Operands(expression)
        if let unknown = operands.unknownOption {
            throw ValidationError("unknown option '\(unknown)' (put -- before an expression that starts with --)")
        }
        let (expressions, sources) = try Self.splitData(operands.words, given: dataFiles)
        checked.sources = sources
        if sources.isEmpty { try operands.requireExpression(for: "plot", example: "sin(x)") }
        checked.relations = expressions.isEmpty ? [] : try Self.relations(in: expressions)
        try validateDataOptions()
        try size?.validate(as: "--size")
        try validateRanges(width: size?.width ?? 1, height: size?.height ?? 1)
        if let output, output.isEmpty { throw ValidationError("--output needs a file name") }
        if let output, let format = PlotDestination.foreignPictureFormat(of: RawArguments.process.path(of: "--output", parsed: output)) {
            throw ValidationError("--output \(output.firstLine): gcview writes PNG, SVG and GIF pictures (.png, .svg, .gif), not \(format)")
        }
        if force, output == nil { throw ValidationError("--force replaces the file --output names; there is no --output") }
        if xTime, xScale == .log { throw ValidationError("--x-time reads x as seconds on a linear axis; it cannot be drawn with --x-scale log") }
        try area?.validateEnds(as: "--area")
        checked.values = try parameters.values(for: allPrograms)
        if let t = givenTRange {
            try t.validateEnds(as: "--t")
            guard t.lower < t.upper else { throw ValidationError("--t: the minimum must be less than the maximum") }
        }
        if givenTRange != nil, !relations.contains(where: { $0.isParametrized }) {
            throw ValidationError("--t is the range of t or θ: it needs a parametric curve '(f(t), g(t))' or a polar one 'r = f(θ)'")
        }
        try validateAnimation()
        if animation != nil, points || area != nil {
            throw ValidationError("--\(points ? "points" : "area") marks a still picture; it cannot be drawn with --animate")
        }
    }

    /// `--animate` checked, with `--frames` and `--fps` only beside it and a GIF to write to.
    private mutating func validateAnimation() throws {
        guard let animate else {
            if frames != nil || fps != nil { throw ValidationError("--\(frames != nil ? "frames" : "fps") needs --animate") }
            return
        }
        let animation = try PlotAnimation(animate, frames: frames, framesPerSecond: fps, programs: allPrograms, given: values)
        // Without --output the animation plays in the terminal until a key is pressed.
        guard let output else {
            guard isatty(STDOUT_FILENO) == 1 else {
                throw ValidationError("--animate \(animate): standard output is not a terminal to play it in; write a GIF with --output FILE.gif")
            }
            checked.animation = animation
            return
        }
        guard output.lowercased().hasSuffix(".gif") else {
            throw ValidationError("--animate writes an animated GIF: --output must name a .gif file")
        }
        if let size { try animation.checkWork(width: size.width, height: size.height) }
        checked.animation = animation
    }

    func run() throws {
        let destination = PlotDestination(outputPath: output.map { RawArguments.process.path(of: "--output", parsed: $0) },
                                          replacesAnyFile: force)
        try destination.check()
        let data = try readData()
        let target = try chooseTarget(for: destination)
        if let note = ParameterOptions.unsetNote(for: allPrograms, given: Set(values.keys).union(animation.map { [$0.name] } ?? []),
                                                 verb: "drawn with") {
            StandardError.write(note)
        }
        let figure = try self.figure(with: data)
        let viewport = figure.viewport(width: target.size.width, height: target.size.height, fitsY: animation == nil)
        var renderer = target.backend?.renderer(theme: target.theme, cell: target.cell, title: figure.title, glyphs: { Self.labelFont() })
            ?? GraphRenderer(style: .sized(forTextHeight: target.cell.height, theme: target.theme, title: figure.title),
                             glyphs: Self.labelFont())
        renderer.recordsDrawing = destination.fileFormat == .svg
        if let animation {
            return try play(animation, of: figure, in: viewport, renderer: renderer, target: target, destination: destination)
        }
        Self.kindNote(for: relations, options: area != nil ? ["--area"] : [])
            .forEach(StandardError.write)
        let picture = renderer.draw(figure, in: viewport)
        Self.samplingNotes(for: relations, Array(picture.samples.suffix(relations.count)), over: viewport.xRange)
            .forEach(StandardError.write)
        try write(picture.image, backend: target.backend, cell: target.cell, to: destination)
    }

    /// The figure the arguments describe: the data's series first, then the curves, the axes
    /// (x the data's extent when `--x` is not given) and the overlays.
    private func figure(with data: [FigureData]) throws -> Figure {
        let vertical: FigureFrame.Vertical = if case .fixed(let range) = yRange { .fixed(range.closedRange) } else { .fit }
        let scales = axisScales
        let x = try dataXRange(of: data) ?? xRange.closedRange
        var frame = FigureFrame(x: x, y: vertical, xScale: scales.x, yScale: scales.y, angle: angles.angle,
                                t: givenTRange?.closedRange)
        // A column of dates or times is read as dates on x, as --x-time reads the range.
        if xTime || data.contains(where: { $0.xKind == .time }) { frame.xReading = .time }
        let curves = relations.map { FigureItem(relation: $0, values: values, angle: frame.angle, t: frame.t) }
        return Figure(frame: frame, items: data.map(FigureItem.init(data:)) + curves,
                      overlays: FigureOverlays(area: area?.closedRange, marksPoints: points))
    }

    /// `image` written to `destination`: a PNG, SVG or GIF file, or the backend's terminal bytes.
    private func write(_ image: IndexedImage, backend: (any GraphicsBackend)?, cell: PixelSize,
                       to destination: PlotDestination) throws {
        guard let backend else {
            if destination.fileFormat == .gif { return try destination.write(AnimatedGIF.encode(image)) }
            guard destination.fileFormat == .svg else { return try destination.write(PNG.encode(image, marked: true)) }
            guard let svg = SVGDocument(image: image) else { throw PlotError.encoding("the drawing for the SVG was not recorded") }
            return try destination.write(svg.bytes)
        }
        let bytes: [UInt8]
        do {
            bytes = try InlineImage(backend: backend, cellSize: cell).bytes(for: image)
        } catch {
            throw PlotError.encoding("\(error)")
        }
        try destination.write(terminalBytes: bytes)
    }

    /// `--animate` played in the terminal until a key, or written as an animated GIF.
    private func play(_ animation: PlotAnimation, of figure: Figure, in viewport: Viewport, renderer: GraphRenderer,
                      target: PlotTarget, destination: PlotDestination) throws {
        let fitsY = if case .auto = yRange { true } else { false }
        if let backend = target.backend {
            var frames = AnimationFrames(animation, figure: figure, viewport: viewport, fitsY: fitsY, renderer: renderer)
            try animation.play(&frames, backend: backend, cell: target.cell)
            return frames.noteCoarseSampling(StandardError.write)
        }
        let gif = try animation.gif(of: figure, viewport: viewport, fitsY: fitsY, renderer: renderer, note: StandardError.write)
        try destination.write(gif)
    }

    /// Throws when `--x` or a fixed `--y` cannot be graphed across this many pixels.
    /// On a log axis both ends must lie above 0 (values at or below it have no place there).
    func validateRanges(width: Int, height: Int) throws {
        try xRange.validate(as: "--x", pixels: width, log: xScale == .log)
        if case .fixed(let range) = yRange { try range.validate(as: "--y", pixels: height, log: yScale == .log) }
    }

    /// The font for the labels; without one, says so in one line on stderr and draws no labels.
    private static func labelFont() -> FreeTypeGlyphs? {
        do {
            return try FreeTypeGlyphs(font: FontFile.system())
        } catch {
            let warning = "gcview: warning: \(error); labels are not drawn".firstLine
            StandardError.write(warning)
            return nil
        }
    }

}
