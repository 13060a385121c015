import Foundation
@testable import App
import Raster
import Terminal
import Testing

/// Issue 22, item 3: `o` marks the points of interest in view on the graph, in every pixel
/// protocol, where the mathematics puts them, and never at a pole.
@Suite("Points of interest on the graph")
struct PointMarksTests {
    static func controller(_ expression: String, _ graphicsProtocol: GraphicsProtocol) -> (AppController, CapturedPictures) {
        let controller = AppController(model: AppModel.graphing(expression, in: Panes.full), window: WindowSize(columns: 100, rows: 30),
                                       cell: PixelSize(width: 10, height: 20),
                                       presenter: GraphPresenter(backend: graphicsProtocol.backend(), glyphs: BoxGlyphs()),
                                       theme: .dark)
        let captured = CapturedPictures(from: controller)
        controller.handle(.input(.key(.character("o"))))
        _ = controller.frame()
        return (controller, captured)
    }

    @Test("sin(x)·x: a dot (paper inside, the curve's colour around) at each root kπ in view, and the maxima where tan x = −x",
          arguments: [GraphicsProtocol.sixel, .kitty, .iterm2])
    func dotsAtClosedForms(graphicsProtocol: GraphicsProtocol) throws {
        let (controller, captured) = Self.controller("sin(x)*x", graphicsProtocol)
        let image = try #require(captured.images.last)
        let viewport = try #require(controller.images.onScreen?.viewport)
        let curve = Theme.dark.curveColor(0), paper = Theme.dark.background
        var expected = (-10...10).map { Double($0) * Double.pi }.map { Point(x: $0, y: 0) }
        expected += [2.028757838110434, -2.028757838110434].map { Point(x: $0, y: $0 * sin($0)) }
        var checked = 0
        for point in expected where viewport.contains(x: point.x, y: point.y) {
            let column = Int(viewport.column(forX: point.x)), row = Int(viewport.row(forY: point.y))
            guard column > 8, column < image.width - 8, row > 8, row < image.height - 8 else { continue }
            checked += 1
            func color(_ x: Int, _ y: Int) -> RGB { image.palette[Int(image.pixels[y * image.width + x])] }
            #expect(color(column, row) == paper, "\(graphicsProtocol): the dot's centre at x = \(point.x) is paper")
            // Some pixel 3–6 px away in each direction is the curve's colour: the outline.
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let ring = (3...6).contains { color(column + dx * $0, row + dy * $0) == curve }
                #expect(ring, "\(graphicsProtocol): outline around x = \(point.x) towards (\(dx), \(dy))")
            }
        }
        #expect(checked >= 4, "\(checked) points checked")
    }

    @Test("tan(x): every mark lies on the curve, and none at a pole")
    func noMarkAtPoles() throws {
        let (controller, _) = Self.controller("tan(x)", .kitty)
        let marks = try #require(controller.images.onScreen?.points)
        #expect(marks.count >= 3)
        for mark in marks {
            #expect(abs(tan(mark.point.x) - mark.point.y) < 1e-9 * max(1, abs(mark.point.y)), "on the curve at \(mark.point.x)")
            let nearestPole = (mark.point.x / Double.pi - 0.5).rounded() * Double.pi + Double.pi / 2
            #expect(abs(mark.point.x - nearestPole) > 0.1, "no mark near the pole at \(nearestPole)")
        }
        controller.handle(.input(.key(.character("o"))))
        _ = controller.frame()
        #expect(controller.images.onScreen?.points.isEmpty == true, "o again hides them")
    }
}
