import Raster
import SizeClass
import Terminal

/// The text of one frame: the calculator, the bars, the open overlay, and the popover when it
/// is text (the Unicode fallback), drawn into a screen buffer.
struct ScreenText {
    let model: AppModel
    let layout: ScreenLayout
    let styles: TextStyles
    /// The graph pane in braille dots when the popover is drawn as text, else nil.
    let textPopoverPane: AppModel.PaneSize?
    /// Whether help and history over the graph are drawn into the picture (pixel protocols), not as text.
    var overlayInPicture = false

    /// Draws everything but the graph picture into `buffer`.
    func draw(on buffer: inout ScreenBuffer) {
        let chrome = ChromeView(model: model, layout: layout, styles: styles)
        guard layout.choice.layout != .tooSmall else { return chrome.drawTooSmall(on: &buffer) }
        if let area = layout.calculator {
            CalculatorView(model: model, layout: layout, styles: styles, isFocused: model.focus == .calculator)
                .draw(in: area, on: &buffer)
            if layout.isSplit {
                for row in 0..<layout.statusRow { buffer.put("│", column: area.columns, row: row, style: styles.border) }
            }
        }
        for margin in layout.paperMargins {
            for row in margin.row..<(margin.row + margin.rows) {
                buffer.put(String(repeating: " ", count: margin.columns), column: margin.column, row: row, style: styles.paper)
            }
        }
        if let bar = layout.titleBar {
            chrome.drawTitleBar(bar, isFocused: model.focus == .graph || !layout.isSplit, on: &buffer)
        }
        if let graph = layout.graph, model.graphed == nil {
            buffer.putCentred("Nothing graphed yet", in: graph, row: graph.row + graph.rows / 2, style: styles.dim)
        }
        SliderView(model: model, layout: layout, styles: styles).draw(on: &buffer)
        chrome.drawStatus(on: &buffer)
        drawOverlay(on: &buffer)
        drawTextPopover(on: &buffer)
    }

    /// Help or history, boxed over the graph pane while a graph shows (as text over braille; a
    /// picture draws it itself), else over the whole screen above the status line.
    private func drawOverlay(on buffer: inout ScreenBuffer) {
        guard let shown = ListBox.overlay(of: model, in: layout), !(shown.isOverGraph && overlayInPicture) else { return }
        OverlayView(styles: styles).drawBox(shown, on: &buffer)
    }

    /// The statistics popover as text over the braille graph.
    private func drawTextPopover(on buffer: inout ScreenBuffer) {
        guard model.isPopoverOpen, let pane = textPopoverPane, let graph = layout.graph,
              let camera = model.camera, model.graphed != nil
        else { return }
        let viewport = camera.viewport(width: pane.width, height: pane.height)
        PopoverText(curves: CurveStatistics.measure(model.curves, in: viewport), styles: styles)
            .draw(in: graph, isSheet: !layout.isSplit, on: &buffer)
    }
}
