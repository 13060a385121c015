import Foundation
@testable import App
import Raster
import Testing

/// Issue 22, item 6: `T` opens a table of values over the graph in steps of the x ticks, each y
/// from the curve's closed form; it scrolls, and its row follows the trace.
@Suite("Table of values in the app")
struct ValueTableOverlayTests {
    static let layout = ScreenLayout(columns: 100, rows: 30, route: .graph)

    @Test("T lists x in tick steps with sin(x) and x/2 beside them; ↓ scrolls; the traced x's row is highlighted; Esc closes")
    func table() throws {
        var model = AppModel.graphing("sin(x)", in: Panes.full)
        model.add(expression: "x/2")
        model.apply(.toggleTable, graphPane: Panes.full)
        let shown = try #require(ListBox.overlay(of: model, in: Self.layout))
        #expect(shown.lines.first?.hasPrefix("x") == true && shown.lines.first?.contains("y2") == true)
        let rows = shown.lines.dropFirst().map { $0.split(separator: " ").map(String.init) }
        #expect(rows.count > 5)
        let xs = rows.compactMap { Double($0[0]) }
        let step = xs[1] - xs[0]
        #expect([1.0, 2, 5, 0.5, 0.2, 10].contains(step), "a tick step: \(step)")
        for row in rows {
            let x = try #require(Double(row[0]))
            #expect(abs(try #require(Double(row[1])) - sin(x)) < 5e-6, "sin(\(x))")
            #expect(abs(try #require(Double(row[2])) - x / 2) < 5e-6, "\(x)/2")
        }
        let first = shown.list.firstLine
        model.apply(.scrollTable(toRow: 3), graphPane: Panes.full)
        #expect(try #require(ListBox.overlay(of: model, in: Self.layout)).list.firstLine != first || first == 3)
        model.apply(.dismiss, graphPane: Panes.full)
        model.apply(.trace(.start), graphPane: Panes.full)
        model.apply(.toggleTable, graphPane: Panes.full)
        let traced = try #require(ListBox.overlay(of: model, in: Self.layout))
        let highlighted = try #require(traced.highlighted)
        #expect(traced.lines[highlighted].hasPrefix("0 "), "the row of x = 0, where the trace is: \(traced.lines[highlighted])")
        model.apply(.dismiss, graphPane: Panes.full)
        #expect(model.overlay == nil)
    }
}
