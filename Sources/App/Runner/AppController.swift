import Raster
import SizeClass
import Terminal

/// The interactive app without its terminal: session events in, frames of bytes out.
///
/// Every pending event is applied before a frame is drawn, so a burst of input (a held arrow
/// key, a storm of resize signals) costs one frame for the newest state, never a queue of stale ones.
final class AppController {
    private(set) var model: AppModel
    private(set) var window: WindowSize
    /// One cell in pixels; kept from the probe when the window does not report pixels.
    private(set) var cell: PixelSize
    let presenter: GraphPresenter
    let theme: Theme
    private let palette: Palette

    /// Frames written so far.
    private(set) var framesDrawn = 0
    /// Whether a button flash is showing and a frame should follow shortly to clear it.
    private(set) var needsFollowUpFrame = false
    private var lastGraphed: GraphedProgram?
    private var onScreen: ScreenBuffer?
    private var imageOnScreen: ImageKey?
    private var needsClear = true
    private var mouse = MouseTracker()

    /// What the graph image shows; a frame redraws the image only when this changes.
    private struct ImageKey: Equatable {
        var graphed: GraphedProgram
        var camera: GraphCamera
        var pane: AppModel.PaneSize
        var rect: CellRect
        var popover: Bool
    }

    init(model: AppModel, window: WindowSize, cell: PixelSize, presenter: GraphPresenter, theme: Theme) {
        self.model = model
        self.window = window
        self.cell = cell
        self.presenter = presenter
        self.theme = theme
        palette = Palette(isDark: theme == .dark)
    }

    /// The layout for the current size and route.
    var layout: ScreenLayout { ScreenLayout(columns: window.columns, rows: window.rows, route: model.route) }

    /// The graph pane in the graph's pixels, nil when no graph is on screen.
    var graphPane: AppModel.PaneSize? { layout.graph.map { presenter.paneSize(for: $0, cell: cell) } }

    /// The pane the graph has, or will have once pushed on screen.
    private var comingGraphPane: AppModel.PaneSize? {
        graphPane ?? ScreenLayout(columns: window.columns, rows: window.rows, route: .graph).graph
            .map { presenter.paneSize(for: $0, cell: cell) }
    }

    /// Whether the app asked to quit.
    var isQuitting: Bool { model.isQuitting }

    /// Applies one event from the session.
    func handle(_ event: SessionEvent) {
        switch event {
        case .input(.key(.alt(let character))) where model.isEditingExpression:
            // Esc and a key arriving together read as Alt+key: Esc closes the line, the key acts alone.
            apply(.dismiss)
            handle(.input(.key(.character(character))))
        case .input(.key(let key)):
            if let action = InputMapping.action(for: key, model: model, layout: layout) { apply(action) }
        case .input(.mouse(let event)):
            for action in mouse.actions(for: event, model: model, layout: layout, pane: graphPane, cell: presenter.unit(cell: cell)) {
                apply(action)
            }
        case .input(.paste(let text)):
            if case .expression? = model.overlay { apply(.editExpression(.insert(text))) }
        case .input(.reply):
            break
        case .resized(let size):
            resize(to: size)
        case .continued:
            needsClear = true
        case .terminate, .inputClosed:
            apply(.quit)
        }
    }

    /// Applies `action` to the model with the current graph pane.
    func apply(_ action: AppAction) {
        model.apply(action, graphPane: comingGraphPane)
    }

    /// Takes a new window size: the camera keeps its origin relative to the pane's centre.
    func resize(to size: WindowSize) {
        window = size
        if size.cellWidth > 0, size.cellHeight > 0 { cell = PixelSize(width: size.cellWidth, height: size.cellHeight) }
        needsClear = true
    }

    /// The bytes that bring the screen up to date, or nothing when nothing changed.
    func frame() -> [UInt8] {
        let layout = self.layout
        var buffer = ScreenBuffer(columns: max(window.columns, 1), rows: max(window.rows, 1))
        drawText(layout, on: &buffer)

        var out = [UInt8]()
        let wanted = imageKey(layout)
        // A picture that goes away or moves leaves pixels behind in sixel terminals: start afresh.
        if imageOnScreen != nil, wanted?.rect != imageOnScreen?.rect { needsClear = true }
        if needsClear {
            out += presenter.eraseBytes() + Array("\u{1B}[0m\u{1B}[2J".utf8)
            onScreen = nil
            imageOnScreen = nil
        }
        out += onScreen.map { buffer.diff(from: $0) } ?? buffer.fullRedraw()
        if wanted != imageOnScreen, let key = wanted, let graphed = model.graphed {
            out += drawImage(graphed: graphed, key: key, layout: layout)
            // Text over the pane (the popover in braille) is written again over the picture.
            out += buffer.diff(from: buffer.forgettingText(in: key.rect, keeping: buffer))
        }
        imageOnScreen = wanted
        onScreen = buffer
        needsClear = false
        needsFollowUpFrame = model.flashedButton != nil
        model.flashedButton = nil
        guard !out.isEmpty else { return [] }
        framesDrawn += 1
        // Synchronized update: terminals that know it show the frame at once, others ignore it.
        return Array("\u{1B}[?2026h".utf8) + out + Array("\u{1B}[\(window.rows);1H\u{1B}[?2026l".utf8)
    }

    private func imageKey(_ layout: ScreenLayout) -> ImageKey? {
        guard let rect = layout.graph, let graphed = model.graphed, let camera = model.camera,
              model.overlay == nil || model.isEditingExpression,
              let pane = graphPane
        else { return nil }
        return ImageKey(graphed: graphed, camera: camera, pane: pane, rect: rect,
                        popover: model.isPopoverOpen)
    }

    private func drawImage(graphed: GraphedProgram, key: ImageKey, layout: ScreenLayout) -> [UInt8] {
        let viewport = key.camera.viewport(width: key.pane.width, height: key.pane.height)
        let renderer = presenter.renderer(theme: theme, cell: cell)
        var image = renderer.render(graphed.function, in: viewport)
        if key.popover, presenter.graphicsProtocol != .unicode {
            image = PopoverPicture(statistics: statistics(in: viewport), renderer: renderer, isSheet: !layout.isSplit)
                .draw(on: image, viewport: viewport)
        }
        return (try? presenter.bytes(for: image, at: key.rect)) ?? []
    }

    /// Whether the graphed program changed since the last call: a safe point to save.
    func graphChangedSinceLastCheck() -> Bool {
        defer { lastGraphed = model.graphed }
        return model.graphed != lastGraphed
    }

    /// Shows `message` in the status line until the next action.
    func showNotice(_ message: String) {
        model.notice = message
    }

    /// Takes over a saved state, with the origin placed for this terminal's pane.
    func restore(_ saved: SavedState) {
        let route: AppModel.Route = saved.graph?.isFullScreen == true ? .graph : .calculator
        let layout = ScreenLayout(columns: window.columns, rows: window.rows, route: route)
        let pane = (layout.graph ?? ScreenLayout(columns: window.columns, rows: window.rows, route: .graph).graph)
            .map { presenter.paneSize(for: $0, cell: cell) }
        model = AppModel(restoring: saved, pane: pane)
        lastGraphed = model.graphed
    }

    /// The state to save now.
    func savedState(themeName: String) -> SavedState {
        let pane = graphPane ?? ScreenLayout(columns: window.columns, rows: window.rows, route: .graph).graph
            .map { presenter.paneSize(for: $0, cell: cell) }
        return model.savedState(pane: pane, theme: themeName)
    }

    /// Statistics of the graph over the visible x-range.
    func statistics(in viewport: Viewport) -> GraphStatistics {
        GraphStatistics.measure(model.graphed?.function ?? { _ in nil }, in: viewport)
    }

    private func drawText(_ layout: ScreenLayout, on buffer: inout ScreenBuffer) {
        let chrome = ChromeView(model: model, layout: layout, palette: palette)
        guard layout.choice.layout != .tooSmall else { return chrome.drawTooSmall(on: &buffer) }
        if let area = layout.calculator {
            CalculatorView(model: model, layout: layout, palette: palette, isFocused: model.focus == .calculator)
                .draw(in: area, on: &buffer)
            if layout.isSplit {
                for row in 0..<layout.statusRow { buffer.put("│", column: area.columns, row: row, style: palette.border) }
            }
        }
        if let bar = layout.titleBar {
            chrome.drawTitleBar(bar, isFocused: model.focus == .graph || !layout.isSplit, on: &buffer)
        }
        if let graph = layout.graph, model.graphed == nil {
            buffer.putCentred("Nothing graphed yet", in: graph, row: graph.row + graph.rows / 2, style: palette.dim)
        }
        chrome.drawStatus(on: &buffer)
        let overlays = OverlayView(palette: palette)
        let whole = CellRect(column: 0, row: 0, columns: layout.columns, rows: layout.statusRow)
        switch model.overlay {
        case .help?:
            overlays.drawBox(title: "Keys", lines: OverlayView.helpLines, in: whole, on: &buffer)
        case .history(let selection)?:
            let lines = model.history.entries.map { ChromeView.equation($0.description) }
            overlays.drawBox(title: "History (Enter graphs, Esc closes)", lines: lines, highlighted: selection,
                             in: whole, on: &buffer)
        default:
            break
        }
        if model.isPopoverOpen, presenter.graphicsProtocol == .unicode, let graph = layout.graph, let pane = graphPane,
           let camera = model.camera {
            let viewport = camera.viewport(width: pane.width, height: pane.height)
            PopoverText(statistics: statistics(in: viewport), palette: palette)
                .draw(in: graph, isSheet: !layout.isSplit, on: &buffer)
        }
    }
}
