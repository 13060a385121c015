@testable import App
import Raster
import SizeClass
import Terminal
import Testing

extension AppModel {
    /// The open expression line, or nil.
    var expressionLine: ExpressionLine? {
        if case .expression(let line)? = overlay { line } else { nil }
    }
}

/// The expression line (`:`): Esc cancels it, and its error always shows.
@Suite("The expression line: Esc and long expressions")
struct ExpressionLineTests {
    /// The text of `row` in `buffer`, wide characters once.
    static func text(of row: Int, in buffer: ScreenBuffer) -> String {
        var text = ""
        var column = 0
        while column < buffer.columns {
            let cell = buffer[column, row]
            text.append(cell.character)
            column += max(cell.width, 1)
        }
        return text
    }

    /// The status row drawn for `model` in a terminal `columns` wide.
    static func statusRow(of model: AppModel, columns: Int) -> String {
        let layout = ScreenLayout(columns: columns, rows: 30, route: model.route)
        var buffer = ScreenBuffer(columns: columns, rows: 30)
        ChromeView(model: model, layout: layout, styles: TextStyles(isDark: true)).drawStatus(on: &buffer)
        return text(of: layout.statusRow, in: buffer)
    }

    @Test("Esc closes the line and forgets its text; reopening starts empty")
    func escapeClears() {
        var model = AppModel()
        model.press("7")
        model.apply(.openExpressionLine, graphPane: nil)
        model.apply(.editExpression(.insert("sin(x)+1")), graphPane: nil)
        model.apply(.dismiss, graphPane: nil)
        #expect(model.overlay == nil)
        #expect(model.keypad.display == "7", "the calculator is left alone")
        model.apply(.openExpressionLine, graphPane: nil)
        #expect(model.expressionLine == ExpressionLine())
        model.apply(.editExpression(.insert("2")), graphPane: nil)
        #expect(model.expressionLine?.text == "2")
    }

    @Test("Esc then : arriving together (read as Alt+:) cancels the line and opens an empty one")
    func escapeAndKeyTogether() {
        let controller = ControllerFrameTests.controller()
        controller.handle(ControllerFrameTests.key(.character(":")))
        for character in "sin(x)+1" { controller.handle(ControllerFrameTests.key(.character(character))) }
        controller.handle(ControllerFrameTests.key(.alt(":")))
        #expect(controller.model.expressionLine == ExpressionLine())
        controller.handle(ControllerFrameTests.key(.character("2")))
        #expect(controller.model.expressionLine?.text == "2")
        // Esc and a calculator key: the line closes and the key presses its button.
        controller.handle(ControllerFrameTests.key(.alt("9")))
        #expect(controller.model.overlay == nil)
        #expect(controller.model.keypad.display == "9")
    }

    @Test("The error of a long expression shows whole, with the end of the text", arguments: [
        (150, 120), (200, 120), (150, 80), (40, 80), (5, 80),
    ])
    func longExpressionError(length: Int, columns: Int) throws {
        var model = AppModel()
        let text = String(repeating: "1+", count: (length - 1) / 2) + "*"
        model.type(expression: text)
        let error = try #require(model.expressionLine?.error, "the expression was accepted")
        let row = Self.statusRow(of: model, columns: columns)
        #expect(row.hasSuffix(error), "the whole error shows at the right: \(row)")
        #expect(row.contains("+*▏"), "the end of the text and the cursor show: \(row)")
    }

    @Test("An error longer than the row keeps its start and leaves room for the text")
    func errorLongerThanRow() throws {
        var line = ExpressionLine()
        line.insert("x+")
        line.error = "unexpected end of the expression: " + String(repeating: "very ", count: 40) + "long"
        var model = AppModel()
        model.overlay = .expression(line)
        let row = Self.statusRow(of: model, columns: 60)
        #expect(row.hasPrefix(": x+▏"), "\(row)")
        #expect(row.contains("unexpected end"))
        #expect(row.hasSuffix("…"))
    }
}

/// Enter on the expression line graphs what was typed, as the graph button would.
@Suite("The expression line: Enter graphs")
struct ExpressionLineEnterTests {
    @Test("Enter graphs the typed expression, full screen in compact width and beside the calculator when split",
          arguments: [(60, 30, false), (120, 32, true)])
    func enterGraphs(columns: Int, rows: Int, isSplit: Bool) {
        let controller = AppController(model: AppModel(), window: WindowSize(columns: columns, rows: rows),
                                       cell: PixelSize(width: 10, height: 20),
                                       presenter: GraphPresenter(backend: UnicodeBackend(), glyphs: nil), theme: .dark)
        controller.apply(.openExpressionLine)
        controller.apply(.editExpression(.insert("sin(x)*x")))
        controller.apply(.editExpression(.submit))
        #expect(controller.model.graphed?.description == "sin(M) × M", "graphed: \(String(describing: controller.model.graphed))")
        #expect(controller.model.overlay == nil)
        #expect(controller.layout.graph != nil, "a graph pane is on screen")
        #expect(controller.layout.isSplit == isSplit)
        #expect(controller.layout.calculator == nil || isSplit, "compact width pushes the graph over the calculator")
    }

    @Test("Enter on an expression that does not parse graphs nothing and keeps the line open with its error")
    func badExpression() {
        var model = AppModel()
        model.type(expression: "2 +")
        #expect(model.graphed == nil)
        #expect(model.expressionLine?.error != nil)
    }
}
