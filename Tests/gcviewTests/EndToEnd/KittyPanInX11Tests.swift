import Foundation
import Raster
import TestSupport
import Testing

/// kitty pans by placing one large picture again with a new source rectangle; after a walk of
/// pans, what kitty shows must be what a fresh render of the same view shows.
@Suite("kitty pans by re-placement", .serialized, .needs(EndToEnd.x11 + ["/usr/bin/kitty"]))
struct KittyPanInX11Tests {
    /// A kitty window running gcview twice: first as a user would, then (after q) without the
    /// panorama, so the second draws the saved view afresh as a whole picture.
    struct TwoRuns {
        let window: TerminalWindow
        let gcview: String
        let display: VirtualDisplay

        init() throws {
            let state = Paths.temporaryFolder().appendingPathComponent("state.json").path
            display = try VirtualDisplay()
            gcview = "\(Paths.gcview) --state \(state) --theme dark"
            window = try TerminalWindow(.kitty, on: display, columns: 120, rows: 32,
                                        command: "\(ReadyMarker.command); echo 'press Enter to start'; read -r _; \(gcview); "
                                            + "GCVIEW_KITTY_PANORAMA=0 \(gcview); sleep 600")
            try window.startCalculator()
        }

        /// The screenshot once the last frame is on screen: two a second apart agree.
        func settledScreenshot() throws -> Screenshot {
            var previous = try window.screenshot(), shot = previous
            _ = try waitUntil {
                Thread.sleep(forTimeInterval: 1)
                shot = try window.screenshot()
                defer { previous = shot }
                return shot.pixels == previous.pixels
            }
            return shot
        }

        /// Types q (which saves the view), waits for the second gcview to show it, and compares its
        /// pane with `panned` slot by slot in `palette`.
        func compareWithFreshRender(of panned: Screenshot, in pane: (minX: Int, minY: Int, maxX: Int, maxY: Int),
                                    palette: [RGB], name: String) throws {
            try window.quitAndAwaitSecondRun(of: gcview)
            Thread.sleep(forTimeInterval: 1)
            var restarted = try window.screenshot()
            _ = try waitUntil {
                restarted = try window.screenshot()
                return restarted.matchShare(with: panned, in: pane) > 0.95
            }
            restarted = try settledScreenshot()
            restarted.save(as: "\(name)-restarted")
            let comparison = PanComparison(KittyPanInX11Tests.slots(panned, in: pane, palette: palette),
                                           KittyPanInX11Tests.slots(restarted, in: pane, palette: palette),
                                           width: pane.maxX - pane.minX + 1)
            #expect(comparison.agree, "panned vs restarted: \(comparison); see .build/e2e-screenshots/\(name)-*.png")
        }
    }

    /// Palette slots of a screenshot: each pixel as the nearest colour's slot of `palette`.
    static func slots(_ shot: Screenshot, in box: (minX: Int, minY: Int, maxX: Int, maxY: Int), palette: [RGB]) -> [UInt8] {
        var out = [UInt8]()
        for y in box.minY...box.maxY {
            for x in box.minX...box.maxX {
                let pixel = shot[x, y]
                let nearest = palette.indices.min { a, b in
                    palette[a].distance(to: pixel) < palette[b].distance(to: pixel)
                } ?? 0
                out.append(UInt8(nearest))
            }
        }
        return out
    }


    /// The graph pane once sin(x)*x is graphed beside the calculator.
    static func graphPane(in runs: TwoRuns) throws -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
        try runs.window.type(":sin(x)*x\r")
        try runs.window.type("g")
        var shot = try runs.window.screenshot()
        // Software-rendered kitty can be slow to show it while other suites run beside this one.
        let shown = try waitUntil(timeout: 60) {
            shot = try runs.window.screenshot()
            return shot.graphBox.map { $0.minX > shot.width / 3 } ?? false
        }
        if !shown { shot.save(as: "kitty-pan-no-graph-pane") }
        #expect(shown, "the graph pane beside the calculator; what kitty showed: .build/e2e-screenshots/kitty-pan-no-graph-pane.png")
        return try #require(shot.graphBox)
    }

    @Test("After 10 arrow-key pans the pane shows what a fresh render of the view (the app restarted without its panorama) shows, within one pixel")
    func tenPansEqualAFreshRender() throws {
        let runs = try TwoRuns()
        let pane = try Self.graphPane(in: runs)
        let axisBefore = try #require(try runs.window.screenshot().axisColumn(in: pane))

        // Ten steps, each a tenth of the pane: right, up, left and down, ending 4 right, inside the
        // panorama's margin. The y labels are back where they began, where one is cut at the bottom edge.
        for key in ["Right", "Right", "Up", "Right", "Down", "Down", "Left", "Right", "Up", "Right"] {
            try runs.window.key(key)
            Thread.sleep(forTimeInterval: 0.15)
        }
        let shot = try runs.settledScreenshot()
        shot.save(as: "kitty-pan-panned")
        let step = (pane.maxX - pane.minX + 1) / 10
        let axisAfter = try #require(shot.axisColumn(in: pane))
        #expect(abs(axisBefore - axisAfter - 4 * step) <= 6, "the y axis moved four steps left: \(axisBefore) → \(axisAfter)")
        try runs.compareWithFreshRender(of: shot, in: pane, palette: Theme.dark.palette, name: "kitty-pan")
    }

    @Test("Two curves panned until the x axis leaves the pane: the pinned x labels and the legend, in layers of their own, show what a fresh render shows, within one pixel")
    func pinnedLabelsAndLegendEqualAFreshRender() throws {
        let runs = try TwoRuns()
        let pane = try Self.graphPane(in: runs)
        // sin(x)*x is graphed, so `a` opens the add line: Enter adds cos(x) in the second colour.
        try runs.window.type("acos(x)\r")
        Thread.sleep(forTimeInterval: 0.5)
        // Seven steps up take the x axis below the pane: its labels pinned to the bottom edge,
        // over the curves; then sideways along them, and up once more.
        for key in ["Up", "Up", "Up", "Up", "Up", "Up", "Up", "Right", "Right", "Left", "Up", "Left", "Left"] {
            try runs.window.key(key)
            Thread.sleep(forTimeInterval: 0.15)
        }
        let shot = try runs.settledScreenshot()
        shot.save(as: "kitty-pinned-panned")
        #expect(shot.axisColumn(in: pane) != nil, "the y axis is still in view")
        let palette = Theme.dark.palette(for: PaletteLayout(curves: 2, paletteLimit: nil))
        try runs.compareWithFreshRender(of: shot, in: pane, palette: palette, name: "kitty-pinned")
    }
}
