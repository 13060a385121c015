import Foundation
import Raster
import Terminal
import TestSupport
import Testing

/// `gcview plot` shown inline in real terminals under Xvfb, checked on a screenshot.
@Suite("Plot in real terminals", .serialized, .needs(EndToEnd.everyTerminal))
struct PlotInTerminalTests {
    /// The dark theme's background: how the graph is found on the black terminal.
    static let paper = Theme.dark.background

    @Test("The graph appears pixel for pixel, and the prompt continues below it",
          arguments: Emulator.all)
    func inline(_ terminal: Emulator) throws {
        try Self.checkInlinePlot(in: terminal)
    }

    @Test("Each other protocol the terminal shows is right too",
          arguments: [(Emulator.x11(.konsole), "sixel"), (.x11(.konsole), "iterm2")])
    func forcedProtocol(_ terminal: Emulator, _ graphics: String) throws {
        try Self.checkInlinePlot(in: terminal, protocol: graphics)
    }

    @Test("Several curves appear pixel for pixel, each in its colour",
          arguments: [Emulator.x11(.xterm), .x11(.kitty), .x11(.mlterm), .foot])
    func severalCurves(_ terminal: Emulator) throws {
        try Self.checkInlinePlot(in: terminal, expressions: "'sin(x)' 'cos(x)' 'x/3' 'floor(x)'", name: "several")
    }

    @Test("Every kind of curve (implicit, regions, parametric, polar, x(y)) appears pixel for pixel",
          arguments: [Emulator.x11(.xterm), .x11(.kitty), .x11(.mlterm), .foot])
    func curveKinds(_ terminal: Emulator) throws {
        try Self.checkInlinePlot(in: terminal, expressions: "'x^2 + y^2 = 9' 'y > x^2 + 2' 'x^2 + y^2 <= 4' "
                                 + "'(cos(3t), sin(2t))' 'r = 1 + cos(θ)' 'x = y^2 - 4'", name: "kinds")
    }

    @Test("In an xterm with 16 colour registers, six curves still each show in their own colour")
    func sixteenRegisters() throws {
        let lines = (0..<6).map { "'x/3 + \($0 - 2)'" }.joined(separator: " ")
        let command = "\(Paths.gcview) plot \(lines) --x -10:10 --y -6:6 --size 480x240 --theme dark; "
            + "echo after-the-graph; sleep 600"
        let window = try TerminalWindow(.xterm, on: VirtualDisplay(), columns: 80, rows: 24, command: command,
                                        colorRegisters: 16)
        var shot = try window.screenshot()
        let appeared = try waitUntil {
            shot = try window.screenshot()
            guard let box = shot.bounds(of: Self.paper, tolerance: 3) else { return false }
            return box.maxX - box.minX + 1 == 480 && box.maxY - box.minY + 1 == 240
        }
        shot.save(as: "several-xterm-16-registers")
        #expect(appeared, "a 480x240 graph; see .build/e2e-screenshots/several-xterm-16-registers.png")
        guard appeared, let box = shot.bounds(of: Self.paper, tolerance: 3) else { return }
        for curve in 0..<6 {
            let shown = shot.count(of: Theme.dark.curveColor(curve), in: box.minY..<(box.maxY + 1), columns: box.minX...box.maxX)
            #expect(shown > 300, "curve \(curve) shows \(shown) pixels of its colour")
        }
    }

    /// Plots a 480x240 graph of `expressions` inline in `terminal` (with `--protocol` if given) and
    /// checks it pixel for pixel against the PNG of the same graph, with the text before and after it in place.
    static func checkInlinePlot(in terminal: Emulator, protocol graphics: String? = nil,
                                expressions: String = "'sin(x)*x'", name label: String = "plot") throws {
        let folder = try Paths.sharedTemporaryFolder()
        let reference = folder.appendingPathComponent("reference.png")
        let arguments = "\(expressions) --x -10:10 --size 480x240 --theme dark"
        let name = "\(label)-\(terminal.name)" + (graphics.map { "-\($0)" } ?? "")
        // The same graph written as a PNG in the same terminal (same cell size) is what the screen must show.
        let window = try terminal.open(columns: 80, rows: 24, command: """
            \(Paths.gcview) plot \(arguments) --output \(reference.path); clear; echo before; \
            \(Paths.gcview) plot \(arguments) \(graphics.map { "--protocol \($0)" } ?? ""); echo after-the-graph; sleep 600
            """)
        var shot = try window.screenshot()
        let appeared = try waitUntil {
            shot = try window.screenshot()
            guard let box = shot.bounds(of: Self.paper, tolerance: 3) else { return false }
            return box.maxX - box.minX + 1 == 480 && box.maxY - box.minY + 1 == 240
                && shot.hasText(in: box.maxY + 1..<min(box.maxY + 40, shot.height))
        }
        shot.save(as: name)
        #expect(appeared, "a 480x240 graph with text below it; see .build/e2e-screenshots/\(name).png")
        guard appeared, let box = shot.bounds(of: Self.paper, tolerance: 3) else { return }
        let expected = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: reference)))
        try #require(expected.width == 480 && expected.height == 240)

        var matching = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width
            where shot[box.minX + x, box.minY + y].isClose(to: expected.pixels[y * expected.width + x], tolerance: 4) {
                matching += 1
            }
        }
        let share = Double(matching) / Double(expected.width * expected.height)
        #expect(share > 0.999, "\(matching) of \(expected.width * expected.height) pixels match the PNG")
        let textAbove = shot.hasText(in: max(box.minY - 30, 0)..<box.minY)
        let textBeside = shot.hasText(in: box.minY..<box.maxY + 1, outside: box.minX...box.maxX)
        #expect(textAbove, "'before' is above the graph")
        #expect(!textBeside, "no text beside the graph: the prompt did not overwrite it")
    }

    @Test("Without --size the graph is as wide as the terminal",
          arguments: [Emulator.x11(.xterm), .x11(.kitty), .x11(.konsole), .foot])
    func terminalWidth(_ terminal: Emulator) throws {
        let window = try terminal.open(columns: 80, rows: 24, command: "\(Paths.gcview) plot 'x^2' --theme dark; sleep 600")
        var shot = try window.screenshot()
        let appeared = try waitUntil {
            shot = try window.screenshot()
            return shot.bounds(of: Self.paper, tolerance: 3) != nil
        }
        shot.save(as: "plot-width-\(terminal.name)")
        #expect(appeared)
        let box = try #require(shot.bounds(of: Self.paper, tolerance: 3))
        let width = box.maxX - box.minX + 1, windowWidth = shot.width
        #expect(width >= windowWidth * 95 / 100, "graph \(width) px wide in a \(windowWidth) px window")
    }
}
