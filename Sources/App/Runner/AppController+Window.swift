import Terminal

/// Outside tmux, the capabilities the backend was made from, made again for each window size: the
/// largest sixel picture is cut to the text area (`SixelLimit`), which grows with the window. Inside
/// tmux, `ProtocolRechoice` does this with tmux's answer.
struct WindowFollowing {
    /// The capabilities for the window now.
    var capabilities: TerminalCapabilities
    /// The backend for capabilities made again, made as the start made its own.
    let backend: (TerminalCapabilities) -> any GraphicsBackend
}

extension AppController {
    /// Draws with a backend made for the window now when the largest picture it shows changed:
    /// a window made larger shows a larger picture (foot started at 120x40 cells and widened kept
    /// its start's picture).
    func drawForWindowOutsideTmux() {
        guard protocolRechoice == nil, var following = windowFollowing else { return }
        let resized = following.capabilities.resized(to: window)
        let changed = resized.sixelLimit != following.capabilities.sixelLimit
        following.capabilities = resized
        windowFollowing = following
        if changed { draw(with: following.backend(resized)) }
    }
}
