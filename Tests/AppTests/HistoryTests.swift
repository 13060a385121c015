@testable import App
import Brain
import Testing

/// The history of graphed programs and the typed-expression line.
@Suite("History and the expression line")
struct HistoryTests {
    @Test("History keeps the newest 100 unique programs, newest first")
    func capacity() {
        var model = AppModel()
        for n in 1...130 {
            model.type(expression: "x + \(n)")
            model.apply(.graph, graphPane: Panes.full)
        }
        #expect(model.history.entries.count == 100)
        #expect(model.history.entries.first?.description == "M + 130")
        #expect(model.history.entries.last?.description == "M + 31")
        #expect(Set(model.history.entries.map(\.description)).count == 100)
    }

    @Test("Graphing a program again moves it to the front", arguments: [0, 1, 2])
    func regraph(index: Int) throws {
        var model = AppModel()
        for text in ["sin(x)", "cos(x)", "x^2"] {
            model.type(expression: text)
            model.apply(.graph, graphPane: Panes.full)
        }
        let descriptions = model.history.entries.map(\.description)
        #expect(descriptions == ["M ^ 2", "cos(M)", "sin(M)"])
        model.apply(.openHistory, graphPane: Panes.full)
        model.apply(.moveSelection(by: index), graphPane: Panes.full)
        model.apply(.chooseHistory, graphPane: Panes.full)
        #expect(model.overlay == nil)
        #expect(model.graphed?.description == descriptions[index])
        var expected = descriptions
        expected.insert(expected.remove(at: index), at: 0)
        #expect(model.history.entries.map(\.description) == expected)
    }

    @Test("Typed expressions and keypad programs are both recorded, by description")
    func typedAndKeyed() {
        var model = AppModel()
        model.press("M", "sin", "+", "1", "=")
        model.apply(.graph, graphPane: Panes.full)
        model.type(expression: "2x")
        model.apply(.graph, graphPane: Panes.full)
        #expect(model.history.entries.map(\.description) == ["2 × M", "sin(M) + 1"])
        // The same program typed rather than keyed is the same entry.
        model.type(expression: "sin(x) + 1")
        model.apply(.graph, graphPane: Panes.full)
        #expect(model.history.entries.map(\.description) == ["sin(M) + 1", "2 × M"])
    }

    @Test("The history selection moves within the list, and Enter graphs it", arguments: [
        ([1], 1), ([1, 1, 1, 1], 2), ([-1], 0), ([2, -1], 1), ([50], 2),
    ])
    func selection(moves: [Int], expected: Int) {
        var model = AppModel()
        for text in ["x", "x+1", "x+2"] {
            model.type(expression: text)
            model.apply(.graph, graphPane: Panes.full)
        }
        model.apply(.openHistory, graphPane: Panes.full)
        for move in moves { model.apply(.moveSelection(by: move), graphPane: Panes.full) }
        #expect(model.overlay == .history(selection: expected))
        let chosen = model.history.entries[expected].description
        model.apply(.chooseHistory, graphPane: Panes.full)
        #expect(model.graphed?.description == chosen)
    }

    @Test("History opens only when there is history")
    func emptyHistory() {
        var model = AppModel()
        model.apply(.openHistory, graphPane: Panes.full)
        #expect(model.overlay == nil)
        model = .graphing("x")
        model.apply(.openHistory, graphPane: Panes.full)
        #expect(model.overlay == .history(selection: 0))
    }

    @Test("The expression line loads what it parses into the calculator", arguments: [
        ("sin(x)", "sin(M) ="), ("2+3*4", "2 + (3 × 4) ="), ("x^2 - 1", "M ^ 2 − 1 ="), ("7", "7 ="),
    ])
    func expressionLine(text: String, descriptionLine: String) {
        var model = AppModel()
        model.type(expression: text)
        #expect(model.overlay == nil)
        #expect(model.keypad.descriptionLine == descriptionLine)
        #expect(model.canGraph)
    }

    @Test("A bad expression keeps the line open with the error and its column", arguments: [
        ("sin(x", 6), ("2 + * 3", 5), ("x y", 3), ("foo(x)", 1), ("1 +", 4),
    ])
    func badExpression(text: String, column: Int) throws {
        var model = AppModel()
        model.press("7")
        model.type(expression: text)
        let line = try #require(model.expressionLine, "the expression line closed")
        #expect(line.text == text)
        let error = try #require(line.error)
        #expect(error.hasSuffix("at column \(column)"), "\(error)")
        #expect(model.keypad.display == "7", "the calculator is left alone")
        // Editing clears the error.
        model.apply(.editExpression(.deleteBackward), graphPane: nil)
        let edited = try #require(model.expressionLine, "editing closed the line")
        #expect(edited.error == nil)
        #expect(edited.text == String(text.dropLast()))
    }

    @Test("An empty expression reports it and stays open")
    func emptyExpression() throws {
        var model = AppModel()
        model.type(expression: "   ")
        let line = try #require(model.expressionLine, "the expression line closed")
        #expect(line.error == "empty expression")
    }

    @Test("The expression line drops control characters and stops at its maximum length")
    func expressionLineLimits() {
        var line = ExpressionLine()
        line.insert("x\u{1B}[2J+\u{7}1\n")
        #expect(line.text == "x[2J+1")
        line.insert(String(repeating: "1", count: 500))
        #expect(line.text.count == ExpressionLine.maximumLength)
        line = ExpressionLine()
        line.deleteBackward()
        #expect(line.text.isEmpty)
    }

    @Test("Edits without an open expression line do nothing")
    func editsWithoutLine() {
        var model = AppModel()
        model.apply(.editExpression(.insert("x")), graphPane: nil)
        model.apply(.editExpression(.submit), graphPane: nil)
        #expect(model == AppModel())
    }
}

/// `r` with nothing graphed yet.
@Suite("History: empty")
struct EmptyHistoryTests {
    @Test("r with no history says so in the status line and opens nothing; the next action clears it")
    func saysSo() {
        var model = AppModel()
        model.apply(.openHistory, graphPane: nil)
        #expect(model.overlay == nil)
        #expect(model.notice?.contains("No history") == true, "notice: \(String(describing: model.notice))")
        model.apply(.press("7"), graphPane: nil)
        #expect(model.notice == nil)
    }
}
