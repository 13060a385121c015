@testable import App
import Terminal

/// One thing a person (or a misbehaving terminal) does to the app, as the fuzz test replays it.
enum FuzzAction: Equatable, CustomStringConvertible {
    /// A key as the session decodes it.
    case key(KeyPress)
    /// Raw input bytes, decoded by the session's `InputDecoder` (typed text, pastes, late replies, junk).
    case bytes([UInt8])
    /// `:`, the text typed byte by byte, then Enter (or Esc when `submits` is false).
    case expression(String, submits: Bool)
    /// `a` then `text` and Enter: adds a curve (types it on the add line when `a` opens one).
    case addExpression(String)
    /// A left click (press and release) at a zero-based cell.
    case click(column: Int, row: Int)
    /// Two clicks on the same cell in quick succession.
    case doubleClick(column: Int, row: Int)
    /// A left-button drag from one cell to another through the cells between.
    case drag(fromColumn: Int, fromRow: Int, toColumn: Int, toRow: Int)
    /// One wheel step.
    case wheel(up: Bool, column: Int, row: Int)
    /// Any mouse report, as a terminal might send it.
    case mouse(MouseEvent)
    /// The window changed size (pixels 0 when the terminal does not report them).
    case resize(WindowSize)
    /// The process came back after a stop.
    case continued
    /// Enter, then `text` and Enter again: a value or range typed for the focused slider (or, with
    /// none focused, whatever Enter and the text do there).
    case sliderEntry(String)
    /// The playback clock moves on by this many milliseconds (a playing parameter advances).
    case tick(milliseconds: Int)

    var description: String {
        switch self {
        case .key(let key): "key(\(key))"
        case .bytes(let bytes): "bytes(\(bytes.map { String($0) }.joined(separator: ",")))"
        case .expression(let text, let submits): "expression(\(text.debugDescription), submits: \(submits))"
        case .addExpression(let text): "addExpression(\(text.debugDescription))"
        case .click(let column, let row): "click(\(column), \(row))"
        case .doubleClick(let column, let row): "doubleClick(\(column), \(row))"
        case .drag(let c0, let r0, let c1, let r1): "drag(\(c0), \(r0) → \(c1), \(r1))"
        case .wheel(let up, let column, let row): "wheel(\(up ? "up" : "down"), \(column), \(row))"
        case .mouse(let event): "mouse(\(event.action), \(event.button), \(event.column), \(event.row))"
        case .resize(let size): "resize(\(size.columns)x\(size.rows), \(size.pixelWidth)x\(size.pixelHeight) px)"
        case .continued: "continued"
        case .sliderEntry(let text): "sliderEntry(\(text.debugDescription))"
        case .tick(let milliseconds): "tick(\(milliseconds) ms)"
        }
    }

    /// The session events this action produces, decoding bytes with `decoder` as the session would.
    func events(decoder: inout InputDecoder) -> [SessionEvent] {
        func press(_ column: Int, _ row: Int) -> [SessionEvent] {
            [.input(.mouse(MouseEvent(action: .press, button: .left, column: column, row: row))),
             .input(.mouse(MouseEvent(action: .release, button: .left, column: column, row: row)))]
        }
        func decode(_ bytes: [UInt8]) -> [SessionEvent] {
            var events = decoder.decode(bytes)
            // The session flushes a lone Escape after a short wait with no more input.
            if decoder.hasPendingEscape { events += decoder.flushPendingEscape() }
            return events.map(SessionEvent.input)
        }
        switch self {
        case .key(let key):
            return [.input(.key(key))]
        case .bytes(let bytes):
            return decode(bytes)
        case .expression(let text, let submits):
            return decode(Array((":" + text).utf8) + [submits ? 0x0D : 0x1B])
        case .addExpression(let text):
            return decode(Array(("a" + text).utf8) + [0x0D])
        case .click(let column, let row):
            return press(column, row)
        case .doubleClick(let column, let row):
            return press(column, row) + press(column, row)
        case .drag(let c0, let r0, let c1, let r1):
            var events = [SessionEvent.input(.mouse(MouseEvent(action: .press, button: .left, column: c0, row: r0)))]
            let steps = max(abs(c1 - c0), abs(r1 - r0), 1)
            for step in 1...steps {
                let column = c0 + (c1 - c0) * step / steps, row = r0 + (r1 - r0) * step / steps
                events.append(.input(.mouse(MouseEvent(action: .drag, button: .left, column: column, row: row))))
            }
            events.append(.input(.mouse(MouseEvent(action: .release, button: .left, column: c1, row: r1))))
            return events
        case .wheel(let up, let column, let row):
            return [.input(.mouse(MouseEvent(action: up ? .wheelUp : .wheelDown, button: .none, column: column, row: row)))]
        case .mouse(let event):
            return [.input(.mouse(event))]
        case .resize(let size):
            return [.resized(size)]
        case .continued:
            return [.continued]
        case .sliderEntry(let text):
            return decode([0x0D] + Array(text.utf8) + [0x0D])
        case .tick:
            return []
        }
    }
}
