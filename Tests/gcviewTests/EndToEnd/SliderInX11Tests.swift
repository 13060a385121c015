import Foundation
import Raster
import TestSupport
import Testing

/// Issue 23, item 3, in real terminals: a slider moved with the keyboard redraws the curve, and
/// the screenshot's curve is the true one for the new value.
@Suite("Sliders in real terminals", .serialized, .needs(EndToEnd.x11 + ["/usr/bin/xterm", "/usr/bin/kitty"]))
struct SliderInX11Tests {
    /// Pixels per unit on both axes: the scale the state file gives the graph.
    static let scale = 40.0

    @Test("Tab Tab Shift+→ on a sin(x): the slider reads a = 3 and the curve on screen is 3 sin(x), no longer sin(x)",
          arguments: [TerminalWindow.Kind.xterm, .kitty])
    func sliderMovesTheCurve(_ kind: TerminalWindow.Kind) throws {
        let folder = Paths.temporaryFolder()
        let state = folder.appendingPathComponent("state.json").path
        // A graph of x at 40 pixels a unit with the origin in the middle: the scale the truth below uses.
        let saved = #"{"version":1,"calculator":{"program":{"steps":["M"]}},"history":[],"theme":"dark","graph":"#
            + #"{"program":{"steps":["M"]},"scaleX":40,"scaleY":40,"originFromCentreX":0,"originFromCentreY":0}}"#
        try Data(saved.utf8).write(to: URL(fileURLWithPath: state))
        let display = try VirtualDisplay()
        let window = try TerminalWindow(kind, on: display, columns: 120, rows: 32,
                                        command: "\(ReadyMarker.command); read -r _; \(Paths.gcview) --state \(state) --theme dark; sleep 600")
        let name = "slider-\(kind.rawValue)"
        try window.startCalculator()
        try window.type(":a sin(x)\r")
        var shot = try window.screenshot()
        #expect(try waitUntil(timeout: 60) { shot = try window.screenshot(); return shot.graphBox.map { $0.minX > shot.width / 3 } ?? false })
        Thread.sleep(forTimeInterval: 1.5)

        try window.key("Tab")
        try window.key("Tab")
        try window.key("shift+Right")
        Thread.sleep(forTimeInterval: 0.5)
        var agreement = (new: 0.0, old: 0.0)
        let moved = try waitUntil(timeout: 20) {
            shot = try window.screenshot()
            agreement = (Self.agreement(shot) { 3 * sin($0) }, Self.agreement(shot) { sin($0) })
            return agreement.new > 0.95 && agreement.old < 0.5
        }
        shot.save(as: "\(name)-a3")
        let seen = "the curve on screen is 3 sin(x) (\(agreement.new) of columns) and not sin(x) (\(agreement.old)); "
            + "see .build/e2e-screenshots/\(name)-a3.png"
        #expect(moved, "\(seen)")
        try window.type("q")
        // Saved on the way out: a = 3 on −10…10.
        func savedSlider() -> [String: Double]? {
            guard let graph = StateFile.object(at: state)?["graph"] as? [String: Any],
                  let parameters = graph["parameters"] as? [String: Any]
            else { return nil }
            return parameters["a"] as? [String: Double]
        }
        let sliderSaved = waitUntil(timeout: 10) { savedSlider() == ["value": 3, "lower": -10, "upper": 10] }
        #expect(sliderSaved, "the slider is saved: \(savedSlider() ?? [:])")
    }

    /// The share of columns of the graph (the true curve in view and not steep) with curve ink within
    /// 3 pixels of `truth`, the axes found on screen and the scale the state file set.
    static func agreement(_ shot: Screenshot, _ truth: (Double) -> Double) -> Double {
        guard let box = shot.graphBox, let axisX = shot.axisColumn(in: box), let axisY = axisRow(shot, in: box) else { return 0 }
        let ink = Theme.dark.curveColor(0), paper = Theme.dark.background
        var checked = 0, agreeing = 0
        for column in stride(from: box.minX + 10, to: box.maxX - 10, by: 3) where abs(column - axisX) > 3 {
            let x = (Double(column) + 0.5 - Double(axisX) - 0.5) / scale
            let row = Double(axisY) + 0.5 - truth(x) * scale, before = Double(axisY) + 0.5 - truth(x - 1 / scale) * scale
            guard row > Double(box.minY + 30), row < Double(box.maxY - 10), abs(row - before) < 2 else { continue }
            checked += 1
            if (Int(row) - 3...Int(row) + 3).contains(where: { shot[column, $0].isInk(ink, over: paper) }) { agreeing += 1 }
        }
        return checked < 20 ? 0 : Double(agreeing) / Double(checked)
    }

    /// The row inside `box` holding the most axis-coloured pixels: the x axis.
    static func axisRow(_ shot: Screenshot, in box: (minX: Int, minY: Int, maxX: Int, maxY: Int)) -> Int? {
        var best: (row: Int, count: Int)?
        for y in (box.minY + 8)...(box.maxY - 8) where y < shot.height {
            var count = 0
            for x in box.minX...box.maxX where x < shot.width && shot[x, y].isClose(to: Theme.dark.axis, tolerance: 6) { count += 1 }
            if count > (best?.count ?? (box.maxX - box.minX) / 2) { best = (y, count) }
        }
        return best?.row
    }
}
