import Foundation
import Raster
import Testing

@Suite("Viewport")
struct ViewportTests {
    let viewport = Viewport(width: 480, height: 320, xRange: -5...5, yRange: -4...4)

    @Test("Ranges map to the image edges")
    func ranges() {
        #expect(viewport.xRange == -5...5)
        #expect(viewport.yRange == -4...4)
        #expect(viewport.origin == Point(x: 240, y: 160))
        #expect(viewport.scaleX == 48)
        #expect(viewport.scaleY == 40)
    }

    @Test("Columns and rows convert both ways, y up", arguments: [-5.0, -1.25, 0, 0.3, 4.75])
    func conversions(value: Double) {
        #expect(abs(viewport.x(atColumn: viewport.column(forX: value)) - value) < 1e-12)
        #expect(abs(viewport.y(atRow: viewport.row(forY: value)) - value) < 1e-12)
        #expect(viewport.row(forY: 1) < viewport.row(forY: 0))
    }

    @Test("An origin and one scale give equal scales")
    func equalScales() {
        let square = Viewport(width: 200, height: 100, origin: Point(x: 50, y: 50), scale: 25)
        #expect(square.scaleX == 25 && square.scaleY == 25)
        #expect(square.xRange == -2...6)
        #expect(square.yRange == -2...2)
    }

    @Test("Zoom keeps the graph point under the pixel in place", arguments: [0.5, 2, 3.7])
    func zoom(factor: Double) {
        var zoomed = viewport
        let pixel = Point(x: 100, y: 70)
        zoomed.zoom(by: factor, about: pixel)
        #expect(abs(zoomed.x(atColumn: pixel.x) - viewport.x(atColumn: pixel.x)) < 1e-12)
        #expect(abs(zoomed.y(atRow: pixel.y) - viewport.y(atRow: pixel.y)) < 1e-12)
        #expect(abs(zoomed.scaleX - 48 * factor) < 1e-9)
        #expect(abs(zoomed.scaleY - 40 * factor) < 1e-9)
    }

    @Test("Pan moves the graph with the pixels")
    func pan() {
        var panned = viewport
        panned.pan(by: Point(x: 48, y: -40))
        #expect(panned.xRange == -6...4)
        #expect(panned.yRange == -5...3)
    }

    @Test("Viewports survive JSON")
    func codable() throws {
        let data = try JSONEncoder().encode(viewport)
        #expect(try JSONDecoder().decode(Viewport.self, from: data) == viewport)
    }
}
