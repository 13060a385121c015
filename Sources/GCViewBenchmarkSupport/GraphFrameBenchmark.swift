import App
import Brain
import Codecs
import Glyphs
import Analysis
import Raster
import Terminal

/// The phases of one graph frame as `gcview bench` times them, for the benchmark package in
/// Benchmarks/: the one library gcview exports, and all the benchmarks use.
public struct GraphFrameBenchmark {
    private let function: (Double) -> Double?
    private let viewport: Viewport
    private let renderer: GraphRenderer
    private let samples: Samples
    private let image: IndexedImage
    private let sixel = SixelEncoder()
    private let kitty = KittyEncoder()

    /// What could not be set up.
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    /// `expression` (in x) over `xRange` at `width` x `height` pixels with y fitted, drawn in the
    /// system's DejaVu Sans (no labels when it is missing), as `gcview bench` draws it.
    public init(expression: String, xRange: ClosedRange<Double>, width: Int, height: Int) throws {
        let program: Program
        do { program = try ExpressionParser.parse(expression) } catch {
            throw SetupError(description: "\(expression) does not parse: \(error)")
        }
        function = program.function(of: Coordinates.xVariable)
        viewport = Viewport(width: width, height: height, xRange: xRange, yRange: -1...1).fittingY(to: function)
        renderer = GraphRenderer(style: .sized(forTextHeight: 20, title: program.description),
                                 glyphs: try? FreeTypeGlyphs.system())
        samples = renderer.sample(function, in: viewport)
        image = renderer.rasterize(samples, in: viewport)
    }

    /// Samples the function across the viewport; returns the number of evaluations.
    public func sample() -> Int { renderer.sample(function, in: viewport).evaluations }

    /// Rasterizes the samples taken once; returns the number of pixels.
    public func rasterize() -> Int { renderer.rasterize(samples, in: viewport).pixels.count }

    /// The rasterized picture as sixel.
    public func encodeSixel() throws -> [UInt8] { try sixel.encode(image) }

    /// The rasterized picture as a kitty graphics command.
    public func encodeKitty() throws -> [UInt8] { try kitty.encode(image, imageID: 1, placementID: 1) }

    /// A whole frame, sampled, rasterized and encoded as sixel.
    public func frameSixel() throws -> [UInt8] { try sixel.encode(renderer.render(function, in: viewport)) }

    /// A whole frame, sampled, rasterized and encoded for kitty.
    public func frameKitty() throws -> [UInt8] {
        try kitty.encode(renderer.render(function, in: viewport), imageID: 1, placementID: 1)
    }
}

/// The interactive app's controller driven by pan keys, as `gcview bench` times it.
public final class PanFrameBenchmark {
    private let driver: PanFrameDriver

    /// The protocols the benchmark pans in.
    public static let protocols = ["sixel", "kitty"]

    /// `expression` graphed over `xRange` in a `width` x `height` pane, shown in `protocolName`
    /// (`sixel`, `kitty`, `iterm2` or `unicode`).
    public init(protocolName: String, expression: String, xRange: ClosedRange<Double>, width: Int, height: Int) throws {
        guard let graphicsProtocol = GraphicsProtocol(rawValue: protocolName) else {
            throw GraphFrameBenchmark.SetupError(description: "no protocol \(protocolName)")
        }
        driver = try PanFrameDriver(graphicsProtocol: graphicsProtocol, expression: expression, xRange: xRange,
                                    paneSize: PixelSize(width: width, height: height))
    }

    /// One pan key from its bytes to its frame; returns the frame's bytes.
    public func panFrame() -> [UInt8] { driver.panFrame() }
}
