import Raster

extension TerminalCapabilities {
    /// These capabilities in the window resized to `window`: its cells, its cell and text area
    /// where it gives them in pixels (else the cell found at the start times its cells), and the
    /// largest sixel picture within that text area now.
    ///
    /// The largest sixel picture is the terminal's maximum cut to the text area (`SixelLimit`), and
    /// the text area is the window's: foot 1.13 answers XTSMGRAPHICS with a maximum of 10000x10000,
    /// so started at 120x40 cells (1080x720 px) its pictures were cut to 1080x720, and they stayed
    /// so when the window grew to 1791x990 px (TIOCGWINSZ, CSI 14 t and 16 t all said the new size).
    /// Inside tmux, `TmuxRechoice` makes the capabilities again itself.
    public func resized(to window: WindowSize) -> TerminalCapabilities {
        var resized = self
        resized.columns = window.columns
        resized.rows = window.rows
        if let cell = SizeLimits.checked(PixelSize(width: window.cellWidth, height: window.cellHeight), within: SizeLimits.cell) {
            resized.cellSize = cell
        }
        if window.pixelWidth > 0, window.pixelHeight > 0 {
            resized.textAreaSize = PixelSize(width: window.pixelWidth, height: window.pixelHeight)
        } else if let cell = resized.cellSize {
            resized.textAreaSize = PixelSize(width: cell.width * window.columns, height: cell.height * window.rows)
        }
        if let limit = sixelLimit {
            resized.sixelLimit = SixelLimit(reported: sixelGeometry, insideTmux: limit.source == .assumedInsideTmux,
                                            cell: resized.cellSize, textArea: resized.textAreaSize, tmuxName: terminalName)
        }
        return resized
    }
}
