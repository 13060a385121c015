/// A mouse action at a cell, decoded from SGR (`CSI < b ; x ; y M/m`) or legacy X10 reports.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Action: Hashable, Sendable {
        case press, release, drag, move
        case wheelUp, wheelDown, wheelLeft, wheelRight
    }

    /// Which button was involved.
    public enum Button: Hashable, Sendable {
        case left, middle, right
        /// No button: motion without a button held, wheel steps, X10 releases.
        case none
        /// Buttons 8 to 11 (back, forward, …), numbered from 8.
        case extra(Int)
    }

    /// What the mouse did.
    public var action: Action
    /// The button involved.
    public var button: Button
    /// Zero-based column.
    public var column: Int
    /// Zero-based row.
    public var row: Int
    /// Modifier keys held.
    public var modifiers: KeyModifiers

    /// A mouse event given explicitly.
    public init(action: Action, button: Button, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.action = action
        self.button = button
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }

    /// Decodes an xterm button code: low bits button, 4 shift, 8 alt, 16 control, 32 motion, 64 wheel, 128 extra.
    init(code: Int, oneBasedColumn: Int, oneBasedRow: Int, isRelease: Bool) {
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let low = code & 3
        let button: Button
        if code & 128 != 0 {
            button = .extra(8 + low)
        } else {
            button = [Button.left, .middle, .right, .none][low]
        }
        let action: Action
        if code & 64 != 0 && code & 128 == 0 {
            action = [Action.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
        } else if code & 32 != 0 {
            action = button == .none ? .move : .drag
        } else if isRelease || button == .none {
            action = .release
        } else {
            action = .press
        }
        let isWheel = action == .wheelUp || action == .wheelDown || action == .wheelLeft || action == .wheelRight
        self.init(
            action: action,
            button: isWheel ? .none : button,
            column: max(0, oneBasedColumn - 1),
            row: max(0, oneBasedRow - 1),
            modifiers: modifiers
        )
    }
}
