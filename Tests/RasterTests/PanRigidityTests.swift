import Glyphs
import Raster
import TestSupport
import Testing

/// A picture that pans rigidly is the crop of a larger picture of the same graph: what lets a
/// terminal show a pan by moving a window over one large picture (kitty's panorama).
@Suite("Pictures that pan rigidly")
struct PanRigidityTests {
    /// A view of the pan tests: a function, and the view's origin in its pixels.
    struct View: Sendable, CustomTestStringConvertible {
        let function: TestFunction
        let originX: Double
        let originY: Double
        var scale = 50.0
        var testDescription: String { "\(function.name) with the origin at \(originX), \(originY)" }
    }

    static let width = 480, height = 320
    /// The larger picture's margin on each side.
    static let marginX = 240, marginY = 160

    static func renderer() throws -> GraphRenderer {
        GraphRenderer(style: .sized(forTextHeight: 20, theme: .dark), glyphs: try FreeTypeGlyphs.system())
    }

    /// The `width` x `height` pixels of `image` from `left`, `top` on.
    static func crop(_ image: IndexedImage, left: Int, top: Int, width: Int, height: Int) -> [UInt8] {
        (top..<(top + height)).flatMap { row in image.pixels[(row * image.width + left)..<(row * image.width + left + width)] }
    }

    // Views whose labels reach the image's edges: ticks every unit at 50 px, labels cut at the
    // left and right (x) and top and bottom (y) edges, both axes inside.
    static let views: [View] = [
        View(function: .xSine, originX: 240, originY: 160),
        View(function: .xSine, originX: 37, originY: 280),
        View(function: .cubic, originX: 455, originY: 13, scale: 9),
        View(function: .sine, originX: 61.5, originY: 250.25, scale: 37),
        View(function: .reciprocal, originX: 300, originY: 40),
    ]

    @Test("A view that pans rigidly is the crop of a picture with a margin round it: the same pixels, the curve within one pixel", arguments: views)
    func cropOfLarger(_ view: View) throws {
        let renderer = try Self.renderer()
        let small = Viewport(width: Self.width, height: Self.height, origin: Point(x: view.originX, y: view.originY), scale: view.scale)
        #expect(renderer.pansRigidly(in: small))
        let fresh = renderer.render(view.function.function, in: small)
        // The same graph, the same scale, the view somewhere inside a larger picture.
        for (left, top) in [(Self.marginX, Self.marginY), (0, 0), (2 * Self.marginX, 2 * Self.marginY), (17, 301)] {
            let large = Viewport(width: Self.width + 2 * Self.marginX, height: Self.height + 2 * Self.marginY,
                                 origin: Point(x: view.originX + Double(left), y: view.originY + Double(top)), scale: view.scale)
            let panorama = renderer.render(view.function.function, in: large)
            let window = Self.crop(panorama, left: left, top: top, width: Self.width, height: Self.height)
            let comparison = PanComparison(window, fresh.pixels, width: Self.width)
            #expect(comparison.agree,
                    "with the view at \(left), \(top) in the larger picture: \(comparison)")
        }
    }

    @Test("Labels pinned to an edge or moved across their axis do not pan rigidly", arguments: [
        (-30.0, 160.0), (520.0, 160.0), (240.0, -5.0), (240.0, 330.0), (240.0, 310.0), (2.0, 160.0),
    ])
    func pinnedLabels(originX: Double, originY: Double) throws {
        let viewport = Viewport(width: Self.width, height: Self.height, origin: Point(x: originX, y: originY), scale: 50)
        #expect(!(try Self.renderer()).pansRigidly(in: viewport))
    }

    @Test("A picture with a title does not pan rigidly: the title stays in its corner")
    func title() throws {
        var renderer = try Self.renderer()
        renderer.style.title = "y = x"
        let viewport = Viewport(width: Self.width, height: Self.height, origin: Point(x: 240, y: 160), scale: 50)
        #expect(!renderer.pansRigidly(in: viewport))
    }
}
