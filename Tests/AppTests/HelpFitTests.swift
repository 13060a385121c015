@testable import App
import Raster
import SizeClass
import Terminal
import Testing
import TextCells

/// Help and lists fit their pane: lines wrapped or shortened at words, and help longer than its
/// box scrolls (or takes the whole screen when all of it fits there).
@Suite("Help and lists fit their pane")
struct HelpFitTests {
    /// A controller `columns` x `rows` graphing y = x in pictures (kitty), with its pictures captured.
    static func controller(columns: Int, rows: Int) -> (AppController, CapturedPictures) {
        AppController.showingLineYEqualsX(window: WindowSize(columns: columns, rows: rows),
                                          cell: PixelSize(width: 9, height: 18), graphicsProtocol: .kitty)
    }

    /// Every row of the screen the controller would draw now as text (overlays over the graph included).
    static func screen(_ controller: AppController) -> [String] {
        let window = controller.window
        var buffer = ScreenBuffer(columns: window.columns, rows: window.rows)
        ScreenText(model: controller.model, layout: controller.layout, styles: TextStyles(isDark: true),
                   textPopoverPane: nil).draw(on: &buffer)
        return (0..<window.rows).map { ExpressionLineTests.text(of: $0, in: buffer) }
    }

    @Test("Every help line fits the box, and wrapping loses no word", arguments: [(60, 20), (100, 30), (240, 50), (101, 22), (40, 24)])
    func helpFits(_ window: (columns: Int, rows: Int)) throws {
        let (controller, _) = Self.controller(columns: window.columns, rows: window.rows)
        controller.handle(.input(.key(.character("?"))))
        let shown = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        let room = shown.list.box.columns - 4
        for line in shown.lines { #expect(CellWidth.of(line) <= room, "\(line.debugDescription) is wider than \(room)") }
        #expect(shown.lines.flatMap { $0.split(separator: " ") } == KeyGuide.lines.flatMap { $0.split(separator: " ") })
        #expect(shown.list.box.columns <= shown.area.columns && shown.list.box.rows <= shown.area.rows)
    }

    @Test("Help longer than its box scrolls with ↓ j Space and ↑ k, says so at the bottom, and shows every line on the way")
    func helpScrolls() throws {
        let (controller, captured) = Self.controller(columns: 60, rows: 20)
        controller.handle(.input(.key(.character("?"))))
        _ = controller.frame()
        var shown = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        let total = shown.lines.count, visible = shown.list.visibleLines
        #expect(total > visible, "60 x 20 is too small for the whole help")
        #expect(shown.isOverGraph, "the help stays over the graph and scrolls")
        #expect(shown.footer == " ↓ more ")
        var seen = Set<String>()
        func look() throws {
            _ = controller.frame()
            let image = try #require(captured.images.last)
            for text in image.texts where text.role == .panel { seen.insert(text.text) }
        }
        try look()
        for key in [KeyPress.down, .character("j"), .character(" "), .character(" "), .character(" "), .character(" ")] {
            controller.handle(.input(.key(key)))
            #expect(controller.model.overlay == .help, "\(key) scrolls, it does not close the help")
            try look()
        }
        shown = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        #expect(shown.list.firstLine == total - visible, "Space goes no further than the last page")
        #expect(shown.footer == " ↑ more ")
        for line in shown.lines where !line.isEmpty { #expect(seen.contains(line), "\(line.debugDescription) never showed") }
        controller.handle(.input(.key(.up)))
        controller.handle(.input(.key(.character("k"))))
        #expect(try #require(ListBox.overlay(of: controller.model, in: controller.layout)).list.firstLine == total - visible - 2)
        #expect(try #require(ListBox.overlay(of: controller.model, in: controller.layout)).footer == " ↑↓ more ")
        controller.handle(.input(.key(.character("x"))))
        #expect(controller.model.overlay == nil, "any other key closes the help")
        controller.handle(.input(.key(.character("?"))))
        #expect(try #require(ListBox.overlay(of: controller.model, in: controller.layout)).list.firstLine == 0,
                "help opens at its top")
    }

    @Test("Help that all fits on the screen but not in the graph pane is text over the whole screen, with no picture")
    func helpTakesScreen() throws {
        let (controller, captured) = Self.controller(columns: 101, rows: 23)
        #expect(controller.layout.isSplit)
        controller.handle(.input(.key(.character("?"))))
        let frame = String(decoding: controller.frame(), as: UTF8.self)
        let shown = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        #expect(!shown.isOverGraph && shown.footer == nil, "all of it shows, over the screen")
        #expect(frame.contains("graph the program"), "as text")
        #expect(!frame.contains("<picture>") && captured.images.count == 1, "no picture is drawn over it")
        let rows = Self.screen(controller)
        #expect(rows.contains { $0.contains("Ctrl-L  draw the whole screen again") }, "the last line shows whole")
        controller.handle(.input(.key(.escape)))
        #expect(String(decoding: controller.frame(), as: UTF8.self).contains("<picture>"), "the graph comes back")
    }

    @Test("History entries too wide for the pane are shortened at a word; the title too")
    func historyShortened() throws {
        let (controller, _) = Self.controller(columns: 60, rows: 20)
        let long = "sin(x) + cos(x) + sin(x) * cos(x) + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8"
        controller.apply(.openExpressionLine)
        controller.apply(.editExpression(.insert(long)))
        controller.apply(.editExpression(.submit))
        controller.apply(.openHistory)
        let shown = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        let room = shown.list.box.columns - 4
        let full = ListBox.historyLines(of: controller.model)[0]
        #expect(CellWidth.of(full) > room, "the entry is too long for the pane")
        let line = shown.lines[0]
        #expect(line.hasSuffix(" …") && CellWidth.of(line) <= room)
        #expect(full.dropFirst(line.count - 2).first == " ", "\(line.debugDescription) ends at a word of \(full.debugDescription)")
        #expect(CellWidth.of(shown.title) + 6 <= shown.area.columns)
        #expect(ListBox.historyTitle.hasPrefix(shown.title.hasSuffix(" …") ? String(shown.title.dropLast(2)) : shown.title))
    }

    @Test("A picture smaller than its pane (xterm's largest sixel) holds the whole help box: it stands within the picture")
    func boxWithinSmallerPicture() throws {
        let controller = AppController(model: AppModel(), window: WindowSize(columns: 240, rows: 50),
                                       cell: PixelSize(width: 9, height: 19),
                                       presenter: GraphPresenter(backend: GraphicsProtocol.sixel.backend(
                                           largestSixel: PixelSize(width: 1000, height: 1000)), glyphs: BoxGlyphs()),
                                       theme: .dark)
        let captured = CapturedPictures(from: controller, encodingAs: Array("<picture>".utf8))
        for character in ":x" { controller.handle(.input(.key(.character(character)))) }
        controller.handle(.input(.key(.enter)))
        controller.handle(.input(.key(.character("?"))))
        _ = controller.frame()
        let image = try #require(captured.images.last)
        let pane = try #require(controller.layout.graph)
        let whole = try #require(ScreenLayout(columns: 240, rows: 50, route: controller.model.route).graph)
        #expect(image.width < whole.columns * 9, "the picture is narrower than the graph's area")
        let box = try #require(ListBox.overlay(of: controller.model, in: controller.layout)).list.box
        #expect((box.column - pane.column + box.columns) * 9 <= image.width, "the box's right edge is in the picture")
        #expect((box.row - pane.row + box.rows) * 19 <= image.height, "the box's bottom edge is in the picture")
        let panel = image.texts.filter { $0.role == .panel }
        #expect(panel.contains { $0.text.hasSuffix("q  quit") && $0.left + $0.width <= image.width }, "the last line shows whole")
    }
}
