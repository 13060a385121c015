import Raster
import Terminal

/// The cell styles (colours, bold) of the interactive screens' text, matched to the graph's theme.
struct TextStyles {
    var text: CellStyle
    var dim: CellStyle
    var display: CellStyle
    var button: CellStyle
    var operation: CellStyle
    var pressed: CellStyle
    var border: CellStyle
    var focusedBorder: CellStyle
    var bar: CellStyle
    var error: CellStyle
    /// The graph's paper colour, for the cells around a picture narrower or shorter than its pane.
    var paper: CellStyle

    /// Colours for a dark or light terminal; without colour (`inColour` false: NO_COLOR), the
    /// terminal's own colours (`withoutColour`).
    init(isDark: Bool, inColour: Bool = true) {
        guard inColour else {
            self = .withoutColour
            return
        }
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

    /// Every style in the terminal's own colours, to be marked by attributes instead. Set
    /// explicitly (`terminalDefault`), not left plain: a space drawn over the braille graph (a
    /// table's, a popover's) must differ from a cell where nothing was drawn, to be written again
    /// over the picture.
    private init() {
        let own = CellStyle(foreground: .terminalDefault)
        text = own
        dim = own
        display = own
        button = own
        operation = own
        pressed = own
        border = own
        focusedBorder = own
        bar = own
        error = own
        paper = own
    }

    /// The styles without colour: what colour alone set apart is bold (the display, the
    /// operations, the focused border, an error), what had a background of its own is in inverse
    /// video (the title bar, the compact keypad's keys), and a pressed key or chosen row is bold,
    /// underlined and inverse, so that it stands out on inverse keys too.
    static let withoutColour: TextStyles = {
        var styles = TextStyles()
        styles.display.isBold = true
        styles.operation.isBold = true
        styles.pressed.isBold = true
        styles.pressed.isUnderlined = true
        styles.pressed.isInverse = true
        styles.focusedBorder.isBold = true
        styles.bar.isInverse = true
        styles.error.isBold = true
        return styles
    }()
}
