@testable import App
import Foundation
import Glyphs
import Raster
import SystemPackage
import Terminal
import TestSupport
import Testing

/// Issue 25, item 2: `W` saves the whole screen as the terminal shows it: each cell of the last
/// frame in its colours with its character in DejaVu Sans Mono at the cell size, and the graph
/// picture where it lies (braille drawn as text).
@Suite("W: the whole screen as a picture", .serialized)
struct ScreenShotTests {
    static let window = WindowSize(columns: 120, rows: 32), cell = PixelSize(width: 10, height: 20)

    static func controller(_ graphicsProtocol: GraphicsProtocol, folder: URL? = nil) throws -> (AppController, CapturedPictures) {
        let glyphs = try FreeTypeGlyphs.system()
        let controller = AppController(model: AppModel(), window: window, cell: cell,
                                       presenter: GraphPresenter(backend: graphicsProtocol.backend(), glyphs: glyphs), theme: .dark)
        controller.pictureFolder = folder.map { FilePath($0.path) }
        let captured = CapturedPictures(from: controller)
        for character in ":sin(x)*x\r" { controller.handle(.input(.key(character == "\r" ? .enter : .character(character)))) }
        controller.handle(.input(.key(.character("i"))))
        _ = controller.frame()
        return (controller, captured)
    }

    /// Whether `color` lies on the line from `background` to `foreground` (anti-aliased text), within `slack`.
    static func isBlend(_ color: RGB, of foreground: RGB, over background: RGB, slack: Double = 3) -> Bool {
        let c = [color.red, color.green, color.blue].map(Double.init)
        let b = [background.red, background.green, background.blue].map(Double.init)
        let f = [foreground.red, foreground.green, foreground.blue].map(Double.init)
        let d = zip(f, b).map { $0 - $1 }, length = d.map { $0 * $0 }.reduce(0, +)
        guard length > 0 else { return c == b }
        let t = max(0, min(1, zip(zip(c, b).map { $0 - $1 }, d).map { $0 * $1 }.reduce(0, +) / length))
        return (0..<3).allSatisfy { abs(c[$0] - (b[$0] + t * d[$0])) <= slack }
    }

    @Test("sixel, kitty, OSC 1337: the graph's cells hold exactly the picture sent; every other cell its background, its character's ink in its foreground, nothing else",
          arguments: [GraphicsProtocol.sixel, .kitty, .iterm2])
    func pixelProtocols(_ graphicsProtocol: GraphicsProtocol) throws {
        let (controller, captured) = try Self.controller(graphicsProtocol)
        let shot = try #require(controller.screenShot())
        #expect(shot.width == Self.window.columns * Self.cell.width && shot.height == Self.window.rows * Self.cell.height)
        let sent = try #require(captured.images.last), rect = try #require(controller.images.onScreen?.rect)
        let left = rect.column * Self.cell.width, top = rect.row * Self.cell.height
        var differing = 0
        for y in 0..<sent.height {
            for x in 0..<sent.width where shot.color(x: left + x, y: top + y) != sent.color(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels of the graph region differ from the picture sent")
        // Every text cell outside the picture: its background, or blends towards its foreground where a character inks it.
        let buffer = try #require(controller.onScreen)
        let cells = buffer.shownCells(defaults: (Theme.dark.label, RGB(0, 0, 0)))
        var inked = 0, stray = 0, blankInked = 0
        for row in 0..<buffer.rows {
            for column in 0..<buffer.columns where !(column >= rect.column && column < rect.column + sent.width / Self.cell.width
                                                     && row >= rect.row && row < rect.row + sent.height / Self.cell.height) {
                let content = cells[row * buffer.columns + column]
                guard content.width == 1 else { continue }
                var ink = 0
                for y in row * Self.cell.height..<(row + 1) * Self.cell.height {
                    for x in column * Self.cell.width..<(column + 1) * Self.cell.width {
                        let color = shot.color(x: x, y: y)
                        if color != content.background { ink += 1 }
                        if !Self.isBlend(color, of: content.foreground, over: content.background) { stray += 1 }
                    }
                }
                if content.character != " ", ink > 0 { inked += 1 }
                if content.character == " ", ink > 0, !content.isUnderlined { blankInked += 1 }
            }
        }
        #expect(stray == 0, "\(stray) pixels neither a cell's background nor a blend towards its foreground")
        #expect(blankInked == 0, "\(blankInked) blank cells with ink")
        let written = cells.filter { $0.character != " " && $0.width == 1 }.count
        #expect(inked * 10 >= written * 9, "\(inked) of about \(written) written cells show ink")
    }

    @Test("braille: the graph's cells are its braille characters as text, in the curve's colour where the curve is")
    func braille() throws {
        let (controller, _) = try Self.controller(.unicode)
        let shot = try #require(controller.screenShot())
        let content = try #require(controller.images.onScreen)
        let image = GraphOverlay.picture(of: content, in: content.viewport,
                                         renderer: controller.presenter.renderer(theme: .dark, cell: Self.cell), withPopover: false)
        let text = try #require(controller.presenter.backend.textCells(for: image))
        let buffer = try #require(controller.onScreen)
        var curveCells = 0, curveInked = 0
        for (index, shown) in text.cells.enumerated() where shown.foreground == Theme.dark.curve {
            let column = content.rect.column + index % text.columns, row = content.rect.row + index / text.columns
            // The popover lies over it: any cell it drew in, a space too, is written again over the braille.
            guard buffer[column, row] == .blank else { continue }
            curveCells += 1
            let curvePixels = (row * Self.cell.height..<(row + 1) * Self.cell.height).flatMap { y in
                (column * Self.cell.width..<(column + 1) * Self.cell.width).map { shot.color(x: $0, y: y) }
            }.filter { $0.distance(to: Theme.dark.curve) < 60 }.count
            if curvePixels > 0 { curveInked += 1 }
        }
        #expect(curveCells > 50, "\(curveCells) cells of the curve")
        #expect(curveInked == curveCells, "\(curveInked) of \(curveCells) curve cells show the curve's colour")
    }

    @Test("Box lines run through their cells as terminals draw them: the slider's track is one unbroken line, its heavy part (━) twice as thick as its light part (─), as DejaVu Sans Mono draws them (344 and 172 units)")
    func boxLinesThroughTheirCells() throws {
        let glyphs = try FreeTypeGlyphs.system()
        let controller = AppController(model: AppModel(), window: Self.window, cell: Self.cell,
                                       presenter: GraphPresenter(backend: GraphicsProtocol.sixel.backend(), glyphs: glyphs), theme: .dark)
        for character in ":sin(a*x)\r" { controller.handle(.input(.key(character == "\r" ? .enter : .character(character)))) }
        _ = controller.frame()
        let shot = try #require(controller.screenShot())
        let buffer = try #require(controller.onScreen)
        let cells = buffer.shownCells(defaults: (Theme.dark.label, RGB(0, 0, 0)))
        var thickness: [Character: Set<Int>] = [:]
        var lineCells = 0, brokenColumns = 0
        for row in 0..<buffer.rows {
            for column in 0..<buffer.columns {
                let content = cells[row * buffer.columns + column]
                guard content.character == "━" || content.character == "─" else { continue }
                lineCells += 1
                // Every pixel column of the cell is inked, the same number of rows each.
                for x in column * Self.cell.width..<(column + 1) * Self.cell.width {
                    let inked = (row * Self.cell.height..<(row + 1) * Self.cell.height)
                        .filter { shot.color(x: x, y: $0) != content.background }.count
                    if inked == 0 { brokenColumns += 1 }
                    thickness[content.character, default: []].insert(inked)
                }
            }
        }
        #expect(lineCells > 40, "\(lineCells) cells of the slider's track")
        #expect(brokenColumns == 0, "\(brokenColumns) pixel columns of the track with no ink")
        let light = try #require(thickness["─"]), heavy = try #require(thickness["━"])
        #expect(light.count == 1 && heavy.count == 1, "one thickness each: light \(light), heavy \(heavy)")
        #expect(heavy.first == light.first.map { $0 * 2 }, "heavy \(heavy) against light \(light)")
    }

    @Test("W writes the screen as a PNG beside w's pictures, named screen-… and the status line says where")
    func keyWritesFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gcview-W-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (controller, _) = try Self.controller(.sixel, folder: folder)
        controller.handle(.input(.key(.character("W"))))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 1 && files[0].hasPrefix("screen-y_sin_x_x-") && files[0].hasSuffix("Z.png"), "files: \(files)")
        #expect(controller.model.notice == "Saved " + folder.path + "/" + (files.first ?? "") + "  (s: as SVG too)")
        let png = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: folder.appendingPathComponent(files.first ?? ""))))
        #expect(png.width == 1200 && png.height == 640)
        let shot = try #require(controller.screenShot())
        #expect(png.pixels == (0..<shot.height).flatMap { y in (0..<shot.width).map { shot.color(x: $0, y: y) } })
    }

    @Test("W then s writes the same screen as SVG: rsvg-convert draws the graph region exactly and the text close to the PNG; another key withdraws the offer",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")))
    func thenSWritesSVG() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gcview-Ws-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (controller, captured) = try Self.controller(.kitty, folder: folder)
        let shot = try #require(controller.screenShot())
        controller.handle(.input(.key(.character("W"))))
        #expect(controller.model.notice?.hasSuffix("(s: as SVG too)") == true, "\(controller.model.notice ?? "")")
        controller.handle(.input(.key(.character("s"))))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let svgName = try #require(files.first { $0.hasSuffix(".svg") }, "files: \(files)")
        #expect(files.contains(String(svgName.dropLast(4)) + ".png"), "named as the PNG: \(files)")
        let converted = folder.appendingPathComponent("converted.png")
        let rsvg = try Spawn.run("/usr/bin/rsvg-convert", [folder.appendingPathComponent(svgName).path, "-o", converted.path], environment: nil, stdin: nil, timeout: 120)
        try #require(rsvg?.status == 0, "rsvg-convert: \(rsvg.map { String(decoding: $0.stderr, as: UTF8.self) } ?? "timed out")")
        let drawn = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: converted)))
        try #require(drawn.width == shot.width && drawn.height == shot.height)
        let sent = try #require(captured.images.last), rect = try #require(controller.images.onScreen?.rect)
        var graphDiffering = 0, close = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let a = shot.color(x: x, y: y), b = drawn.pixels[y * shot.width + x]
                let inGraph = x >= rect.column * Self.cell.width && x < rect.column * Self.cell.width + sent.width
                    && y >= rect.row * Self.cell.height && y < rect.row * Self.cell.height + sent.height
                if inGraph, a != b { graphDiffering += 1 }
                if max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue))) <= 24 { close += 1 }
            }
        }
        #expect(graphDiffering == 0, "\(graphDiffering) pixels of the graph differ")
        // Measured: 96.5% (librsvg sets the text with its own rasterizer; glyph edges differ).
        #expect(Double(close) / Double(shot.width * shot.height) > 0.95, "\(close) of \(shot.width * shot.height) pixels within 24")
        // After another key, s is the keypad's √ again.
        controller.handle(.input(.key(.character("W"))))
        controller.handle(.input(.key(.character("i"))))
        controller.handle(.input(.key(.character("s"))))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".svg") }.count == 1)
    }
}
