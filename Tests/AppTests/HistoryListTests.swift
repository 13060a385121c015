@testable import App
import Raster
import SizeClass
import Terminal
import Testing

/// The history list scrolls to its selection, and a click on a row graphs that row.
@Suite("History list: scrolling and clicks")
struct HistoryListTests {
    /// A controller 120 x 24 whose history holds `count` programs, `x + 1` … `x + count` (newest first).
    static func controller(entries count: Int) -> AppController {
        let controller = AppController(model: AppModel(), window: WindowSize(columns: 120, rows: 24),
                                       cell: PixelSize(width: 10, height: 20),
                                       presenter: GraphPresenter(backend: UnicodeBackend(), glyphs: nil), theme: .dark)
        for n in 1...count {
            controller.apply(.openExpressionLine)
            controller.apply(.editExpression(.insert("x + \(n)")))
            controller.apply(.editExpression(.submit))
        }
        controller.apply(.back)
        return controller
    }

    /// Every row of the screen the controller would draw now, as text.
    static func screen(_ controller: AppController) -> [String] {
        var buffer = ScreenBuffer(columns: 120, rows: 24)
        ScreenText(model: controller.model, layout: controller.layout, styles: TextStyles(isDark: true),
                   textPopoverPane: nil).draw(on: &buffer)
        return (0..<24).map { ExpressionLineTests.text(of: $0, in: buffer) }
    }

    @Test("Moving the selection past the box's height scrolls the list: the selected entry stays on screen",
          arguments: [0, 10, 25, 39])
    func scrollsToSelection(selection: Int) throws {
        let controller = Self.controller(entries: 40)
        controller.apply(.openHistory)
        controller.apply(.moveSelection(by: selection))
        let entries = controller.model.history.entries
        #expect(entries.count == 40)
        let wanted = ChromeView.equation(entries[selection].description)
        let rows = Self.screen(controller)
        #expect(rows.contains { $0.contains(" " + wanted + " ") || $0.hasSuffix(" " + wanted) || $0.contains(wanted + " ") },
                "'\(wanted)' is on screen")
        let list = try #require(ListBox.history(of: controller.model, in: controller.layout))
        #expect((list.firstLine..<(list.firstLine + list.visibleLines)).contains(selection))
    }

    @Test("A click on a row graphs that entry; a click outside the list closes it", arguments: [0, 3, 30])
    func clickGraphs(line: Int) throws {
        let controller = Self.controller(entries: 40)
        controller.apply(.openHistory)
        controller.apply(.moveSelection(by: line))
        let list = try #require(ListBox.history(of: controller.model, in: controller.layout))
        let expected = controller.model.history.entries[line]
        let row = list.box.row + 1 + (line - list.firstLine)
        controller.handle(.input(.mouse(MouseEvent(action: .press, button: .left, column: list.box.column + 3, row: row))))
        #expect(controller.model.overlay == nil)
        #expect(controller.model.graphed?.description == expected.description)

        controller.apply(.openHistory)
        controller.handle(.input(.mouse(MouseEvent(action: .press, button: .left, column: 0, row: 0))))
        #expect(controller.model.overlay == nil, "a click outside closes the list")
    }
}
