@testable import App
import Brain
import Foundation
import Raster
import Terminal
import Testing

/// Curves of every kind in the app: typed on the `:` and `a` lines, drawn in the picture with a
/// legend, kept by the state file and the history, and named as drawn only by the trace and popover.
@Suite("Curves of every kind in the app")
struct CurveKindsAppTests {
    @Test("':' graphs a circle, 'a' adds a region and a polar curve; the keypad keeps its program")
    func typedKinds() throws {
        var model = AppModel()
        model.press("7")
        model.type(expression: "x^2 + y^2 = 9", pane: Panes.full)
        #expect(model.graphed?.relation.kindName == "implicit curve")
        #expect(model.keypad.display == "7", "a curve that is not y(x) leaves the keypad alone")
        model.add(expression: "y < sin(x)")
        model.add(expression: "r = cos(3θ)")
        #expect(model.curves.map(\.relation.kindName) == ["implicit curve", "inequality", "polar curve"])
        #expect(model.curves[1].equation == "y < sin(x)")
        model.add(expression: "y < sin(x)")
        #expect(model.curves.count == 3)
        #expect(model.notice?.hasPrefix("Already on the graph") == true)
        model.type(expression: "x^2 + = 9", pane: Panes.full)
        #expect(model.expressionLine?.error != nil)
    }

    @Test("The picture draws the circle of radius 3 where it is, and lists every kind in the legend")
    func pictureOfKinds() throws {
        let (controller, captured) = SeveralCurvesAppTests.capturingController(.kitty)
        SeveralCurvesAppTests.type(":x^2 + y^2 = 9", into: controller)
        SeveralCurvesAppTests.type("ay < sin(x)", into: controller)
        SeveralCurvesAppTests.type("a(cos(t), sin(t))", into: controller)
        _ = controller.frame()
        let image = try #require(captured.images.last)
        let layout = try #require(image.layout)
        #expect(layout.curveCount == 3)
        #expect(image.texts.filter { $0.role == .legend }.count == 3)
        let pane = try #require(controller.model.lastGraphPane)
        let viewport = try #require(controller.model.viewport(in: pane))
        // Every pixel of the circle's full ink lies within 2 px of the circle of radius 3.
        let scale = Double(image.width) / Double(pane.width)
        var inked = 0
        for row in 0..<image.height {
            // The legend's stroke of the curve's colour lies in the title band, top left.
            for column in 0..<image.width where image.pixels[row * image.width + column] == layout.fullInk(ofCurve: 0)
                && !(row < Int(40 * scale) && column < Int(400 * scale)) {
                let x = viewport.x(atColumn: (Double(column) + 0.5) / scale), y = viewport.y(atRow: (Double(row) + 0.5) / scale)
                let pixels = abs((x * x + y * y).squareRoot() - 3) * viewport.scaleX
                #expect(pixels < 2.5, "ink at (\(x), \(y))")
                inked += 1
                if pixels >= 2.5 { return }
            }
        }
        #expect(inked > 100)
    }

    @Test("The state file and the history keep each kind; old files load as y(x)")
    func savedKinds() throws {
        var model = AppModel()
        model.type(expression: "sin(x)", pane: Panes.full)
        model.add(expression: "x = y^2")
        model.add(expression: "(cos(t), sin(2t))")
        let saved = model.savedState(pane: Panes.full, theme: nil)
        let data = try JSONEncoder().encode(saved)
        let loaded = try JSONDecoder().decode(SavedState.self, from: data)
        let restored = AppModel(restoring: loaded, pane: Panes.full)
        #expect(restored.curves.map(\.relation) == model.curves.map(\.relation))
        #expect(restored.history.entries.first?.curves == model.curves.map(\.relation))
        // A damaged relation is dropped, the rest still load.
        var text = String(decoding: data, as: UTF8.self)
        text = text.replacingOccurrences(of: #""kind":"inverse""#, with: #""kind":"spiral""#)
        let damaged = try JSONDecoder().decode(SavedState.self, from: Data(text.utf8))
        let partly = AppModel(restoring: damaged, pane: Panes.full)
        #expect(partly.curves.map(\.relation.kindName) == ["function", "parametric curve"])
    }

    @Test("The trace follows the y(x) curves only; the popover names the others as drawn only")
    func traceAndPopover() throws {
        var model = AppModel()
        model.type(expression: "x^2 + y^2 = 9", pane: Panes.full)
        model.apply(.trace(.start), graphPane: Panes.full)
        #expect(model.trace == nil)
        #expect(model.notice?.contains("y(x)") == true)
        model.add(expression: "sin(x)")
        model.add(expression: "y > x")
        model.apply(.trace(.start), graphPane: Panes.full)
        #expect(model.trace?.curve == 1)
        model.apply(.trace(.switchCurve(1)), graphPane: Panes.full)
        #expect(model.trace?.curve == 1, "the only y(x) curve")
        let viewport = try #require(model.viewport(in: Panes.full))
        let lines = PopoverContent.lines(for: CurveStatistics.measure(model.curves, in: viewport))
        #expect(lines.contains("  an inequality: drawn, not measured"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  max y = 1") })
    }
}
