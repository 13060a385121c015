@testable import App
import Raster
import Terminal
import Testing

/// A graph pane larger than the largest sixel picture the terminal shows (xterm's 1000x1000, in
/// whole 9x19 cells inside tmux): the picture at the limit, centred on the graph's paper, with
/// its title bar over it and clicks mapped to it.
@Suite("Pictures within the terminal's limit")
struct PictureLimitLayoutTests {
    static let cell = PixelSize(width: 9, height: 19)
    /// tmux 3.5a in xterm: 1000x1000 in whole 9x19 cells (999x988), whole six-pixel bands tall.
    static let tmuxLimit = PixelSize(width: 999, height: 984)

    static func controller(columns: Int, rows: Int, limit: PixelSize? = tmuxLimit) -> AppController {
        let presenter = GraphPresenter(backend: SixelBackend(largestPicture: limit, colorRegisters: 1024), glyphs: nil)
        let window = WindowSize(columns: columns, rows: rows, pixelWidth: columns * cell.width, pixelHeight: rows * cell.height)
        let controller = AppController(model: AppModel(), window: window, cell: cell, presenter: presenter, theme: .dark)
        for character in ":sin(x)*x\r" { controller.handle(.input(.key(character == "\r" ? .enter : .character(character)))) }
        return controller
    }

    /// The raster attributes (`"1;1;W;H`) of the sixel picture in `frame`.
    static func sixelSize(in frame: [UInt8]) -> PixelSize? {
        let text = String(decoding: frame, as: UTF8.self)
        guard let start = text.range(of: "q\"1;1;")?.upperBound else { return nil }
        let numbers = text[start...].prefix { $0.isNumber || $0 == ";" }.split(separator: ";").compactMap { Int($0) }
        return numbers.count == 2 ? PixelSize(width: numbers[0], height: numbers[1]) : nil
    }

    @Test("240x50 split view: a 999 px picture centred, its title bar over it, paper around, what is sent fits xterm padded to cells")
    func wideFullScreen() throws {
        let controller = Self.controller(columns: 240, rows: 50)
        controller.handle(.input(.key(.character("g"))))
        let frame = controller.frame()
        let layout = controller.layout
        let graph = try #require(layout.graph), bar = try #require(layout.titleBar), paper = try #require(layout.graphPaper)
        #expect(graph.columns == 111, "999 px in 9 px cells")
        #expect(bar.column == graph.column && bar.columns == graph.columns && bar.row == graph.row - 1)
        let left = graph.column - paper.column, right = paper.column + paper.columns - graph.column - graph.columns
        #expect(abs(left - right) <= 1 && left >= 30, "centred: \(left) cells left, \(right) right")
        let sent = try #require(Self.sixelSize(in: frame))
        let pane = try #require(controller.graphPane)
        #expect(sent == PixelSize(width: pane.width, height: pane.height))
        // tmux pads the picture, in whole six-pixel bands, to whole cells; xterm shows it only within 1000x1000.
        #expect((sent.width + 8) / 9 * 9 <= 1000 && ((sent.height + 5) / 6 * 6 + 18) / 19 * 19 <= 1000, "\(sent)")
        #expect(sent.width == graph.columns * 9 && sent.height <= graph.rows * 19)
        let screen = try #require(controller.onScreen)
        let paperColour = TerminalColor.rgb(Theme.dark.background.red, Theme.dark.background.green, Theme.dark.background.blue)
        for column in [paper.column, graph.column - 1, graph.column + graph.columns, paper.column + paper.columns - 1] {
            #expect(screen[column, bar.row].style.background == paperColour, "column \(column) of the title row is paper")
            #expect(screen[column, graph.row + graph.rows / 2].style.background == paperColour, "column \(column) beside the picture")
        }
        #expect(screen[graph.column, bar.row].style.background != paperColour, "the title bar itself")
    }

    @Test("kitty placeholders in a window 375 cells wide: the picture spans the 297 columns placeholders can name, and is drawn")
    func placeholdersInAVeryWideWindow() throws {
        let cell = PixelSize(width: 6, height: 13)
        let window = WindowSize(columns: 375, rows: 76, pixelWidth: 375 * cell.width, pixelHeight: 76 * cell.height)
        let presenter = GraphPresenter(backend: GraphicsProtocol.kittyPlaceholders.backend(kittyImageID: 9), glyphs: nil)
        let controller = AppController(model: AppModel(), window: window, cell: cell, presenter: presenter, theme: .dark)
        for character in ":sin(x)*x\r" { controller.handle(.input(.key(character == "\r" ? .enter : .character(character)))) }
        controller.handle(.input(.key(.character("g"))))
        let frame = String(decoding: controller.frame(), as: UTF8.self)
        let graph = try #require(controller.layout.graph)
        #expect(graph.columns == 297, "\(graph.columns) columns")
        #expect(controller.model.notice == nil, "\(controller.model.notice ?? "")")
        // One row of placeholder cells, as kitty reads it: 297 cells of U+10EEEE, no more.
        let firstRow = frame.unicodeScalars.split(separator: "\u{1B}").first { $0.contains("\u{10EEEE}") }
        #expect(firstRow?.filter { $0 == "\u{10EEEE}" }.count == 297)
    }

    @Test("A double click sets the origin under the cell clicked, in the centred picture")
    func clickMapsToThePicture() throws {
        let controller = Self.controller(columns: 240, rows: 50)
        controller.handle(.input(.key(.character("g"))))
        _ = controller.frame()
        let graph = try #require(controller.layout.graph)
        let column = graph.column + 20, row = graph.row + 10
        for _ in 0..<2 {
            controller.handle(.input(.mouse(MouseEvent(action: .press, button: .left, column: column, row: row))))
            controller.handle(.input(.mouse(MouseEvent(action: .release, button: .left, column: column, row: row))))
        }
        let pane = try #require(controller.graphPane)
        let viewport = try #require(controller.model.viewport(in: pane))
        // The origin lies in the middle of the clicked cell, counted from the picture's own corner.
        #expect(abs(viewport.column(forX: 0) - 20.5 * 9) <= 1, "\(viewport.column(forX: 0))")
        #expect(abs(viewport.row(forY: 0) - 10.5 * 19) <= 1, "\(viewport.row(forY: 0))")
    }

    @Test("A click on the paper beside the picture gives the graph the focus, as a click on the picture does")
    func clickOnPaper() throws {
        let controller = Self.controller(columns: 240, rows: 50)
        controller.handle(.input(.key(.character("g"))))
        _ = controller.frame()
        if controller.model.focus == .graph { controller.handle(.input(.key(.tab))) }
        #expect(controller.model.focus == .calculator)
        let graph = try #require(controller.layout.graph), paper = try #require(controller.layout.graphPaper)
        let column = paper.column + (graph.column - paper.column) / 2
        controller.handle(.input(.mouse(MouseEvent(action: .press, button: .left, column: column, row: graph.row + 5))))
        #expect(controller.model.focus == .graph)
    }

    @Test("Tall and wide split view: picture and title bar centred both ways in the graph's side")
    func tallSplit() throws {
        let controller = Self.controller(columns: 240, rows: 80)
        let layout = controller.layout
        #expect(layout.isSplit)
        let graph = try #require(layout.graph), paper = try #require(layout.graphPaper)
        #expect(graph.rows == 52 && graph.columns == 111, "988 px in 19 px rows, 999 px in 9 px columns")
        let above = layout.titleBar.map { $0.row - paper.row } ?? -1
        let below = paper.row + paper.rows - graph.row - graph.rows
        #expect(above >= 0 && abs(above - below) <= 1, "\(above) rows above, \(below) below")
        #expect(layout.paperMargins.count == 4)
    }

    @Test("A pane within the limit, or no limit: the layout is the size class's own", arguments: [
        (100, 30, Optional(tmuxLimit)), (240, 50, nil),
    ] as [(Int, Int, PixelSize?)])
    func untouched(columns: Int, rows: Int, limit: PixelSize?) {
        let controller = Self.controller(columns: columns, rows: rows, limit: limit)
        let plain = ScreenLayout(columns: columns, rows: rows, route: controller.model.route)
        #expect(controller.layout == plain)
        #expect(controller.layout.paperMargins.isEmpty)
    }
}
