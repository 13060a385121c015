import FoundationEssentials
import Raster
import SystemPackage
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
    /// How the graph is drawn; another one when tmux's terminals change (`chooseProtocolAgain`).
    private(set) var presenter: GraphPresenter
    /// The graph's and the text's colours; another one when the terminal's background changes
    /// and the theme follows it (`followsTerminalColours`).
    private(set) var theme: Theme
    private var styles: TextStyles
    /// Whether the text is drawn in colour (false under NO_COLOR).
    private let inColour: Bool

    /// Frames written so far.
    private(set) var framesDrawn = 0
    /// Whether a button flash is showing and a frame should follow shortly to clear it.
    private(set) var needsFollowUpFrame = false
    /// Frames that still send the picture whole after the pane gained focus (`sendsAgainOnFocus`).
    private var picturesAfterFocus = 0
    private var lastGraphed: [GraphedProgram] = []
    /// The text the terminal shows now, as the last frame left it.
    private(set) var onScreen: ScreenBuffer?
    /// What the text on screen was drawn from: the model, without the camera when the text does not show it.
    private var textOnScreen: AppModel?
    /// The graph picture on screen, in the pane the backend's abilities chose.
    var images: any PicturePane
    private var needsClear = true
    /// What erases the pictures of a presenter given up, written before the next frame.
    private var erasingFirst: [UInt8] = []
    /// How the protocol is chosen again inside tmux; nil elsewhere.
    var protocolRechoice: ProtocolRechoice?
    /// Outside tmux, how the backend is made again for a new window size; nil inside tmux and in tests.
    var windowFollowing: WindowFollowing?
    /// While a client that has just attached settles: since when, and when to ask tmux next.
    var settling: (started: ContinuousClock.Instant, next: ContinuousClock.Instant)?
    private var mouse = MouseTracker()
    /// A playback's pictures paced by the terminal's answers, where the backend loses pictures sent
    /// too fast (through tmux); nil elsewhere.
    var pacing: PicturePacing?

    /// A controller; `inColour` false draws the text without colour (NO_COLOR).
    init(model: AppModel, window: WindowSize, cell: PixelSize, presenter: GraphPresenter, theme: Theme, inColour: Bool = true) {
        self.model = model
        self.window = window
        self.cell = cell
        self.presenter = presenter
        self.theme = theme
        self.inColour = inColour
        styles = TextStyles(isDark: theme == .dark, inColour: inColour)
        images = picturePane(for: presenter, theme: theme)
        pacing = PicturePacing(backend: presenter.backend)
    }

    /// Makes the picture pane for a presenter and theme: the start's own (with its worker's label
    /// faces), used again when the protocol or the theme changes.
    var makePicturePane: (GraphPresenter, Theme) -> any PicturePane = { picturePane(for: $0, theme: $1) }

    /// Draws in `theme` from the next frame on: text, picture and the paper around it.
    func draw(in theme: Theme) {
        guard theme != self.theme else { return }
        self.theme = theme
        styles = TextStyles(isDark: theme == .dark, inColour: inColour)
        images = makePicturePane(presenter, theme)
        needsClear = true
    }

    /// The layout for the current size and route.
    var layout: ScreenLayout { layout(for: model.route) }

    /// The layout for the current size showing `route`, its graph narrowed to the largest picture
    /// the terminal shows: made once for each size and route, then kept (a key asks for it
    /// several times: to map the key, to size the pane, to draw the frame).
    private func layout(for route: AppModel.Route) -> ScreenLayout {
        let key = LayoutKey(route: route, sliders: model.sliderNames.count)
        if let kept = layouts[key] { return kept }
        let made = ScreenLayout(columns: window.columns, rows: window.rows, route: route, sliderCount: key.sliders)
            .fittingPicture(within: presenter.backend.largestPicture(cell: cell), unit: presenter.unit(cell: cell),
                            wholeRows: { [presenter, cell] rows in presenter.backend.rowsShownPixelForPixel(atMost: rows, cellHeight: cell.height) }
            ) { [presenter, cell] height in
                presenter.backend.rows(forHeight: height, cellHeight: presenter.unit(cell: cell).height)
            }
        layouts[key] = made
        layoutsMade += 1
        return made
    }

    /// What a layout is made for, besides the window and cell size.
    private struct LayoutKey: Hashable {
        var route: AppModel.Route
        /// How many sliders lie under the graph.
        var sliders: Int
    }

    /// The layouts made for the current window and cell size, by route and sliders.
    private var layouts: [LayoutKey: ScreenLayout] = [:]
    /// How many layouts were made since the controller began: one per route and window size.
    private(set) var layoutsMade = 0

    /// Whether the x labels of the view are pinned to an edge of the pane (the x axis is out of view).
    var xLabelsArePinned: Bool {
        guard let content = imageContent(layout) else { return false }
        return presenter.renderer(theme: theme, cell: cell).labelStance(in: content.viewport)?.x.isPinned == true
    }

    /// The graph pane in the graph's pixels, nil when no graph is on screen.
    var graphPane: AppModel.PaneSize? { layout.graph.map { presenter.paneSize(for: $0, cell: cell) } }

    /// The graph pane in the graph's pixels with `route` on screen: the split view's pane, or
    /// the full-screen pane a pushed graph has (when `route` shows no graph, the one it would have).
    func pane(for route: AppModel.Route) -> AppModel.PaneSize? {
        let rect = layout(for: route).graph ?? layout(for: .graph).graph
        return rect.map { presenter.paneSize(for: $0, cell: cell) }
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
        case .input(.key(.control("l"))):
            // Ctrl-L, as in other full-screen programs: the whole screen written again, the picture
            // sent again, whatever another program or a glitch left on it. Typing goes on after it.
            // Inside tmux the protocol is chosen again first (passthrough may be on now); the
            // colours are asked for again everywhere (the terminal may have switched themes).
            chooseProtocolAgain()
            askTerminalColours()
            needsClear = true
        case .input(.key(let key)):
            if let action = InputMapping.action(for: key, model: model, layout: layout) { apply(action) }
        case .input(.mouse(let event)):
            for action in mouse.actions(for: event, model: model, layout: layout, pane: graphPane, cell: presenter.unit(cell: cell)) {
                apply(action)
            }
        case .input(.paste(let text)):
            if case .expression? = model.overlay { apply(.editExpression(.insert(text))) }
            if case .sliderEntry? = model.overlay { apply(.slider(.edit(.insert(text)))) }
        case .input(.pasteTooLong(let byteCount)):
            model.notice = "Paste too long (\(Self.sizeInWords(byteCount))): nothing was pasted"
        case .input(.reply(let reply)):
            pacing?.take(reply)
            take(reply)
        case .input(.focus(let gained)):
            // tmux reports the focus when a client attaches, perhaps from another terminal: the
            // protocol is chosen again, and the colours asked for again.
            if gained { chooseProtocolAgain() }
            // The terminal may have dropped the picture while the pane was out of view (a tmux
            // reattach): sent again now, and once more in the follow-up frame, as tmux reports the
            // focus while it is still attaching, before it has the terminal in the alternate screen.
            if gained && presenter.abilities.sendsAgainOnFocus {
                needsClear = true
                picturesAfterFocus = 2
            }
        case .resized(let size):
            resize(to: size)
        case .continued:
            needsClear = true
        case .terminate(let signal):
            terminatingSignal = terminatingSignal ?? signal
            apply(.quit)
        case .inputClosed:
            apply(.quit)
        }
    }

    /// A byte count in words: "3.2 MiB", "900 KiB".
    static func sizeInWords(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\((Double(bytes) / Double(1 << 20) * 10).rounded() / 10) MiB" : "\(bytes >> 10) KiB"
    }

    /// Applies `action` to the model with the current graph pane.
    func apply(_ action: AppAction) {
        model.apply(action, graphPane: pane(for: model.route))
        // A playback started anew counts its frames from its own start.
        if action == .slider(.togglePlayback) {
            playbackClock = nil
            images.framesAhead.drop()
        }
        if action == .savePicture { savePicture() }
        if action == .saveScreen { saveScreen() }
        if action == .saveScreenAsSVG { saveScreenAsSVG() }
    }

    /// When the playback began counting frames, and the frames counted since: the playback moves
    /// by the frames elapsed on the clock, so its pace holds whatever a frame costs.
    var playbackClock: (start: ContinuousClock.Instant, frames: Int)?

    /// The signal that asked the app to end (SIGTERM, SIGHUP, SIGINT), if one did.
    private(set) var terminatingSignal: Int32?

    /// The folder `w` saves pictures into; nil for the current folder (whatever it is at the time).
    var pictureFolder: FilePath?

    /// The colours the terminal gives text whose style leaves them to it: its background as it
    /// reported it (OSC 11), else the theme's idea of one.
    var terminalColors: (foreground: RGB, background: RGB)?

    /// Whether the theme follows the terminal's background when it reports it again (no `--theme`).
    var followsTerminalColours = false

    /// Questions for the terminal, written after the next frame (`takeQuestions`).
    var questions: [UInt8] = []

    /// The screen `W` saved last, kept for `s` to save as SVG too, and the name it was saved under.
    var lastScreen: (screen: ScreenPicture, graph: IndexedImage?, name: String)?

    /// Draws with `backend` from the next frame on, in a picture pane `makePicturePane` makes: the screen
    /// cleared and the old backend's pictures erased first, the layouts made again.
    /// The graph keeps its scale in cells: a braille pane is measured in dots, a picture's in pixels.
    func draw(with backend: any GraphicsBackend) {
        keepingTheGraphInItsCells {
            erasingFirst += presenter.eraseBytes()
            presenter = GraphPresenter(backend: backend, glyphs: presenter.glyphs)
            images = makePicturePane(presenter, theme)
        }
        pacing = PicturePacing(backend: backend)
        layouts = [:]
        needsClear = true
        picturesAfterFocus = 0
    }

    /// Takes a new window size: the camera keeps its origin relative to the pane's centre. When the
    /// cells changed size (the font zoomed, or tmux told its real cells at last), the graph is
    /// measured in the new pixels, so the same stretch of it shows in the same cells.
    func resize(to size: WindowSize) {
        let size = size.withinLimits
        window = size
        if size.cellWidth > 0, size.cellHeight > 0 {
            keepingTheGraphInItsCells { cell = PixelSize(width: size.cellWidth, height: size.cellHeight) }
        }
        layouts = [:]
        needsClear = true
        chooseProtocolAgainForWindow()
        drawForWindowOutsideTmux()
    }

    /// Runs `change` (of the presenter or the cell), then measures the camera in the graph's new
    /// unit, so the same stretch of the graph shows in the same cells.
    private func keepingTheGraphInItsCells(_ change: () -> Void) {
        let before = presenter.unit(cell: cell).width
        change()
        let after = presenter.unit(cell: cell).width
        if before > 0, after != before { model.camera = model.camera?.measured(by: Double(after) / Double(before)) }
    }

    /// The bytes that bring the screen up to date at `now`, or nothing when nothing changed.
    func frame(at now: ContinuousClock.Instant = .now) -> [UInt8] {
        let layout = self.layout
        let wanted = imageContent(layout)
        defer { renderNextPlaybackFrameAhead(layout) }
        if picturesAfterFocus > 0 {
            needsClear = true
            picturesAfterFocus -= 1
        }
        // A picture that goes away or moves leaves pixels behind in sixel terminals: start afresh.
        if images.isMovedOrRemoved(by: wanted) { needsClear = true }
        if needsClear { images.forget() }
        // The picture first, so that a failure to encode it is in this frame's status line.
        var picture = [UInt8]()
        do { picture = try images.update(to: wanted, cell: cell) } catch { model.notice = "Graph not drawn: \(error)" }

        let textPopoverPane = presenter.abilities.drawsPixels ? nil : graphPane
        // A pan or zoom changes only the picture: the text on screen is the same, unless it holds
        // the braille popover, whose numbers follow the camera.
        var textState = model
        if textPopoverPane == nil || !model.isPopoverOpen { textState.camera = nil }
        let isTextUnchanged = !needsClear && onScreen != nil && textState == textOnScreen
        let buffer: ScreenBuffer
        if isTextUnchanged, let onScreen {
            buffer = onScreen
        } else {
            var fresh = ScreenBuffer(columns: max(window.columns, 1), rows: max(window.rows, 1))
            var text = ScreenText(model: model, layout: layout, styles: styles, textPopoverPane: textPopoverPane)
            text.overlayInPicture = presenter.abilities.drawsPixels
            text.draw(on: &fresh)
            buffer = fresh
        }
        textOnScreen = textState

        var out = [UInt8]()
        if needsClear {
            out += erasingFirst + presenter.eraseBytes() + Array("\u{1B}[0m\u{1B}[2J".utf8)
            erasingFirst = []
            onScreen = nil
        }
        // The text beside the picture goes after it: in a terminal that shows a frame as it comes
        // (no mode 2026), the status line then changes with the picture's readout, not a sixel's
        // decoding before it. The rows the picture covers go first, so none is written over it.
        var textAfter = [UInt8]()
        if !isTextUnchanged {
            if let onScreen, onScreen.columns == buffer.columns, onScreen.rows == buffer.rows,
               !picture.isEmpty, let rect = wanted?.rect {
                let paneRows = onScreen.replacingRows(rect.row..<rect.row + rect.rows, from: buffer)
                out += paneRows.diff(from: onScreen)
                textAfter = buffer.diff(from: paneRows)
            } else {
                out += onScreen.map { buffer.diff(from: $0) } ?? buffer.fullRedraw()
            }
        }
        if !picture.isEmpty, let rect = wanted?.rect {
            out += picture + textAfter
            // Text over the pane (the popover in braille) is written again over the picture.
            out += buffer.diff(from: buffer.forgettingText(in: rect, keeping: buffer))
            // While playing, the next picture waits until the terminal has taken this one.
            if model.playback != nil { out += pacing?.ask(at: now) ?? [] }
        }
        onScreen = buffer
        needsClear = false
        needsFollowUpFrame = model.flashedButton != nil || picturesAfterFocus > 0
        model.flashedButton = nil
        guard !out.isEmpty else { return [] }
        framesDrawn += 1
        return Self.synchronized(out, endingAtRow: window.rows)
    }

    /// `frame` as a synchronized update (mode 2026): terminals that know it show the frame at
    /// once, others ignore it. The cursor ends on the last row.
    ///
    /// A NUL opens the frame, before any escape sequence. kitty 0.26 buffers a synchronized
    /// frame and, when a read from the terminal ends inside the frame's first escape sequence
    /// before anything else was buffered, loses that sequence (`do_parse_bytes` in its parser.c
    /// records the parser's state only while its buffer is empty): the first chunk of a picture,
    /// and with it the whole picture. NUL is buffered at once, and every terminal ignores it.
    static func synchronized(_ frame: [UInt8], endingAtRow row: Int) -> [UInt8] {
        Array("\u{1B}[?2026h\u{0}".utf8) + frame + Array("\u{1B}[\(row);1H\u{1B}[?2026l".utf8)
    }

    /// What the graph picture should show in `layout`, nil when no picture belongs on screen.
    func imageContent(_ layout: ScreenLayout) -> PictureContent? {
        imageContent(layout, of: model)
    }

    /// What the graph picture should show in `layout` with `model`'s state (the model now, or as
    /// the next frame of a playback will have it).
    func imageContent(_ layout: ScreenLayout, of model: AppModel) -> PictureContent? {
        guard let rect = layout.graph, model.graphed != nil, let camera = model.camera, let pane = graphPane
        else { return nil }
        // Help and history stand over the graph: a picture draws them in; braille has them as text.
        let shown = ListBox.overlay(of: model, in: layout)
        // Help too long for the pane takes the whole screen as text: no picture under it.
        if let shown, !shown.isOverGraph { return nil }
        let panel = presenter.abilities.drawsPixels ? shown.map { ListBox.panel($0, in: rect, cell: cell) } : nil
        var content = PictureContent(curves: model.curves, camera: camera, pane: pane, rect: rect,
                                     hasPopover: model.isPopoverOpen, isSheet: !layout.isSplit, panel: panel)
        let marks = self.marks(over: content, of: model)
        content.trace = marks.trace
        content.points = marks.points
        content.area = model.areaShade
        content.showsPoints = model.showsPoints
        content.isPlaying = model.playback != nil
        return content
    }

    /// What the marks over the graph are derived from.
    private struct MarkSource: Equatable {
        var curves: [GraphedProgram]
        var camera: GraphCamera
        var pane: AppModel.PaneSize
        var trace: Trace?
        var showsPoints: Bool
    }

    /// The marks last derived, with their source: the loop asks for a frame every few
    /// milliseconds while kitty's next panorama renders, and the marks cost a search of the curves
    /// (points of interest, a slope, an area), so they are derived again only when their source changes.
    private var marksKept: (source: MarkSource, trace: TraceMark?, points: [PointMark])?
    /// How many times the marks were derived since the controller began.
    private(set) var marksDerived = 0

    /// The trace's mark and the points of interest (when shown) over `content`'s view.
    private func marks(over content: PictureContent, of model: AppModel) -> (trace: TraceMark?, points: [PointMark]) {
        let source = MarkSource(curves: content.curves, camera: content.camera, pane: content.pane, trace: model.trace,
                                showsPoints: model.showsPoints)
        if let kept = marksKept, kept.source == source { return (kept.trace, kept.points) }
        let trace = model.traceMark(pane: content.pane)
        let points = model.showsPoints ? pointMarks(of: model.curves, in: content.viewport) : []
        marksKept = (source, trace, points)
        marksDerived += 1
        return (trace, points)
    }

    /// The points of interest of the curves in `viewport` as marks: roots, extrema, y-intercepts
    /// and intersections (outlined in the first curve's colour); never a pole or a jump.
    private func pointMarks(of curves: [GraphedProgram], in viewport: Viewport) -> [PointMark] {
        PointMark.ofInterest(curves, in: viewport, reach: presenter.renderer(theme: theme, cell: cell).pointMarkReach)
    }

    /// Whether the graphed program changed since the last call: a safe point to save.
    func graphChangedSinceLastCheck() -> Bool {
        // Programs, not their parameters' values: a slider moving or playing is saved on the way out.
        defer { lastGraphed = model.curves }
        return model.curves.programs != lastGraphed.programs
    }

    /// Takes back the offer to save the screen `W` saved as SVG too (`s`): nothing was saved.
    func withdrawScreenVectorOffer() {
        model.offersScreenVector = false
    }

    /// Shows `message` in the status line until the next action: a warning, or `isNews` what an
    /// action did (`AppModel.tell`).
    func showNotice(_ message: String, isNews: Bool = false) {
        if isNews { model.tell(message) } else { model.notice = message; model.noticeIsNews = false }
    }

    /// Takes over a saved state, with the origin placed for this terminal's pane.
    func restore(_ saved: SavedState) {
        let route: AppModel.Route = saved.graph?.isFullScreen == true ? .graph : .calculator
        model = AppModel(restoring: saved, pane: pane(for: route))
        lastGraphed = model.curves
    }

    /// The state to save now, with the theme shown now (the next start's, where its terminal does not say).
    func savedState() -> SavedState {
        model.savedState(pane: pane(for: model.route), theme: theme == .dark ? "dark" : "light")
    }
}
