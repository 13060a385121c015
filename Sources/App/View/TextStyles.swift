import Raster
import Terminal

/// The cell styles (colours, bold) of the interactive screens' text, matched to the graph's theme.
struct TextStyles {
    let text: CellStyle
    let dim: CellStyle
    let display: CellStyle
    let button: CellStyle
    let operation: CellStyle
    let pressed: CellStyle
    let border: CellStyle
    let focusedBorder: CellStyle
    let bar: CellStyle
    let error: CellStyle
    /// The graph's paper colour, for the cells around a picture narrower or shorter than its pane.
    let paper: CellStyle

    /// Colours for a dark or light terminal.
    init(isDark: Bool) {
        func rgb(_ color: RGB) -> TerminalColor { .rgb(color.red, color.green, color.blue) }
        let theme: Theme = isDark ? .dark : .light
        text = CellStyle(foreground: rgb(theme.label))
        dim = CellStyle(foreground: rgb(theme.axis))
        display = CellStyle(foreground: rgb(theme.label), isBold: true)
        button = CellStyle(foreground: rgb(theme.label))
        operation = CellStyle(foreground: rgb(theme.curve), isBold: true)
        pressed = CellStyle(foreground: rgb(theme.background), background: rgb(theme.curve), isBold: true)
        border = CellStyle(foreground: rgb(theme.axis))
        focusedBorder = CellStyle(foreground: rgb(theme.curve))
        bar = CellStyle(foreground: rgb(theme.label), background: rgb(theme.grid))
        error = CellStyle(foreground: .ansi(9), isBold: true)
        paper = CellStyle(foreground: rgb(theme.label), background: rgb(theme.background))
    }
}
