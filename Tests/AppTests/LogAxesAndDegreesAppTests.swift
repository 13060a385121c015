@testable import App
import Brain
import Foundation
import Raster
import SizeClass
import Terminal
import Testing

/// The app's `L` (log axes) and DEG/RAD key, driven through the model and the key mapping as a
/// user drives them; expected values from the mathematics.
@Suite("Log axes and degrees in the app")
struct LogAxesAndDegreesAppTests {
    @Test("L cycles linear, log y, log x, log–log and back; a pan cannot reach 0 on a log axis")
    func cycle() throws {
        var model = AppModel.graphing("x^3")
        let layout = ScreenLayout(columns: 100, rows: 30, route: .graph)
        #expect(InputMapping.action(for: .character("L"), model: model, layout: layout) == .cycleAxes)
        var seen = [AxisScales]()
        for _ in 0..<4 {
            model.apply(.cycleAxes, graphPane: Panes.full)
            seen.append(try #require(model.camera).axes)
            let viewport = try #require(model.viewport(in: Panes.full))
            #expect(viewport.xPositionRange.lowerBound < viewport.xPositionRange.upperBound && viewport.xRange.lowerBound < viewport.xRange.upperBound)
            if viewport.xScale == .log { #expect(viewport.xRange.lowerBound > 0) }
            if viewport.yScale == .log { #expect(viewport.yRange.lowerBound > 0) }
        }
        #expect(seen == [AxisScales(x: .linear, y: .log), AxisScales(x: .log, y: .linear), AxisScales(x: .log, y: .log),
                         AxisScales()])
        // Log–log: pan left as far as the keys go; the left edge stays above 0.
        for _ in 0..<3 { model.apply(.cycleAxes, graphPane: Panes.full) }
        for _ in 0..<5000 { model.apply(.step(.left), graphPane: Panes.full) }
        for _ in 0..<40 { model.apply(.zoom(factor: 0.5, about: nil), graphPane: Panes.full) }
        let far = try #require(model.viewport(in: Panes.full))
        #expect(far.xRange.lowerBound >= 0 && far.xPositionRange.lowerBound.isFinite)
    }

    @Test("On log–log a zoom about a point keeps its value there, and a pan by a decade's pixels moves x tenfold")
    func zoomAndPanInLogSpace() throws {
        var model = AppModel.graphing("x")
        for _ in 0..<3 { model.apply(.cycleAxes, graphPane: Panes.full) }
        let before = try #require(model.viewport(in: Panes.full))
        let pixel = Point(x: 321, y: 123)
        let x = before.x(atColumn: pixel.x), y = before.y(atRow: pixel.y)
        model.apply(.zoom(factor: 2, about: pixel), graphPane: Panes.full)
        let zoomed = try #require(model.viewport(in: Panes.full))
        #expect(abs(zoomed.x(atColumn: pixel.x) / x - 1) < 1e-9 && abs(zoomed.y(atRow: pixel.y) / y - 1) < 1e-9)
        let decade = zoomed.scaleX
        model.apply(.pan(dx: decade, dy: 0), graphPane: Panes.full)
        let panned = try #require(model.viewport(in: Panes.full))
        #expect(abs(panned.x(atColumn: pixel.x) * 10 / x - 1) < 1e-9, "the point under the pixel is a decade lower")
    }

    @Test("The state file keeps the axes and the angle mode; an older file loads linear, in radians")
    func saved() throws {
        var model = AppModel.graphing("sin(x)")
        model.apply(.press("DEG"), graphPane: Panes.full)
        for _ in 0..<2 { model.apply(.cycleAxes, graphPane: Panes.full) }
        let saved = model.savedState(pane: Panes.full, theme: nil)
        let decoded = try JSONDecoder().decode(SavedState.self, from: JSONEncoder().encode(saved))
        let restored = AppModel(restoring: decoded, pane: Panes.full)
        #expect(restored.keypad.angleMode == .degrees)
        #expect(restored.camera?.axes == AxisScales(x: .log, y: .linear))
        #expect(restored.graphed?.function(30) == 0.5)
        let old = #"{"version":1,"calculator":{"program":{"steps":[]}},"history":[],"graph":{"program":{"steps":["M","sin"]},"scaleX":50,"scaleY":50,"originFromCentreX":0,"originFromCentreY":0}}"#
        let older = AppModel(restoring: try JSONDecoder().decode(SavedState.self, from: Data(old.utf8)), pane: Panes.full)
        #expect(older.keypad.angleMode == .radians && older.camera?.axes == AxisScales())
        #expect(older.graphed?.function(30) == sin(30))
    }

    @Test("The DEG/RAD key shows the mode at the display's left, toggles it on a click or D, and the graph follows")
    func degreesKey() throws {
        var model = AppModel.graphing("sin(x)")
        #expect(model.graphed?.function(90) == sin(90))
        let layout = ScreenLayout(columns: 120, rows: 32, route: .calculator)
        let calculator = try #require(layout.calculator)
        let key = try #require(CalculatorView.buttons(in: calculator, layout: layout).first { $0.label == "DEG" })
        #expect(key.rect.row == calculator.row + 1)
        #expect(InputMapping.action(for: .character("D"), model: model, layout: layout) == .press("DEG"))
        model.apply(.press("DEG"), graphPane: Panes.full)
        #expect(model.keypad.angleMode == .degrees)
        #expect(model.graphed?.function(90) == 1, "the curve on the graph reads degrees now")
        model.apply(.press("DEG"), graphPane: Panes.full)
        #expect(model.graphed?.function(90) == sin(90))
    }
}
