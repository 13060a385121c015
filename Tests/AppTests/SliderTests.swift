import AppTestSupport
import Foundation
@testable import App
import Raster
import Terminal
import TestSupport
import Testing

/// Issue 23, item 3: a slider for each parameter of the graphed curves, driven as a person drives
/// it (keys decoded from their bytes, mouse reports), and the picture checked against the true
/// curve for the slider's value, computed here with Foundation.
@Suite("Sliders")
struct SliderTests {
    static let window = WindowSize(columns: 120, rows: 32)
    static let cell = PixelSize(width: 10, height: 20)

    /// A controller in `graphicsProtocol` with `expression` typed on the `:` line and graphed.
    static func controller(_ expression: String, _ graphicsProtocol: GraphicsProtocol = .sixel,
                           window: WindowSize = window) -> AppController {
        let controller = AppController(model: AppModel(), window: window, cell: cell,
                                       presenter: GraphPresenter(backend: graphicsProtocol.backend(), glyphs: BoxGlyphs()),
                                       theme: .dark)
        type(":" + expression + "\r", into: controller)
        _ = controller.frame()
        return controller
    }

    /// `text` as the terminal sends it (escape sequences included), decoded as the session decodes it.
    static func type(_ text: String, into controller: AppController) {
        var decoder = InputDecoder()
        for event in decoder.decode(Array(text.utf8)) { controller.handle(.input(event)) }
    }

    /// The text on the controller's screen after its last frame, a line a row.
    static func screenText(_ controller: AppController) -> String {
        guard let screen = controller.onScreen else { return "" }
        return (0..<screen.rows).map { row in String((0..<screen.columns).map { screen[$0, row].character }) }
            .joined(separator: "\n")
    }

    static let tab = "\t", right = "\u{1B}[C", left = "\u{1B}[D", shiftRight = "\u{1B}[1;2C", shiftLeft = "\u{1B}[1;2D"

    /// The share of the picture's columns (where the true curve is in view and not steep) whose
    /// curve ink lies within 3 pixels of `truth`: the view maps x and y linearly onto the pixels.
    static func agreement(of image: IndexedImage, in viewport: Viewport, with truth: (Double) -> Double) -> Double {
        let ink = Theme.dark.curveColor(0), paper = Theme.dark.background
        let x0 = viewport.xRange.lowerBound, x1 = viewport.xRange.upperBound
        let y0 = viewport.yRange.lowerBound, y1 = viewport.yRange.upperBound
        func row(_ y: Double) -> Double { (y1 - y) / (y1 - y0) * Double(image.height) }
        var checked = 0, agreeing = 0
        for column in stride(from: 2, to: image.width - 2, by: 3) {
            let x = x0 + (Double(column) + 0.5) / Double(image.width) * (x1 - x0)
            let r = row(truth(x)), before = row(truth(x - (x1 - x0) / Double(image.width)))
            guard r > 3, r < Double(image.height - 3), abs(r - before) < 2 else { continue }
            checked += 1
            let rows = max(Int(r) - 3, 0)...min(Int(r) + 3, image.height - 1)
            if rows.contains(where: { image.palette[Int(image.pixels[$0 * image.width + column])].isInk(ink, over: paper) }) {
                agreeing += 1
            }
        }
        return checked == 0 ? 0 : Double(agreeing) / Double(checked)
    }

    @Test("sin(a x) gets a slider for a at 1 on −10…10; Tab reaches it, → moves a step (0.2), Shift+→ ten, ← and Shift+← back")
    func keysMoveTheSlider() throws {
        let controller = Self.controller("sin(a x)")
        let layout = controller.layout
        let sliders = try #require(layout.sliders, "a row under the graph")
        #expect(sliders.rows == 1 && sliders.row == (layout.graph?.row ?? 0) + (layout.graph?.rows ?? 0))
        #expect(controller.model.slider("a") == Slider(value: 1, lower: -10, upper: 10))
        // Split view: calculator → graph → slider a.
        Self.type(Self.tab + Self.tab, into: controller)
        #expect(controller.model.focusedSlider == "a")
        Self.type(Self.right, into: controller)
        #expect(controller.model.slider("a").value == 1.2)
        Self.type(Self.shiftRight, into: controller)
        #expect(controller.model.slider("a").value == 3.2)
        Self.type(Self.left + Self.shiftLeft, into: controller)
        #expect(controller.model.slider("a").value == 1)
        for _ in 0..<30 { Self.type(Self.shiftRight, into: controller) }
        #expect(controller.model.slider("a").value == 10, "stops at the end of the range")
        // The curve's function is the true one for the value.
        let function = try #require(controller.model.graphed?.function)
        for x in [-2.5, 0.1, 0.7, 3.0] { #expect(isClose(try #require(function(x)), sin(10 * x), tolerance: 1e-12)) }
        Self.type(Self.tab, into: controller)
        #expect(controller.model.focusedSlider == nil && controller.model.focus == .calculator, "Tab goes round")
    }

    @Test("A slider's change redraws the picture in every pixel protocol: the true curve for the new value, not the old one",
          arguments: [GraphicsProtocol.sixel, .iterm2, .kitty])
    func pictureFollows(_ graphicsProtocol: GraphicsProtocol) throws {
        let controller = Self.controller("sin(a x)", graphicsProtocol)
        let captured = CapturedPictures(from: controller)
        _ = controller.frame()
        Self.type(Self.tab + Self.tab + Self.shiftRight + Self.right, into: controller)
        #expect(controller.model.slider("a").value == 3.2)
        _ = controller.frame()
        let image = try #require(captured.images.last)
        let pane = try #require(controller.graphPane)
        let viewport = try #require(controller.model.viewport(in: pane))
        let new = Self.agreement(of: image, in: viewport) { sin(3.2 * $0) }
        let old = Self.agreement(of: image, in: viewport) { sin($0) }
        #expect(new > 0.97, "the curve follows sin(3.2 x): \(new)")
        #expect(old < 0.6, "and no longer sin(x): \(old)")
    }

    @Test("In kitty a change of parameter sends a new picture, never a placement of the old one")
    func kittyResends() throws {
        let controller = Self.controller("sin(a x)", .kitty)
        Self.type(Self.tab + Self.tab, into: controller)
        _ = controller.frame()
        Self.type(Self.right, into: controller)
        let frame = String(decoding: controller.frame(), as: UTF8.self)
        #expect(frame.contains("a=T"), "a picture transmitted")
        #expect(!frame.contains("a=p"), "no pan placement")
    }

    @Test("Typed values: a digit opens the entry, Enter sets it; a value beyond the range widens it and says so; [min, max] sets the range")
    func typedValues() throws {
        let controller = Self.controller("a x^2 + b")
        #expect(controller.model.sliderNames == ["a", "b"])
        #expect(controller.layout.sliders?.rows == 2)
        Self.type(Self.tab + Self.tab + "\u{1B}[B", into: controller)
        #expect(controller.model.focusedSlider == "b", "↓ moves to the next slider")
        Self.type("-2.5\r", into: controller)
        #expect(controller.model.slider("b").value == -2.5)
        #expect(controller.model.overlay == nil)
        Self.type("25\r", into: controller)
        #expect(controller.model.slider("b") == Slider(value: 25, lower: -10, upper: 25))
        #expect(controller.model.notice?.contains("[-10, 25]") == true, "\(controller.model.notice ?? "")")
        Self.type("\r[0, 5]\r", into: controller)
        #expect(controller.model.slider("b") == Slider(value: 5, lower: 0, upper: 5), "the value brought into the new range")
        Self.type("\rpi/2\r", into: controller)
        #expect(controller.model.slider("b").value == Double.pi / 2)
        let function = try #require(controller.model.graphed?.function)
        #expect(isClose(try #require(function(3)), 1 * 9 + Double.pi / 2), "a is 1, b is π/2")
        // The status line lists the slider keys while one has focus.
        _ = controller.frame()
        let text = Self.screenText(controller)
        #expect(text.contains("←→ step") && text.contains("Space play"))
    }

    @Test("Refused entries keep the line open with the reason: NaN, ∞, a function of x, text, a range of no width, half a range",
          arguments: ["nan", "inf", "-inf", "x+1", "a", "hello", "[3, 3]", "[1, 2", "[1, nan]", "1e999"])
    func refusedEntries(_ typed: String) throws {
        let controller = Self.controller("sin(a x)")
        Self.type(Self.tab + Self.tab + "\r" + typed + "\r", into: controller)
        guard case .sliderEntry(let name, let line)? = controller.model.overlay else {
            Issue.record("the entry closed on \(typed)")
            return
        }
        #expect(name == "a" && line.error != nil)
        #expect(controller.model.slider("a") == .standard)
        let inspector = FrameInspector(controller.frame())
        #expect(inspector.problems.isEmpty, "\(inspector.problems)")
    }

    @Test("A click on the track puts the knob there; a drag moves it; both ends are reached exactly")
    func mouse() throws {
        let controller = Self.controller("sin(a x)")
        let row = try #require(SliderView.rows(of: controller.model, in: controller.layout).first)
        let track = try #require(row.track)
        func mouse(_ action: MouseEvent.Action, _ column: Int) {
            controller.handle(.input(.mouse(MouseEvent(action: action, button: .left, column: column, row: row.row))))
        }
        mouse(.press, track.column + track.columns - 1)
        mouse(.release, track.column + track.columns - 1)
        #expect(controller.model.slider("a").value == 10)
        #expect(controller.model.focusedSlider == "a", "the click gives the slider the focus")
        mouse(.press, track.column)
        #expect(controller.model.slider("a").value == -10)
        // Dragged to the middle cell: the middle of the range, within half a cell's worth.
        let middle = track.column + (track.columns - 1) / 2
        mouse(.drag, middle)
        let expected = -10 + 20 * Double(middle - track.column) / Double(track.columns - 1)
        #expect(abs(controller.model.slider("a").value - expected) < 1e-9)
        mouse(.release, middle)
        mouse(.drag, track.column + 3)
        #expect(abs(controller.model.slider("a").value - expected) < 1e-9, "after the release a motion does not move it")
        let function = try #require(controller.model.graphed?.function)
        #expect(isClose(try #require(function(1.3)), sin(expected * 1.3)))
        // A release away from the last motion (a terminal that merged the motions into it): the knob ends there.
        mouse(.press, track.column)
        mouse(.drag, track.column + 2)
        mouse(.release, track.column + track.columns - 1)
        #expect(controller.model.slider("a").value == 10, "the knob ends where the button was released")
    }

    @Test("The compact layout shows one slider a line, the focused one first; the picture keeps rows")
    func compactLayout() throws {
        let controller = Self.controller("a sin(b x) + c", window: WindowSize(columns: 60, rows: 24))
        controller.apply(.graph)
        let layout = controller.layout
        #expect(!layout.isSplit)
        let area = try #require(layout.sliders)
        #expect(area.rows == 3 && (layout.graph?.rows ?? 0) >= ScreenLayout.minimumGraphRows)
        Self.type(Self.tab + Self.tab, into: controller)
        #expect(controller.model.focusedSlider == "b")
        #expect(SliderView.shownNames(of: controller.model, in: controller.layout) == ["b", "c", "a"])
        // Each row reads its parameter's value.
        var buffer = ScreenBuffer(columns: 60, rows: 24)
        ScreenText(model: controller.model, layout: controller.layout, styles: TextStyles(isDark: true), textPopoverPane: nil)
            .draw(on: &buffer)
        let line = String((0..<60).map { buffer[$0, area.row].character })
        #expect(line.hasPrefix("▸ b = 1"), "\(line)")
    }

    @Test("In braille the sliders are text rows with the same keys")
    func braille() throws {
        let controller = Self.controller("sin(a x)", .unicode)
        Self.type(Self.tab + Self.tab + Self.shiftLeft, into: controller)
        #expect(controller.model.slider("a").value == -1)
        _ = controller.frame()
        let text = Self.screenText(controller)
        #expect(text.contains("▸ a = -1 ") && text.contains("●"), "\(text)")
    }

    @Test("Help lists the slider and playback keys")
    func help() {
        let help = KeyGuide.lines.joined(separator: "\n")
        #expect(help.contains("Space") && help.contains("< >") && help.contains("[min, max]") && help.contains("Shift"))
    }
}
