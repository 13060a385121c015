import ArgumentParser
import Brain
import Foundation
import Glyphs
import Raster
import Terminal

/// Plots a typed expression inline in the terminal, or into a file.
struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plot y(x) inline at the cursor, or write it to a file.",
        discussion: """
            The graph is as wide as the terminal unless --size says otherwise. Without --y, both axes
            share one scale (square units) centred on y = 0. Examples:
              gcview plot 'sin(x)*x' --x -10:10 --y auto
              gcview plot 'tan(x)' --size 800x500 --output tan.png
            """
    )

    @Argument(parsing: .allUnrecognized, help: "The expression in x, e.g. 'x^2 - 3'.")
    var expression: [String] = []

    @Option(name: .customLong("x"), parsing: .unconditional, help: ArgumentHelp("The x range.", valueName: "min:max"))
    var xRange = AxisRange(lower: -10, upper: 10)

    @Option(name: .customLong("y"), parsing: .unconditional,
            help: ArgumentHelp("The y range, or auto to fit the curve.", valueName: "min:max|auto"))
    var yRange: VerticalRange?

    @Option(help: ArgumentHelp("The image size in pixels (16 to 10000 a side).", valueName: "WxH"))
    var size: PixelSize?

    @Option(name: .customLong("protocol"), help: "sixel, kitty or unicode (default: detected).")
    var graphicsProtocol: GraphicsProtocol?

    @Option(help: "dark or light (default: follows the terminal background).")
    var theme: ThemeChoice?

    @Option(help: ArgumentHelp("Write to FILE instead of the terminal; a .png name writes a PNG.", valueName: "file"))
    var output: String?

    private var program = Program()

    enum CodingKeys: CodingKey { case expression, xRange, yRange, size, graphicsProtocol, theme, output }

    mutating func validate() throws {
        do {
            program = try ExpressionParser.parse(expression.joined(separator: " "))
        } catch {
            throw ValidationError(error.description)
        }
        if let output, output.isEmpty { throw ValidationError("--output needs a file name") }
    }

    func run() throws {
        let destination = PlotDestination(outputPath: output)
        let capabilities = destination.isTerminal ? TerminalProbe.detectControllingTerminal(override: graphicsProtocol) : nil
        let format = destination.format(requested: graphicsProtocol, detected: capabilities)
        let size = try imageSize(for: format, capabilities: capabilities)

        var viewport = Viewport(width: size.width, height: size.height, xRange: xRange.closedRange,
                                yRange: -1...1)
        let function = program.function(of: "M")
        switch yRange {
        case .fixed(let range)?:
            viewport = Viewport(width: size.width, height: size.height, xRange: xRange.closedRange, yRange: range.closedRange)
        case .auto?:
            viewport = viewport.fittingY(to: function)
        case nil:
            viewport = Viewport.squareUnits(width: size.width, height: size.height, xRange: xRange.closedRange)
        }

        let cellHeight = capabilities?.cellHeight ?? 20
        let style = GraphStyle.forTerminal(theme: (theme ?? ThemeChoice(capabilities: capabilities)).theme,
                                           cellHeight: cellHeight, title: program.description)
        let renderer = GraphRenderer(style: style, glyphs: try? FreeTypeGlyphs.system())
        let image = renderer.render(function, in: viewport)
        try destination.write(try format.encode(image, capabilities: capabilities))
    }

    /// The image size: `--size` exactly, or the terminal's width and a pleasant height.
    private func imageSize(for format: PlotFormat, capabilities: TerminalCapabilities?) throws -> PixelSize {
        let limit = format == .sixel ? capabilities?.maxSixelSize : nil
        if let size {
            if let limit, size.width > limit.width || size.height > limit.height {
                throw ValidationError(
                    "--size \(size.width)x\(size.height) exceeds this terminal's largest sixel image, \(limit.width)x\(limit.height)")
            }
            return size
        }
        guard let capabilities else { return PixelSize(width: 800, height: 500) }
        var width = capabilities.textAreaWidth
        var height = min(width * 5 / 8, max(capabilities.textAreaHeight - 3 * capabilities.cellHeight, 4 * capabilities.cellHeight))
        if let limit {
            width = min(width, limit.width)
            height = min(height, limit.height)
        }
        return PixelSize(width: max(width, 16), height: max(height, 16))
    }
}
