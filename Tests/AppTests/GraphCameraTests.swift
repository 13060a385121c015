@testable import App
import Brain
import Raster
import Testing

/// Panning, zooming, moving the origin, fitting and resizing the graph.
@Suite("Graph camera: pan, zoom, origin, fit and resize")
struct GraphCameraTests {
    @Test("A step pans by a tenth of the pane", arguments: [
        (StepDirection.left, 1.0, 0.0), (.right, -1.0, 0.0), (.up, 0.0, 1.0), (.down, 0.0, -1.0),
    ])
    func step(direction: StepDirection, signX: Double, signY: Double) throws {
        for pane in [Panes.full, Panes.split, Panes.small] {
            var model = AppModel.graphing("x", in: pane)
            let before = try #require(model.viewport(in: pane)).origin
            model.apply(.step(direction), graphPane: pane)
            let after = try #require(model.viewport(in: pane)).origin
            #expect(after.x - before.x == signX * Double(pane.width) / 10)
            #expect(after.y - before.y == signY * Double(pane.height) / 10)
        }
    }

    @Test("A hundred steps move exactly a hundred steps' worth", arguments: [StepDirection.left, .right, .up, .down])
    func hundredSteps(direction: StepDirection) throws {
        let pane = Panes.small  // 32 and 20 pixel steps are exact in binary
        var model = AppModel.graphing("x", in: pane)
        for _ in 0..<100 { model.apply(.step(direction), graphPane: pane) }
        let camera = try #require(model.camera)
        switch direction {
        case .left: #expect(camera.offsetX == 3200 && camera.offsetY == 0)
        case .right: #expect(camera.offsetX == -3200 && camera.offsetY == 0)
        case .up: #expect(camera.offsetX == 0 && camera.offsetY == 2000)
        case .down: #expect(camera.offsetX == 0 && camera.offsetY == -2000)
        }
    }

    @Test("Steps and pans without a pane or a graph do nothing")
    func noPane() {
        var model = AppModel()
        model.apply(.step(.left), graphPane: Panes.full)
        model.apply(.pan(dx: 5, dy: 5), graphPane: Panes.full)
        #expect(model.camera == nil)
        model = .graphing("x")
        let camera = model.camera
        model.apply(.step(.left), graphPane: nil)
        model.apply(.zoom(factor: 2, about: nil), graphPane: nil)
        #expect(model.camera == camera)
    }

    @Test("Zooming keeps the graph point under the pointer where it is", arguments: [
        (2.0 as Double, Point(x: 100, y: 80)), (0.5, Point(x: 900, y: 500)), (1.25, Point(x: 0, y: 0)),
        (10 as Double, Point(x: 333.5, y: 17.25)), (0.1, Point(x: 500, y: 280)),
    ])
    func zoomAbout(factor: Double, pixel: Point) throws {
        let pane = Panes.full
        var model = AppModel.graphing("x^2", in: pane)
        model.apply(.pan(dx: 37, dy: -12), graphPane: pane)
        let before = try #require(model.viewport(in: pane))
        model.apply(.zoom(factor: factor, about: pixel), graphPane: pane)
        let after = try #require(model.viewport(in: pane))
        #expect(isClose(after.x(atColumn: pixel.x), before.x(atColumn: pixel.x), tolerance: 1e-12))
        #expect(isClose(after.y(atRow: pixel.y), before.y(atRow: pixel.y), tolerance: 1e-12))
        #expect(isClose(after.scaleX, before.scaleX * factor))
        #expect(isClose(after.scaleY, before.scaleY * factor))
    }

    @Test("Zooming with no point keeps the centre fixed")
    func zoomAboutCentre() throws {
        let pane = Panes.split
        var model = AppModel.graphing("x", in: pane)
        model.apply(.pan(dx: 40, dy: 30), graphPane: pane)
        let before = try #require(model.viewport(in: pane))
        model.apply(.zoom(factor: 3, about: nil), graphPane: pane)
        let after = try #require(model.viewport(in: pane))
        #expect(isClose(after.x(atColumn: 250), before.x(atColumn: 250)))
        #expect(isClose(after.y(atRow: 280), before.y(atRow: 280)))
    }

    @Test("Zoom stops at its limits and ignores factors that are not positive and finite", arguments: [
        0.0, -2, .nan, .infinity, 1e300, 1e-300,
    ])
    func zoomLimits(factor: Double) throws {
        var model = AppModel.graphing("x")
        for _ in 0..<3 { model.apply(.zoom(factor: factor, about: Point(x: 10, y: 10)), graphPane: Panes.full) }
        let camera = try #require(model.camera)
        #expect(camera.isSane)
    }

    @Test("Pans that are not finite are ignored", arguments: [Double.nan, .infinity, -.infinity])
    func badPan(amount: Double) throws {
        var model = AppModel.graphing("x")
        model.apply(.pan(dx: amount, dy: 1), graphPane: Panes.full)
        model.apply(.pan(dx: 1, dy: amount), graphPane: Panes.full)
        model.apply(.moveOrigin(to: Point(x: amount, y: 3)), graphPane: Panes.full)
        #expect(try #require(model.camera).isSane)
    }

    @Test("Double-click moves the origin there; 0 puts it back in the centre", arguments: [
        Point(x: 10, y: 20), Point(x: 999, y: 559), Point(x: 500, y: 280),
    ])
    func moveAndCentreOrigin(pixel: Point) throws {
        let pane = Panes.full
        var model = AppModel.graphing("x", in: pane)
        model.apply(.moveOrigin(to: pixel), graphPane: pane)
        #expect(try #require(model.viewport(in: pane)).origin == pixel)
        model.apply(.centreOrigin, graphPane: pane)
        #expect(try #require(model.viewport(in: pane)).origin == Point(x: 500, y: 280))
    }

    @Test("Fit shows sin(x) from about −1.1 to 1.1 and leaves x alone", arguments: [0.0, 300, -450])
    func fit(panX: Double) throws {
        let pane = Panes.full
        var model = AppModel.graphing("sin(x)", in: pane)
        model.apply(.zoom(factor: 0.25, about: nil), graphPane: pane)
        model.apply(.pan(dx: panX, dy: 77), graphPane: pane)
        let before = try #require(model.viewport(in: pane))
        model.apply(.fit, graphPane: pane)
        let after = try #require(model.viewport(in: pane))
        #expect(after.xRange == before.xRange)
        #expect(abs(after.yRange.lowerBound + 1.1) < 0.01)
        #expect(abs(after.yRange.upperBound - 1.1) < 0.01)
    }

    @Test("Fit keeps the camera within its limits for extreme curves", arguments: [
        "x * 1e300", "1e-200 * x + 3", "tan(x)", "1e300", "sqrt(-1 - x^2)",
    ])
    func fitExtremes(expression: String) throws {
        var model = AppModel.graphing(expression)
        model.apply(.fit, graphPane: Panes.full)
        #expect(try #require(model.camera).isSane)
    }

    @Test("Fit without a graph or a pane does nothing")
    func fitWithout() {
        var model = AppModel()
        model.apply(.fit, graphPane: Panes.full)
        #expect(model.camera == nil)
        model = .graphing("sin(x)")
        let camera = model.camera
        model.apply(.fit, graphPane: nil)
        #expect(model.camera == camera)
    }

    @Test("Resizing keeps the origin where it was relative to the pane's centre", arguments: [
        (Panes.full, Panes.split), (Panes.split, Panes.full), (Panes.full, Panes.small),
    ])
    func resize(from: AppModel.PaneSize, to: AppModel.PaneSize) throws {
        var model = AppModel.graphing("x", in: from)
        model.apply(.moveOrigin(to: Point(x: Double(from.width) / 2 + 40, y: Double(from.height) / 2 - 25)),
                    graphPane: from)
        model.apply(.toggleFocus, graphPane: to)  // any action with the new size
        let viewport = try #require(model.viewport(in: to))
        #expect(viewport.origin == Point(x: Double(to.width) / 2 + 40, y: Double(to.height) / 2 - 25))
        // The point in the middle stays in the middle.
        let centreBefore = try #require(model.viewport(in: from)).x(atColumn: Double(from.width) / 2)
        #expect(viewport.x(atColumn: Double(to.width) / 2) == centreBefore)
    }

    @Test("A camera survives switching between split and full screen")
    func splitAndFull() throws {
        var model = AppModel.graphing("sin(x)", in: Panes.split)
        model.apply(.zoom(factor: 2, about: Point(x: 100, y: 100)), graphPane: Panes.split)
        model.apply(.step(.left), graphPane: Panes.split)
        model.apply(.fit, graphPane: Panes.split)
        let camera = model.camera
        let splitView = try #require(model.viewport(in: Panes.split))
        for _ in 0..<5 {
            model.apply(.toggleFocus, graphPane: Panes.full)
            model.apply(.toggleFocus, graphPane: Panes.split)
        }
        #expect(model.camera == camera)
        #expect(model.viewport(in: Panes.split) == splitView)
    }

    @Test("Graphing again keeps the camera")
    func regraphKeepsCamera() {
        var model = AppModel.graphing("x")
        model.apply(.zoom(factor: 2, about: nil), graphPane: Panes.full)
        let camera = model.camera
        model.type(expression: "cos(x)", pane: Panes.full)
        model.apply(.graph, graphPane: Panes.full)
        #expect(model.camera == camera)
    }
}
