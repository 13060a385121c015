import Foundation
import Raster
import TestSupport
import Testing

/// kitty pans by placing one large picture again with a new source rectangle; after a walk of
/// pans, what kitty shows must be what a fresh render of the same view shows.
@Suite("kitty pans by re-placement", .serialized)
struct KittyPanInX11Tests {
    /// Palette slots of the dark theme's picture: each screenshot pixel as the nearest colour's slot.
    static func slots(_ shot: Screenshot, in box: (minX: Int, minY: Int, maxX: Int, maxY: Int)) -> [UInt8] {
        let palette = Theme.dark.palette
        var out = [UInt8]()
        for y in box.minY...box.maxY {
            for x in box.minX...box.maxX {
                let pixel = shot[x, y]
                let nearest = palette.indices.min { a, b in
                    distance(palette[a], pixel) < distance(palette[b], pixel)
                } ?? 0
                out.append(UInt8(nearest))
            }
        }
        return out
    }

    static func distance(_ a: RGB, _ b: RGB) -> Int {
        abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
    }

    @Test("After 10 arrow-key pans the pane shows what a fresh render of the view (the app restarted without its panorama) shows, within one pixel")
    func tenPansEqualAFreshRender() throws {
        let folder = Paths.temporaryFolder()
        let state = folder.appendingPathComponent("state.json").path
        let display = try VirtualDisplay()
        let gcview = "\(Paths.gcview) --state \(state) --theme dark"
        let window = try TerminalWindow(.kitty, on: display, columns: 120, rows: 32,
                                        command: "\(ReadyMarker.command); echo 'press Enter to start'; read -r _; \(gcview); "
                                            + "GCVIEW_KITTY_PANORAMA=0 \(gcview); sleep 600")
        try window.startCalculator()
        try window.type(":sin(x)*x\r")
        try window.type("g")
        var shot = try window.screenshot()
        #expect(try waitUntil { shot = try window.screenshot(); return shot.graphBox.map { $0.minX > shot.width / 3 } ?? false })
        let pane = try #require(shot.graphBox)
        let axisBefore = try #require(shot.axisColumn(in: pane))

        // Ten steps, each a tenth of the pane: right, up, left and down, ending 4 right, inside the
        // panorama's margin. The y labels are back where they began, where one is cut at the bottom edge.
        for key in ["Right", "Right", "Up", "Right", "Down", "Down", "Left", "Right", "Up", "Right"] {
            try window.key(key)
            Thread.sleep(forTimeInterval: 0.15)
        }
        // The last frame is on screen once two screenshots a second apart agree.
        var previous = try window.screenshot()
        _ = try waitUntil {
            Thread.sleep(forTimeInterval: 1)
            shot = try window.screenshot()
            defer { previous = shot }
            return shot.pixels == previous.pixels
        }
        shot.save(as: "kitty-pan-panned")
        let step = (pane.maxX - pane.minX + 1) / 10
        let axisAfter = try #require(shot.axisColumn(in: pane))
        #expect(abs(axisBefore - axisAfter - 4 * step) <= 6, "the y axis moved four steps left: \(axisBefore) → \(axisAfter)")

        // q saves the view and ends gcview; the shell starts it again without the panorama: it
        // renders the view afresh and sends kitty the whole picture.
        let pattern = "^\(gcview)$"
        let first = try run("/usr/bin/pgrep", ["-f", pattern]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!first.isEmpty && !first.contains("\n"), "one gcview runs before q: \(first)")
        try window.type("q")
        var restarted = try window.screenshot()
        let quit = try waitUntil(timeout: 10) {
            let running = try run("/usr/bin/pgrep", ["-f", pattern]).stdout.split(separator: "\n").map(String.init)
            return !running.contains(first) && running.count == 1
        }
        #expect(quit, "q ended the first gcview (pid \(first)) and a second one started")
        Thread.sleep(forTimeInterval: 1)
        _ = try waitUntil {
            restarted = try window.screenshot()
            return restarted.matchShare(with: shot, in: pane) > 0.95
        }
        Thread.sleep(forTimeInterval: 1)
        restarted = try window.screenshot()
        restarted.save(as: "kitty-pan-restarted")

        let panned = Self.slots(shot, in: pane), fresh = Self.slots(restarted, in: pane)
        let comparison = PanComparison(panned, fresh, width: pane.maxX - pane.minX + 1)
        #expect(comparison.agree, "panned vs restarted: \(comparison); see .build/e2e-screenshots/kitty-pan-*.png")
    }
}
