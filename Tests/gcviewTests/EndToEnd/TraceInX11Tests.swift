import Foundation
import Raster
import TestSupport
import Testing

/// Issue 22: the trace in real terminals. The readout box and the tangent appear in the picture,
/// the view stays where it was, and Esc takes them away again.
@Suite("Trace in real terminals", .serialized, .needs(EndToEnd.x11 + ["/usr/bin/xterm", "/usr/bin/kitty"]))
struct TraceInX11Tests {
    @Test("t, ] ], ' on sin(x)·x: a readout box and the tangent at π; Esc takes them away", arguments: [TerminalWindow.Kind.xterm, .kitty])
    func traceShowsAndGoes(_ kind: TerminalWindow.Kind) throws {
        let state = Paths.temporaryFolder().appendingPathComponent("state.json").path
        let display = try VirtualDisplay()
        let window = try TerminalWindow(kind, on: display, columns: 120, rows: 32,
                                        command: "\(ReadyMarker.command); read -r _; \(Paths.gcview) --state \(state) --theme dark; sleep 600")
        let name = "trace-\(kind.rawValue)"
        try window.startCalculator()
        try window.type(":sin(x)*x\r")
        try window.type("g")
        var shot = try window.screenshot()
        #expect(try waitUntil(timeout: 60) { shot = try window.screenshot(); return shot.graphBox.map { $0.minX > shot.width / 3 } ?? false })
        Thread.sleep(forTimeInterval: 1.5)
        shot = try window.screenshot()
        let pane = try #require(shot.graphBox)
        let rows = pane.minY..<(pane.maxY + 1), columns = pane.minX...pane.maxX
        let axis = try #require(shot.axisColumn(in: pane))
        // Anti-aliased ink too: pixels nearer the curve's colour than the paper's (the tangent is half as wide).
        func curveInk(_ shot: Screenshot) -> Int {
            let curve = Theme.dark.curveColor(0), paper = Theme.dark.background
            var count = 0
            for y in rows where y < shot.height {
                for x in columns where x < shot.width && shot[x, y].isInk(curve, over: paper) { count += 1 }
            }
            return count
        }
        func boxInk(_ shot: Screenshot) -> Int { shot.count(of: Theme.dark.axis, in: rows, columns: columns) }
        let quietCurve = curveInk(shot), quietBox = boxInk(shot)

        for key in ["t", "]", "]", "'"] {
            try window.type(key)
            Thread.sleep(forTimeInterval: 0.4)
        }
        let traced = try waitUntil(timeout: 20) {
            shot = try window.screenshot()
            return curveInk(shot) > quietCurve + 100 && boxInk(shot) > quietBox + 150
        }
        shot.save(as: "\(name)-tangent")
        #expect(traced, "the tangent (\(quietCurve) → \(curveInk(shot)) curve pixels) and the readout box (\(quietBox) → \(boxInk(shot)) border pixels) appear; see .build/e2e-screenshots/\(name)-tangent.png")
        #expect(shot.axisColumn(in: pane) == axis, "the view did not move: π is in view")

        try window.key("Escape")
        let ended = try waitUntil(timeout: 20) {
            shot = try window.screenshot()
            return abs(curveInk(shot) - quietCurve) < 40 && abs(boxInk(shot) - quietBox) < 40
        }
        shot.save(as: "\(name)-ended")
        #expect(ended, "Esc takes them away (\(curveInk(shot)) curve, \(boxInk(shot)) border pixels)")
    }
}
