import Foundation
import Raster
import Testing

/// The braille fallback as a person sees it in xterm: the curve in its full colour, and the title
/// and tick labels as text in the label colour. (Which colour each cell takes, and where labels go,
/// is checked exactly in `GraphicsUnicodeLabelTests`; here, that a terminal shows it.)
@Suite("Unicode fallback in xterm", .serialized, .needs(EndToEnd.x11 + ["/usr/bin/xterm"]))
struct UnicodeFallbackInTerminalTests {
    /// Both themes on xterm's black background: each theme's own colours must show.
    @Test("plot --protocol unicode: a bright curve and readable labels", arguments: [Theme.dark, .light])
    func plot(theme: Theme) throws {
        let display = try VirtualDisplay()
        let name = theme == .dark ? "dark" : "light"
        let window = try TerminalWindow(.xterm, on: display, columns: 100, rows: 30, command: """
            \(Paths.gcview) plot 'sin(x)*x' --x -10:10 --protocol unicode --theme \(name); sleep 600
            """)
        var shot = try window.screenshot()
        // xterm draws text in the SGR colour exactly where a glyph is solid: about 1000 pixels of
        // braille dots for this curve, and a few dozen of the labels' digits and the title.
        let appeared = try waitUntil {
            shot = try window.screenshot()
            return shot.count(of: theme.curve, in: 0..<shot.height, columns: 0...(shot.width - 1)) > 500
                && shot.count(of: theme.label, in: 0..<shot.height, columns: 0...(shot.width - 1)) > 20
        }
        shot.save(as: "unicode-xterm" + (theme == .dark ? "" : "-light"))
        #expect(appeared, "curve pixels in \(theme.curve) and label pixels in \(theme.label)")
    }
}
