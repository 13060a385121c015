@testable import App
import Brain
import Testing

/// The controller: keys in, state out.
@Suite("App model: keypad, graph button and navigation")
struct AppModelTests {
    @Test("Typed keys show in the display and the description line", arguments: [
        (["7"], "7", ""),
        (["7", "+"], "7", "7 + …"),
        (["7", "+", "8", "="], "15", "7 + 8 ="),
        (["9", "√"], "3", "√(9) ="),
        (["3", ".", "5", "×", "2", "="], "7", "3.5 × 2 ="),
        (["1", "÷", "0", "="], "Error: division by zero", "1 ÷ 0 ="),
        (["0", "ln"], "Error: logarithm of a non-positive number", "ln(0) ="),
        (["4", "2", "C"], "0", ""),
    ])
    func typing(keys: [String], display: String, description: String) {
        var model = AppModel()
        for key in keys { model.apply(.press(key), graphPane: nil) }
        #expect(model.keypad.display == display)
        #expect(model.keypad.descriptionLine == description)
    }

    @Test("A key pressed is flashed for one action; an unknown symbol does nothing")
    func flash() {
        var model = AppModel()
        model.apply(.press("7"), graphPane: nil)
        #expect(model.flashedButton == "7")
        model.apply(.toggleHelp, graphPane: nil)
        #expect(model.flashedButton == nil)
        let before = model
        model.apply(.press("no such key"), graphPane: nil)
        #expect(model == before)
    }

    @Test("The graph button is disabled while the program is empty or an operation is pending", arguments: [
        ([], false),
        (["7"], false),            // a number still being typed is not yet in the program
        (["7", "+"], false),
        (["7", "+", "M"], false),
        (["7", "+", "M", "="], true),
        (["M"], true),
        (["M", "sin"], true),
        (["(", "M"], false),
    ])
    func graphButton(keys: [String], enabled: Bool) {
        var model = AppModel()
        for key in keys { model.apply(.press(key), graphPane: Panes.full) }
        #expect(model.canGraph == enabled)
        model.apply(.graph, graphPane: Panes.full)
        #expect((model.graphed != nil) == enabled)
        #expect(model.route == (enabled ? .graph : .calculator))
        #expect(model.history.entries.count == (enabled ? 1 : 0))
    }

    @Test("The graph shows the program as it was when graph was pressed")
    func graphIsASnapshot() {
        var model = AppModel()
        model.press("M", "sin", "+", "1", "=")
        model.apply(.graph, graphPane: Panes.full)
        let graphed = model.graphed
        #expect(graphed?.description == "sin(M) + 1")
        #expect(graphed?.function(0) == 1)

        model.press("C", "M", "cos")
        #expect(model.graphed == graphed)
        #expect(model.graphed?.function(0) == 1)

        model.apply(.graph, graphPane: Panes.full)
        #expect(model.graphed?.description == "cos(M)")
        #expect(model.graphed?.function(0) == 1)
        #expect(model.graphed?.function(Double.pi) == -1)
    }

    @Test("Brain errors show in the display without stopping the model", arguments: [
        ["1", "÷", "0", "="], ["0", "x⁻¹"], ["0", "ln"], ["2", "sin⁻¹"], ["9", "±", "√"],
    ])
    func brainErrors(keys: [String]) {
        var model = AppModel()
        for key in keys { model.apply(.press(key), graphPane: Panes.full) }
        #expect(model.keypad.display.hasPrefix("Error: "))
        model.apply(.graph, graphPane: Panes.full)  // a constant that is an error graphs as nothing
        model.press("C", "2", "+", "2", "=")
        #expect(model.keypad.display == "4")
    }

    @Test("Dismiss closes the overlay, then the popover, then leaves the graph", arguments: [AppAction.dismiss, .back])
    func navigationOrder(action: AppAction) {
        var model = AppModel.graphing("sin(x)")
        model.apply(.togglePopover, graphPane: Panes.full)
        model.apply(.toggleHelp, graphPane: Panes.full)
        #expect(model.overlay == .help && model.isPopoverOpen && model.route == .graph)

        model.apply(action, graphPane: Panes.full)
        #expect(model.overlay == nil && model.isPopoverOpen && model.route == .graph)
        model.apply(action, graphPane: Panes.full)
        #expect(model.overlay == nil && !model.isPopoverOpen && model.route == .graph)
        model.apply(action, graphPane: Panes.full)
        #expect(model.route == .calculator && model.focus == .calculator)
        #expect(model.graphed != nil, "leaving the graph keeps it")
        model.apply(action, graphPane: nil)
        #expect(model.route == .calculator)
    }

    @Test("Tab moves the focus to the other pane and back")
    func focus() {
        var model = AppModel()
        #expect(model.focus == .calculator)
        model.apply(.toggleFocus, graphPane: Panes.split)
        #expect(model.focus == .graph)
        model.apply(.toggleFocus, graphPane: Panes.split)
        #expect(model.focus == .calculator)
    }

    @Test("The popover opens only when something is graphed")
    func popover() {
        var model = AppModel()
        model.apply(.togglePopover, graphPane: Panes.full)
        #expect(!model.isPopoverOpen)
        model = .graphing("x^2")
        model.apply(.togglePopover, graphPane: Panes.full)
        #expect(model.isPopoverOpen)
        model.apply(.togglePopover, graphPane: Panes.full)
        #expect(!model.isPopoverOpen)
    }

    @Test("Help toggles, and quit only marks the model as quitting")
    func helpAndQuit() {
        var model = AppModel()
        model.apply(.toggleHelp, graphPane: nil)
        #expect(model.overlay == .help)
        model.apply(.toggleHelp, graphPane: nil)
        #expect(model.overlay == nil)
        model.apply(.quit, graphPane: nil)
        #expect(model.isQuitting)
    }
}
