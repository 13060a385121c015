import Foundation
import Raster
import Terminal
import Testing

/// Windows wider than xterm's largest sixel picture (1000x1000), through tmux 3.5a, which pads
/// a picture to whole cells (9x19 here) before xterm sees it: `plot` and the app at 120 and
/// 240 columns show their graph, never a blank band or nothing.
@Suite("Picture limits through tmux 3.5a in xterm", .serialized,
       .needs(EndToEnd.x11 + ["/usr/bin/xterm", SixelTmux.tmux, "/usr/bin/script"]))
struct PictureLimitInTmuxTests {
    static let paper = Theme.dark.background
    static let curve = Theme.dark.curve
    /// The title bar's background.
    static let bar = Theme.dark.grid

    @Test("plot at 120 and 240 columns: a picture at most 1000 px wide appears, and probe says which limit and why",
          arguments: [120, 240])
    func plot(columns: Int) throws {
        let folder = Paths.temporaryFolder()
        let display = try VirtualDisplay(width: 2400, height: 1100)
        let tmux = try SixelTmux(on: display, columns: columns, rows: 30, command: """
            echo 'press Enter to start'; read -r _
            script -qfc '\(Paths.gcview) probe' \(folder.path)/probe.txt; clear
            \(Paths.gcview) plot 'sin(x)*x' --theme dark; echo after-the-graph
            """)
        #expect(try waitUntil(timeout: 30) { try tmux.window.screenshot().brightPixelCount() > 0 }, "the shell's text appears")
        try tmux.window.type("\r")
        var shot = try tmux.window.screenshot()
        func showsGraph() throws -> Bool {
            shot = try tmux.window.screenshot()
            guard let box = shot.bounds(of: Self.paper, tolerance: 3) else { return false }
            return box.maxX - box.minX + 1 > 900
                && shot.count(of: Self.curve, in: box.minY..<(box.maxY + 1), columns: box.minX...box.maxX) > 500
        }
        let appeared = try waitUntil(showsGraph)
        shot.save(as: "tmux-limit-plot-\(columns)")
        #expect(appeared, "the graph appears; see .build/e2e-screenshots/tmux-limit-plot-\(columns).png")
        let box = try #require(shot.bounds(of: Self.paper, tolerance: 3))
        // What xterm took, after tmux padded it: no wider than xterm's 1000 px, and not narrower
        // than the window or 1000 px less a cell.
        #expect(box.maxX - box.minX + 1 <= 1000 && box.maxX - box.minX + 1 >= min(columns * 9, 1000) - 9,
                "the picture is \(box.maxX - box.minX + 1) px wide")
        #expect(shot.hasText(in: box.maxY + 1..<min(box.maxY + 40, shot.height)), "the prompt continues below the graph")
        let probe = (try? String(contentsOf: folder.appendingPathComponent("probe.txt"), encoding: .utf8)) ?? ""
        #expect(probe.contains("largest sixel picture: 999x") && probe.contains("inside tmux")
                && probe.contains("tmux pads a picture to whole cells"), "gcview probe inside tmux: \(probe.suffix(600))")
    }

    @Test("The app at 120 and 240 columns: the picture shows whole under its own title bar, centred on paper when the pane is wider",
          arguments: [120, 240])
    func app(columns: Int) throws {
        let folder = Paths.temporaryFolder()
        let display = try VirtualDisplay(width: 2400, height: 1100)
        let tmux = try SixelTmux.appGraphingSinXTimesX(on: display, columns: columns, rows: 50, stateIn: folder)
        let window = tmux.window
        var shot = try window.screenshot()
        // The title bar's row: its background spans the bar, which spans the picture.
        let barRow = 9
        func curveShows() throws -> Bool {
            shot = try window.screenshot()
            return shot.count(of: Self.curve, in: 40..<shot.height, columns: (shot.width / 3)...(shot.width - 1)) > 1000
        }
        let appeared = try waitUntil(curveShows)
        shot.save(as: "tmux-limit-app-\(columns)")
        #expect(appeared, "the curve appears; see .build/e2e-screenshots/tmux-limit-app-\(columns).png")
        let barColumns = (0..<shot.width).filter { shot[$0, barRow].isClose(to: Self.bar, tolerance: 3) }
        let barLeft = try #require(barColumns.first(where: { $0 > shot.width / 3 })), barRight = try #require(barColumns.last)
        // The graph's side of the split view starts after the calculator's border (the last
        // pixel left of the bar that is not paper, half-way down); the calculator's buttons are
        // in the curve's colour too.
        let sideLeft = try #require((0..<barLeft).last { !shot[$0, shot.height / 2].isClose(to: Self.paper, tolerance: 3) })
        let graphRows = 40..<(shot.height - 40)
        let curveColumns = ((sideLeft + 1)..<shot.width).filter { shot.count(of: Self.curve, in: graphRows, columns: $0...$0) > 0 }
        let curveLeft = try #require(curveColumns.first), curveRight = try #require(curveColumns.last)
        // sin(x)*x crosses the whole picture: the curve spans the title bar, which is at most 1000 px.
        #expect(barRight - barLeft + 1 <= 1000, "the title bar is \(barRight - barLeft + 1) px wide")
        #expect(curveLeft >= barLeft - 1 && curveRight <= barRight + 1 && (curveRight - curveLeft) > (barRight - barLeft) * 9 / 10,
                "the curve spans \(curveLeft)...\(curveRight) under the title bar \(barLeft)...\(barRight)")
        if columns == 240 {
            // The picture and its bar stand in the middle of the graph's side, paper around them.
            let left = barLeft - sideLeft, right = shot.width - 1 - barRight
            #expect(left > 100 && abs(left - right) <= 12, "centred: \(left) px of paper left of the picture, \(right) px right")
            #expect(shot.count(of: Self.paper, in: barRow..<(barRow + 1), columns: (sideLeft + 3)...(barLeft - 3)) >= barLeft - sideLeft - 6,
                    "paper beside the title bar")
        }
    }
}
