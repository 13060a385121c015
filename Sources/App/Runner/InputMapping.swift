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
        case .expression?, .sliderEntry?:
            let isSlider = if case .sliderEntry? = model.overlay { true } else { false }
            func edit(_ edit: ExpressionEdit) -> AppAction { isSlider ? .slider(.edit(edit)) : .editExpression(edit) }
            switch key {
            case .character(let character): return edit(.insert(String(character)))
            case .backspace: return edit(.deleteBackward)
            case .enter: return edit(.submit)
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
        case .table?:
            switch key {
            case .character("q"), .control("c"), .control("d"): return .quit
            case .up, .down, .pageUp, .pageDown, .character("k"), .character("j"), .character(" "):
                // A table that shows all its rows stays open: the key does nothing.
                return listScroll(for: key, model: model, layout: layout).map { .scrollTable(toRow: $0) }
            default: return .dismiss
            }
        case .help?:
            switch key {
            case .character("q"), .control("c"), .control("d"): return .quit
            case .up, .down, .pageUp, .pageDown, .character("k"), .character("j"), .character(" "):
                // Help that shows all its lines stays open, as the table does.
                return listScroll(for: key, model: model, layout: layout).map { .scrollHelp(toLine: $0) }
            default: return .dismiss
            }
        case nil:
            break
        }
        let graphOnScreen = layout.graph != nil
        let graphHasFocus = layout.graphHasFocus(model.focus)
        if model.offersScreenVector, key == .character("s") { return .saveScreenAsSVG }
        let hasSliders = layout.sliders != nil && !model.sliderNames.isEmpty
        if hasSliders, model.focusedSlider != nil, let action = sliderAction(for: key, model: model) { return action }
        // Shift matters to a slider only: elsewhere a shifted arrow is the arrow.
        let key = key.unshifted
        if model.trace != nil, graphOnScreen, let traced = traceAction(for: key) { return .trace(traced) }
        switch key {
        case .character("q"), .control("c"), .control("d"): return .quit
        case .escape: return .dismiss
        case .tab, .backTab:
            if hasSliders { return focusCycle(forward: key == .tab, model: model, layout: layout) }
            return layout.isSplit ? .toggleFocus : nil
        case .character(" "): return hasSliders && graphOnScreen ? .slider(.togglePlayback) : nil
        case .character("<"): return hasSliders && graphOnScreen ? .slider(.changePace(faster: false)) : nil
        case .character(">"): return hasSliders && graphOnScreen ? .slider(.changePace(faster: true)) : nil
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
        case .character("W"): return .saveScreen
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

    /// What `key` does to the focused slider: ← → a step, with Shift ten; ↑ ↓ the slider above or
    /// below; a digit, `-` or `.` begins a typed value, Enter an empty entry (a value or `[min, max]`);
    /// nil for the keys that keep their meaning (Tab, Space, Esc, the graph's and calculator's letters).
    static func sliderAction(for key: KeyPress, model: AppModel) -> AppAction? {
        let names = model.sliderNames
        switch key {
        case .left: return .slider(.move(steps: -1))
        case .right: return .slider(.move(steps: 1))
        case .shifted(.left): return .slider(.move(steps: -10))
        case .shifted(.right): return .slider(.move(steps: 10))
        case .up, .down:
            guard let focused = model.focusedSlider, let index = names.firstIndex(of: focused) else { return nil }
            let next = (index + (key == .down ? 1 : -1) + names.count) % names.count
            return .setFocus(.graph, slider: names[next])
        case .enter: return .slider(.openEntry(""))
        case .character(let character) where character.isASCII && (character.isNumber || character == "-" || character == "."):
            return .slider(.openEntry(String(character)))
        default: return nil
        }
    }

    /// The focus after Tab (`forward`) or Shift-Tab when sliders are on screen: the calculator (in
    /// split view), the graph, then each slider in turn, and round again.
    static func focusCycle(forward: Bool, model: AppModel, layout: ScreenLayout) -> AppAction? {
        var stops: [(AppModel.Pane, String?)] = layout.isSplit ? [(.calculator, nil)] : []
        stops.append((.graph, nil))
        stops += SliderView.shownNames(of: model, in: layout).sorted().map { (.graph, $0) }
        guard stops.count >= 2 else { return nil }
        let current = stops.firstIndex { stop in
            if let slider = model.focusedSlider { return stop.1 == slider }
            return stop.1 == nil && (!layout.isSplit || stop.0 == model.focus)
        } ?? 0
        let next = stops[(current + (forward ? 1 : -1) + stops.count) % stops.count]
        return .setFocus(next.0, slider: next.1)
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

    /// The first line the open help or table shows after `key` scrolls it (a line, or a box's
    /// height less one), kept within its lines; nil when `key` does not scroll or all lines show.
    static func listScroll(for key: KeyPress, model: AppModel, layout: ScreenLayout) -> Int? {
        guard let shown = ListBox.overlay(of: model, in: layout) else { return nil }
        let list = shown.list, total = shown.lines.count
        guard total > list.pinnedLines + list.visibleLines else { return nil }
        let delta: Int
        switch key {
        case .up, .character("k"): delta = -1
        case .down, .character("j"): delta = 1
        case .pageUp: delta = -max(list.visibleLines - 1, 1)
        case .pageDown, .character(" "): delta = max(list.visibleLines - 1, 1)
        default: return nil
        }
        return min(max(list.firstLine + delta, list.pinnedLines), total - list.visibleLines)
    }
}
