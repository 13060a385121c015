import Raster
import SizeClass
import Terminal

/// Turns keys into actions, depending on what is on screen and which pane has focus.
enum InputMapping {
    /// Calculator keys typed on the keyboard, by character.
    static let calculatorKeys: [Character: String] = [
        ".": ".", "+": "+", "-": "−", "*": "×", "/": "÷", "^": "xʸ", "=": "=",
        "c": "C", "n": "±", "s": "√", "p": "π", "m": "M", "x": "M", "M": "→M",
        "D": "DEG",
    ]

    /// The action for `key`, or nil when it does nothing here.
    static func action(for key: KeyPress, model: AppModel, layout: ScreenLayout) -> AppAction? {
        switch model.overlay {
        case .expression?:
            switch key {
            case .character(let character): return .editExpression(.insert(String(character)))
            case .backspace: return .editExpression(.deleteBackward)
            case .enter: return .editExpression(.submit)
            case .escape, .control("c"): return .dismiss
            default: return nil
            }
        case .history?:
            switch key {
            case .up, .character("k"): return .moveSelection(by: -1)
            case .down, .character("j"): return .moveSelection(by: 1)
            case .enter: return .chooseHistory
            case .character("q"), .control("c"), .control("d"): return .quit
            default: return .dismiss
            }
        case .table(let first)?:
            switch key {
            case .up, .character("k"): return .scrollTable(toRow: first - 1)
            case .down, .character("j"): return .scrollTable(toRow: first + 1)
            case .pageUp: return .scrollTable(toRow: first - 10)
            case .pageDown, .character(" "): return .scrollTable(toRow: first + 10)
            case .character("q"), .control("c"), .control("d"): return .quit
            default: return .dismiss
            }
        case .help?:
            if case .character("q") = key { return .quit }
            return helpScroll(for: key, model: model, layout: layout) ?? .dismiss
        case nil:
            break
        }
        let graphOnScreen = layout.graph != nil
        let graphHasFocus = layout.graphHasFocus(model.focus)
        if model.trace != nil, graphOnScreen, let traced = traceAction(for: key) { return .trace(traced) }
        switch key {
        case .character("q"), .control("c"), .control("d"): return .quit
        case .escape: return .dismiss
        case .tab, .backTab: return layout.isSplit ? .toggleFocus : nil
        case .character("?"): return .toggleHelp
        case .character(":"): return layout.calculator != nil ? .openExpressionLine : nil
        case .character("r"): return .openHistory
        case .character("g"): return .graph
        case .character("a"): return .addCurve
        case .character("d"): return model.graphed != nil ? .removeKeptCurves : nil
        case .character("i"): return graphOnScreen ? .togglePopover : nil
        case .character("f"): return graphOnScreen ? .fit : nil
        case .character("L"): return graphOnScreen && model.graphed != nil ? .cycleAxes : nil
        case .character("w"): return graphOnScreen && model.graphed != nil ? .savePicture : nil
        case .character("t"): return graphOnScreen && model.graphed != nil ? .trace(.start) : nil
        case .character("T"): return graphOnScreen && model.graphed != nil ? .toggleTable : nil
        case .character("o"): return graphOnScreen && model.graphed != nil ? .togglePoints : nil
        case .left, .character("h"): return graphOnScreen ? .step(.left) : nil
        case .right, .character("l"): return graphOnScreen ? .step(.right) : nil
        case .up, .character("k"): return graphOnScreen ? .step(.up) : nil
        case .down, .character("j"): return graphOnScreen ? .step(.down) : nil
        case .character("+") where graphHasFocus, .character("=") where graphHasFocus:
            return .zoom(factor: 1.25, about: nil)
        case .character("-") where graphHasFocus: return .zoom(factor: 0.8, about: nil)
        case .character("0") where graphHasFocus: return .centreOrigin
        case .enter: return layout.calculator != nil ? .press("=") : nil
        case .backspace: return layout.calculator != nil ? .press("⌫") : nil
        case .character(let character):
            guard layout.calculator != nil else { return nil }
            if character.isASCII, character.isNumber { return .press(String(character)) }
            return calculatorKeys[character].map(AppAction.press)
        default:
            return nil
        }
    }

    /// What `key` does to a trace: ← → move it a pixel column, ↑ ↓ to the other curves,
    /// `[` `]` to the previous or next point of interest, `'` the tangent; nil for other keys.
    static func traceAction(for key: KeyPress) -> TraceAction? {
        switch key {
        case .left, .character("h"): .step(-1)
        case .right, .character("l"): .step(1)
        case .up, .character("k"): .switchCurve(-1)
        case .down, .character("j"): .switchCurve(1)
        case .character("["): .jump(-1)
        case .character("]"): .jump(1)
        case .character("'"): .toggleTangent
        case .character("A"): .markArea
        case .character("t"): .start
        default: nil
        }
    }

    /// The help scrolled by `key` (↑ ↓ k j a line, Space and Page Down a page down, Page Up a page up) when it is longer than its box;
    /// nil when `key` does not scroll it, and then it closes the help.
    static func helpScroll(for key: KeyPress, model: AppModel, layout: ScreenLayout) -> AppAction? {
        guard let shown = ListBox.overlay(of: model, in: layout), shown.lines.count > shown.list.visibleLines
        else { return nil }
        let list = shown.list, total = shown.lines.count
        let delta: Int
        switch key {
        case .up, .character("k"): delta = -1
        case .down, .character("j"): delta = 1
        case .pageUp: delta = -max(list.visibleLines - 1, 1)
        case .pageDown, .character(" "): delta = max(list.visibleLines - 1, 1)
        default: return nil
        }
        let last = total - list.visibleLines
        return .scrollHelp(toLine: min(max(list.firstLine + delta, 0), last))
    }
}
