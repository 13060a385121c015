import Foundation
import Raster
import Testing

/// kitty 0.41 (Debian 13, the chroot `scripts/setup --test` makes) reports when its colours turn dark
/// or light (DEC mode 2031, which the app turns on): the app, started without `--theme`, asks for the
/// colours then and draws in the theme they call for, with no key pressed in it.
@Suite("Colour-scheme reports in kitty 0.41 (Debian 13 chroot)", .serialized,
       .needs(EndToEnd.x11 + ["/usr/sbin/chroot"] + Trixie.programs))
struct ColourSchemeInKittyTests {
    /// kitty's own keys turning its colours, as a theme switch or `kitty @ set-colors` does.
    static let keys = [
        "map f5 remote_control set-colors background=#ffffff foreground=#000000",
        "map f6 remote_control set-colors background=#000000 foreground=#ffffff",
    ]

    @Test("kitty turned light: the app follows at once, the graph on light paper and saved so; turned dark again: dark")
    func followsKitty() throws {
        let folder = try Trixie.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder.outside) }
        let gcview = try Trixie.installGcview(in: folder)
        let state = folder.outside.appendingPathComponent("state.json").path
        let display = try VirtualDisplay()
        // kitty under software GL answers slowly at first: start once the shell's text is drawn.
        let window = try TerminalWindow(.kitty, on: display, columns: 120, rows: 32, command: """
            echo 'press Enter to start'; read -r _; \(gcview) --state \(folder.inside)/state.json; sleep 600
            """, root: Trixie.root, kittyOptions: Self.keys)
        #expect(try waitUntil(timeout: 60) { try window.screenshot().brightPixelCount() > 0 }, "the shell's text appears")
        Thread.sleep(forTimeInterval: 1)
        try window.type("\r")
        Thread.sleep(forTimeInterval: 1)
        try window.type(":sin(x)*x\r")
        try window.type("g")
        func count(_ colour: RGB, in shot: Screenshot) -> Int {
            shot.count(of: colour, in: 0..<shot.height, columns: 0...(shot.width - 1))
        }
        func shows(_ theme: Theme, savedAs name: String) throws -> Bool {
            var shot = try window.screenshot()
            let drawn = try waitUntil(timeout: 30) {
                shot = try window.screenshot()
                return count(theme.background, in: shot) > shot.width * shot.height / 4
                    && count(theme.axis, in: shot) > 1500 && count(theme.curveColor(0), in: shot) > 500
            }
            shot.save(as: name)
            return drawn
        }
        #expect(try shows(.dark, savedAs: "colour-scheme-kitty-dark"), "the graph in the dark theme of kitty's black")
        try window.key("F5")
        #expect(try shows(.light, savedAs: "colour-scheme-kitty-light"), "kitty turned white: the light theme, no key pressed in the app")
        try window.key("F6")
        #expect(try shows(.dark, savedAs: "colour-scheme-kitty-dark-again"), "kitty turned black again: the dark theme")
        try window.key("F5")
        #expect(try shows(.light, savedAs: "colour-scheme-kitty-light-again"))
        try window.type("q")
        let saved = waitUntil(timeout: 10) { StateFile.theme(at: state) == "light" }
        #expect(saved, "the theme shown is saved: \(StateFile.theme(at: state) ?? "none")")
    }
}
