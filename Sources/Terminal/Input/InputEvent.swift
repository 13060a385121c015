/// Something the terminal sent: a key, a mouse action, a reply to a query, or pasted text.
public enum InputEvent: Equatable, Sendable {
    /// A key press.
    case key(KeyPress)
    /// A mouse press, release, drag, motion or wheel step.
    case mouse(MouseEvent)
    /// A terminal's reply to a query, possibly arriving late (DA1, window reports, OSC, APC, DCS).
    case reply(TerminalReply)
    /// Text pasted while bracketed paste was on; untrusted, sanitize before display.
    case paste(String)
    /// A bracketed paste longer than the decoder keeps (`byteCount` bytes), dropped whole.
    case pasteTooLong(byteCount: Int)
    /// The terminal (or tmux, for the pane) reports that it gained focus (`CSI I`, true) or lost it
    /// (`CSI O`, false), sent only while focus reporting (mode 1004) is on.
    case focus(Bool)
}

/// A key press decoded from the input bytes.
public enum KeyPress: Hashable, Sendable {
    /// A printable character, including multi-byte UTF-8 such as "π"; invalid UTF-8 arrives as U+FFFD.
    case character(Character)
    /// Enter or Return (CR, LF, keypad Enter).
    case enter
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace (DEL 0x7F or BS 0x08).
    case backspace
    /// A lone Escape.
    case escape
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    /// A function key, F1 to F12.
    case function(Int)
    /// Control with a letter or symbol, lowercase: Ctrl-C is `.control("c")`, Ctrl-Space is `.control("@")`.
    case control(Character)
    /// Alt (Meta) with a character, sent as Escape then the character.
    case alt(Character)
    /// An arrow key with Shift held (`CSI 1 ; 2 D`: Shift with or without other modifiers); other
    /// modifiers alone leave the plain arrow.
    indirect case shifted(KeyPress)

    /// The key without Shift: `.shifted(.left)` is `.left`.
    public var unshifted: KeyPress {
        if case .shifted(let key) = self { key } else { self }
    }
}

/// Shift, Alt and Control held during a mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)
}

/// A reply from the terminal, passed raw so the caller can parse what it asked for.
public struct TerminalReply: Hashable, Sendable {
    /// The kind of escape sequence the reply came in.
    public enum Kind: Hashable, Sendable {
        /// `CSI … final`, e.g. DA1 `CSI ? 62 ; 4 c`, `CSI 4 ; h ; w t`, cursor report `CSI r ; c R`.
        case csi
        /// `ESC ] … BEL` or `ESC ] … ESC \`.
        case osc
        /// `ESC _ … ESC \`, e.g. kitty graphics replies.
        case apc
        /// `ESC P … ESC \`, e.g. XTVERSION or DECRQSS replies.
        case dcs
    }

    /// The kind of sequence.
    public var kind: Kind
    /// The whole sequence, from the leading ESC through the terminator.
    public var bytes: [UInt8]

    /// A reply of `kind` made of `bytes`.
    public init(kind: Kind, bytes: [UInt8]) {
        self.kind = kind
        self.bytes = bytes
    }
}
