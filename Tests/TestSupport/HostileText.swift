/// Characters no writer may put in a terminal cell, one of each kind the safe-text rule
/// (`TerminalText.isSafe`) names: what a terminal would obey, or what would reorder, hide or
/// break the line. Every writer's test walks this one list.
package enum HostileText {
    /// Each hostile scalar with the kind it stands for.
    package static let scalars: [(kind: String, scalar: Unicode.Scalar)] = [
        ("C0 NUL", "\u{00}"),
        ("C0 BEL", "\u{07}"),
        ("C0 ESC", "\u{1B}"),
        ("C0 line feed", "\u{0A}"),
        ("DEL", "\u{7F}"),
        ("C1 NEL", "\u{85}"),
        ("C1 CSI", "\u{9B}"),
        ("bidi override RLO", "\u{202E}"),
        ("bidi isolate LRI", "\u{2066}"),
        ("Arabic letter mark", "\u{061C}"),
        ("zero-width space", "\u{200B}"),
        ("byte order mark", "\u{FEFF}"),
        ("tag character", "\u{E0041}"),
        ("line separator", "\u{2028}"),
        ("paragraph separator", "\u{2029}"),
        ("unassigned", "\u{0378}"),
    ]

    /// Text that is safe everywhere, the control against which each writer is checked.
    package static let safe = "a π √ é 你 ⁻¹"
}
