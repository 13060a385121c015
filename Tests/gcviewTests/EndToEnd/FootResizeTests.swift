import Foundation
import Raster
import Testing

/// Issue 49, item 4: foot started at 120x40 cells and widened under sway kept the graph at its
/// start's size (a 1080x720 picture in the middle of a wider pane); started wide, it filled the
/// pane. foot says each new size (TIOCGWINSZ, CSI 14 t, 16 t); the largest sixel picture was cut to
/// the start's text area and never made again outside tmux.
@Suite("foot: the graph grows with the window", .serialized, .needs(EndToEnd.wayland))
struct FootResizeTests {
    /// The columns from `left` on, from the first to the last with the dark theme's curve colour in
    /// them (the calculator's keys left of the graph have it too).
    static func curveColumns(_ shot: Screenshot, from left: Int) -> ClosedRange<Int>? {
        let columns = (left..<shot.width).filter { shot.count(of: Theme.dark.curve, in: 0..<shot.height, columns: $0...$0) > 0 }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    @Test("Started at 120x40 and widened to 1800x1000 px, the graph fills the wider pane")
    func widened() throws {
        let folder = try Paths.sharedTemporaryFolder()
        let state = folder.appendingPathComponent("state.json").path
        let window = try FootWindow(on: HeadlessSway(), columns: 120, rows: 40, command: """
            \(ReadyMarker.command); read -r _; \(Paths.gcview) --state \(state) --theme dark; sleep 600
            """)
        var shot = try window.screenshot()
        #expect(try waitUntil(timeout: 30) { shot = try window.screenshot(); return shot.showsReadyMarker })
        try window.type("\r")
        Thread.sleep(forTimeInterval: 1)
        try window.type(":sin(x)\r")
        #expect(try waitUntil { shot = try window.screenshot(); return shot.graphBox.map { $0.minX > shot.width / 3 } ?? false })
        shot.save(as: "foot-resize-before")
        let before = try #require(shot.graphBox, "a graph before; see foot-resize-before.png")
        #expect(Self.curveColumns(shot, from: before.minX).map { $0.upperBound >= shot.width - 12 } == true,
                "the curve reaches the right edge at the start")

        try window.resize(width: 1800, height: 1000)
        // The pane's paper fills the wider pane either way: the curve shows how wide the picture is.
        var span: ClosedRange<Int>?
        let grown = try waitUntil(timeout: 20) {
            shot = try window.screenshot()
            guard shot.width > 1700, let box = shot.graphBox else { return false }
            span = Self.curveColumns(shot, from: box.minX)
            return span.map { $0.lowerBound <= box.minX + 12 && $0.upperBound >= shot.width - 12 } ?? false
        }
        shot.save(as: "foot-resize-after")
        let seen = "the curve spans columns \(String(describing: span)) of the \(shot.width) px window, "
            + "\(String(describing: shot.graphBox)) the pane; see foot-resize-after.png"
        #expect(grown, "\(seen)")
        try window.type("q")
    }
}
