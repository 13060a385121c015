@testable import App
import Raster
import SizeClass
import Terminal
import Testing

/// Help and history open over the graph without erasing it: drawn into the picture in pixel
/// protocols, as text over the braille graph in the Unicode fallback.
@Suite("Help and history over the graph")
struct OverlaysOverGraphTests {
    /// A controller 120 x 32 (split view) showing y = x, which crosses the whole pane, with its pictures captured.
    static func controller(_ graphicsProtocol: GraphicsProtocol) -> (AppController, CapturedPictures) {
        AppController.showingLineYEqualsX(window: WindowSize(columns: 120, rows: 32),
                                          cell: PixelSize(width: 10, height: 20), graphicsProtocol: graphicsProtocol)
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func curvePixels(_ image: IndexedImage) -> Int {
        image.pixels.filter { image.layout?.curveInk(at: $0) != nil }.count
    }

    @Test("Help opens in the picture over the graph: the curve stays around it, no help text is written",
          arguments: [GraphicsProtocol.sixel, .kitty, .iterm2])
    func helpInPicture(_ graphicsProtocol: GraphicsProtocol) throws {
        let (controller, captured) = Self.controller(graphicsProtocol)
        let before = try #require(captured.images.last)
        controller.handle(.input(.key(.character("?"))))
        let frame = Self.text(controller.frame())
        let image = try #require(captured.images.last)
        #expect(captured.images.count == 2, "the picture is drawn again with the help in it")
        let panel = image.texts.filter { $0.role == .panel }.map(\.text)
        #expect(panel.first == " Keys ")
        #expect(panel.contains { $0.contains("graph the program") })
        #expect(!frame.contains("graph the program"), "no help text over a picture")
        let curve = Self.curvePixels(image), whole = Self.curvePixels(before)
        #expect(curve > whole / 10 && curve < whole, "part of the curve shows around the box (\(curve) of \(whole))")
        controller.handle(.input(.key(.escape)))
        _ = controller.frame()
        #expect(try #require(captured.images.last).texts.filter { $0.role == .panel }.isEmpty, "Esc takes it away")
    }

    @Test("History in the picture: the selection is highlighted where a click finds it")
    func historyInPicture() throws {
        let (controller, captured) = Self.controller(.kitty)
        for expression in ["cos(x)", "tan(x)"] {
            controller.apply(.openExpressionLine)
            controller.apply(.editExpression(.insert(expression)))
            controller.apply(.editExpression(.submit))
        }
        controller.apply(.openHistory)
        controller.apply(.moveSelection(by: 2))
        _ = controller.frame()
        let image = try #require(captured.images.last)
        let rect = try #require(controller.layout.graph)
        let list = try #require(ListBox.history(of: controller.model, in: controller.layout))
        #expect(rect.contains(column: list.box.column, row: list.box.row), "the list stands in the graph pane")
        // The highlighted band is the third line's cell row, in the picture's pixels.
        let row = list.box.row + 1 + 2 - rect.row
        let x = (list.box.column - rect.column + 2) * 10, y = row * 20 + 1
        #expect(image[x, y] == PaletteSlot.grid, "the selected row is on a band")
        #expect(image.texts.contains { $0.role == .panel && $0.text == "y = x" && $0.top / 20 == row })
        controller.handle(.input(.mouse(MouseEvent(action: .press, button: .left, column: list.box.column + 3,
                                                   row: list.box.row + 1 + 2))))
        #expect(controller.model.graphed?.description == "M")
    }

    @Test("Braille: help is text over the graph pane and the braille graph shows around it")
    func helpOverBraille() throws {
        let (controller, captured) = Self.controller(.unicode)
        controller.handle(.input(.key(.character("?"))))
        let frame = Self.text(controller.frame())
        #expect(frame.contains("graph the program"))
        #expect(captured.images.count == 1, "the braille graph is not taken away")
        let rect = try #require(controller.layout.graph)
        let list = try #require(ListBox.overlay(of: controller.model, in: controller.layout)).list
        #expect(list.box.column >= rect.column, "the box stands in the graph pane, clear of the calculator")
    }
}
