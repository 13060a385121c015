import Foundation
import Raster
import Testing

/// gcview run where `TMUX` does not reach it (over ssh from inside tmux, `env -u TMUX`): tmux is known
/// by its XTVERSION, and sixel needs the terminal outside to say it shows sixel, in a DA1 asked through
/// tmux's passthrough. tmux 3.5a in xterm -ti vt340, which shows sixel.
@Suite("tmux 3.5a in xterm without TMUX: passthrough DA1 decides", .serialized,
       .needs(EndToEnd.x11 + ["/usr/bin/xterm", SixelTmux.tmux, "/usr/bin/script"]))
struct TmuxPassthroughTests {
    @Test("allow-passthrough on: xterm's DA1 lists sixel, and the graph is a picture; off: braille, and probe says why",
          arguments: [true, false])
    func plot(passthrough: Bool) throws {
        let folder = Paths.temporaryFolder()
        let outside = "env -u TMUX -u TMUX_PANE"
        let display = try VirtualDisplay()
        let tmux = try SixelTmux(on: display, columns: 80, rows: 24, command: """
            echo 'press Enter to start'; read -r _
            \(outside) script -qfc '\(Paths.gcview) probe' \(folder.path)/probe.txt; clear
            \(outside) \(Paths.gcview) plot 'sin(x)*x' --x -10:10 --size 320x160 --theme dark; echo after-the-graph
            """, passthrough: passthrough)
        #expect(try waitUntil(timeout: 30) { try tmux.window.screenshot().brightPixelCount() > 0 }, "the shell's text appears")
        try tmux.window.type("\r")
        var shot = try tmux.window.screenshot()
        let drawn = try waitUntil {
            shot = try tmux.window.screenshot()
            return shot.count(of: Theme.dark.curve, in: 0..<shot.height, columns: 0...(shot.width - 1)) > 300
        }
        shot.save(as: "tmux-no-TMUX-passthrough-\(passthrough ? "on" : "off")")
        #expect(drawn, "the curve is drawn")
        let probe = (try? String(contentsOf: folder.appendingPathComponent("probe.txt"), encoding: .utf8)) ?? ""
        let paper = shot.bounds(of: Theme.dark.background, tolerance: 3)
        if passthrough {
            #expect(probe.contains("protocol: sixel through tmux: the terminal outside lists sixel (its DA1 through passthrough)"),
                    "\(probe.suffix(600))")
            #expect(paper.map { (320..<330).contains($0.maxX - $0.minX + 1) } ?? false, "a 320x160 picture on its paper")
        } else {
            #expect(probe.contains("protocol: unicode (braille): could not ask tmux which terminal shows this pane: "
                                   + "TMUX is not set: tmux runs elsewhere (ssh?); no DA1 through tmux's passthrough"),
                    "\(probe.suffix(600))")
            // Braille's title sits on the paper colour, a box of a few cells; a picture's paper is 320 wide.
            #expect(paper.map { $0.maxX - $0.minX + 1 < 300 } ?? true, "braille: no picture's paper \(String(describing: paper))")
        }
    }
}
