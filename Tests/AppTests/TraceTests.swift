import Foundation
@testable import App
import Raster
import Terminal
import TestSupport
import Testing

/// Issue 22, item 4: a trace walks a curve, jumps to its points of interest and shows the
/// tangent. Every answer is checked against a closed form, never against gcview's own output.
@Suite("Trace")
struct TraceTests {
    static let pane = Panes.full

    static func model(_ expressions: [String]) -> AppModel {
        var model = AppModel.graphing(expressions[0], in: pane)
        for expression in expressions.dropFirst() {
            model.apply(.addCurve, graphPane: pane)
            model.apply(.editExpression(.insert(expression)), graphPane: pane)
            model.apply(.editExpression(.submit), graphPane: pane)
        }
        return model
    }

    static func trace(_ model: inout AppModel, _ actions: TraceAction...) {
        for action in actions { model.apply(.trace(action), graphPane: pane) }
    }

    @Test("t starts on the first curve at the centre's x (0 with the origin there); → and ← move one pixel column")
    func startAndStep() throws {
        var model = Self.model(["sin(x)*x"])
        Self.trace(&model, .start)
        #expect(model.trace == Trace(curve: 0, x: 0))
        let scale = try #require(model.camera?.scaleX)
        Self.trace(&model, .step(1), .step(1), .step(1))
        #expect(isClose(try #require(model.trace?.x), 3 / scale, tolerance: 1e-12), "three columns right")
        let y = try #require(model.tracedValues(pane: Self.pane)?.y)
        let x = 3 / scale
        #expect(isClose(y, sin(x) * x), "y on the curve")
        #expect(model.traceReadout(pane: Self.pane) == ["x = \(PopoverNumber.text(x))", "y = \(PopoverNumber.text(sin(x) * x))"])
        model.apply(.dismiss, graphPane: Self.pane)
        #expect(model.trace == nil, "Esc ends the trace")
    }

    @Test("] and [ jump along sin(x)·x: its maximum where tan x = −x, then its root at π (y reads exactly 0), and back")
    func jumpsToPointsOfInterest() throws {
        var model = Self.model(["sin(x)*x"])
        Self.trace(&model, .start, .jump(1))
        // The first maximum right of 0 solves tan x + x = 0.
        let maximum = try #require(model.trace?.x)
        #expect(abs(maximum - 2.028757838110434) < 1e-7, "maximum at \(maximum)")
        #expect(model.trace?.landmark == .maximum)
        Self.trace(&model, .jump(1))
        #expect(abs(try #require(model.trace?.x) - Double.pi) < 1e-12)
        #expect(model.traceReadout(pane: Self.pane)?.contains("y = 0") == true)
        #expect(model.traceReadout(pane: Self.pane)?.first == "root")
        Self.trace(&model, .jump(-1))
        #expect(abs(try #require(model.trace?.x) - 2.028757838110434) < 1e-7, "[ goes back to the maximum")
    }

    @Test("x ln x's root at 0, the edge of its domain where it is undefined, is still marked and read: y = 0")
    func rootAtTheDomainsEdge() throws {
        var model = Self.model(["x*ln(x)"])
        Self.trace(&model, .start, .jump(1))
        // The closed form: (x ln x)' = ln x + 1 = 0 at 1/e.
        #expect(abs(try #require(model.trace?.x) - exp(-1)) < 1e-7)
        Self.trace(&model, .jump(-1))
        #expect(model.trace?.x == 0 && model.trace?.landmark == .root)
        let mark = try #require(model.traceMark(pane: Self.pane), "the ring and readout at the root")
        #expect(mark.point == Point(x: 0, y: 0))
        #expect(mark.lines == ["root", "x = 0", "y = 0"])
    }

    @Test("] lands on (x² − 1)/(x − 1)'s hole at 1: 'y undefined, → 2', the ring where the curve tends to")
    func jumpsToAHole() throws {
        var model = Self.model(["(x^2-1)/(x-1)"])
        Self.trace(&model, .start, .jump(1))
        // The closed form: x + 1 away from 1, undefined (0/0) at 1.
        #expect(model.trace?.x == 1 && model.trace?.landmark == .hole(limit: 2))
        let mark = try #require(model.traceMark(pane: Self.pane), "the ring and readout at the hole")
        #expect(mark.point == Point(x: 1, y: 2))
        #expect(mark.lines == ["hole", "x = 1", "y undefined, → 2"])
        Self.trace(&model, .jump(-1))
        #expect(model.trace?.x == 0 && model.trace?.landmark == .yIntercept)
    }

    @Test("A jump along tan(x) passes its pole at π/2 and lands on the root at π")
    func jumpSkipsPoles() throws {
        var model = Self.model(["tan(x)"])
        Self.trace(&model, .start, .jump(1))
        let x = try #require(model.trace?.x)
        #expect(abs(x - Double.pi) < 1e-12, "landed at \(x), not on the pole at π/2")
        #expect(model.trace?.landmark == .root)
    }

    @Test("With x and cos(x), ] lands where they meet (the Dottie number); ↓ moves to cos(x) at the same x")
    func intersectionAndSwitch() throws {
        var model = Self.model(["x", "cos(x)"])
        Self.trace(&model, .start, .jump(1))
        let x = try #require(model.trace?.x)
        #expect(abs(x - 0.7390851332151607) < 1e-12, "met at \(x)")
        #expect(model.trace?.landmark == .intersection(with: 1))
        Self.trace(&model, .switchCurve(1))
        #expect(model.trace?.curve == 1 && model.trace?.x == x)
        #expect(isClose(try #require(model.tracedValues(pane: Self.pane)?.y), cos(x)))
    }

    @Test("' shows the slope: at π on sin(x)·x it is −π (sin π + π cos π), to 1e-8")
    func tangentSlope() throws {
        var model = Self.model(["sin(x)*x"])
        Self.trace(&model, .start, .jump(1), .jump(1), .toggleTangent)
        let slope = try #require(model.tracedValues(pane: Self.pane)?.slope)
        #expect(abs(slope + Double.pi) < 1e-8, "slope \(slope)")
        #expect(model.traceReadout(pane: Self.pane)?.last == "slope = \(PopoverNumber.text(-Double.pi))")
        let mark = try #require(model.traceMark(pane: Self.pane))
        #expect(mark.tangentSlope == slope && mark.point.y == 0)
    }

    @Test("A corner has no slope: |x| at 0")
    func noSlopeAtCorner() throws {
        var model = Self.model(["abs(x)"])
        Self.trace(&model, .start, .toggleTangent)
        #expect(model.tracedValues(pane: Self.pane)?.slope == nil)
        #expect(model.traceReadout(pane: Self.pane)?.last == "no slope here")
    }

    @Test("The view follows the trace out of the pane; the trace ends with its curve")
    func viewFollows() throws {
        var model = Self.model(["sin(x)"])
        Self.trace(&model, .start)
        for _ in 0..<(Self.pane.width) { Self.trace(&model, .step(1)) }
        let viewport = try #require(model.viewport(in: Self.pane))
        let x = try #require(model.trace?.x)
        #expect(viewport.xRange.contains(x), "x \(x) stays in \(viewport.xRange)")
        model.apply(.removeKeptCurves, graphPane: Self.pane)
        model.apply(.openExpressionLine, graphPane: Self.pane)
        model.apply(.editExpression(.insert("cos(x)")), graphPane: Self.pane)
        model.apply(.editExpression(.submit), graphPane: Self.pane)
        #expect(model.trace?.curve == 0, "one curve still: the trace stays on it")
    }

    @Test("The picture marks the trace in every pixel protocol: the readout beside the point, and the tangent along the true line")
    func pictureMarksTrace() throws {
        for graphicsProtocol in [GraphicsProtocol.sixel, .kitty, .iterm2] {
            let controller = AppController(model: Self.model(["sin(x)*x"]), window: WindowSize(columns: 100, rows: 30),
                                           cell: PixelSize(width: 10, height: 20),
                                           presenter: GraphPresenter(backend: graphicsProtocol.backend(), glyphs: BoxGlyphs()),
                                           theme: .dark)
            let captured = CapturedPictures(from: controller)
            controller.apply(.trace(.start))
            controller.apply(.trace(.jump(1)))
            controller.apply(.trace(.jump(1)))
            controller.apply(.trace(.toggleTangent))
            _ = controller.frame()
            let image = try #require(captured.images.last)
            let texts = image.texts.filter { $0.role == .callout }.map(\.text)
            #expect(texts == ["root", "x = 3.14159", "y = 0", "slope = -3.14159"], "\(graphicsProtocol): \(texts)")
            // The tangent y = −π (x − π) in the first curve's colour, far from the point.
            let content = try #require(controller.images.onScreen)
            let viewport = content.viewport
            let curve = Theme.dark.curveColor(0)
            var onLine = 0, checked = 0
            // Right of the point, past the ring and the readout box (which reaches two arrow widths right of it).
            let pointColumn = Int(viewport.column(forX: Double.pi))
            for column in stride(from: pointColumn + 25, to: image.width - 2, by: 5) {
                let x = viewport.x(atColumn: Double(column) + 0.5)
                let row = Int(viewport.row(forY: -Double.pi * (x - Double.pi)))
                guard row > 2, row < image.height - 2 else { continue }
                checked += 1
                // Anti-aliased ink: a pixel nearer the curve's colour than the paper's.
                func inked(_ row: Int) -> Bool {
                    image.palette[Int(image.pixels[row * image.width + column])].isInk(curve, over: Theme.dark.background)
                }
                let nearby = (row - 2...row + 2).contains(where: inked)
                if nearby { onLine += 1 }
            }
            #expect(checked > 3 && onLine == checked, "\(graphicsProtocol): \(onLine) of \(checked) columns show the tangent")
        }
    }

    @Test("The keys: t starts, → moves, ] jumps, ' shows the slope, ↓ changes curve, Esc ends; the status line reads it out")
    func keys() throws {
        let controller = AppController(model: Self.model(["sin(x)*x", "x"]), window: WindowSize(columns: 100, rows: 30),
                                       cell: PixelSize(width: 10, height: 20),
                                       presenter: GraphPresenter(backend: UnicodeBackend(), glyphs: nil), theme: .dark)
        func press(_ keys: KeyPress...) { for key in keys { controller.handle(.input(.key(key))) } }
        let before = controller.model.camera
        press(.character("t"), .right)
        #expect(controller.model.trace?.x ?? 0 > 0 && controller.model.camera == before, "→ moves the trace, not the view")
        press(.character("]"), .character("'"))
        #expect(controller.model.trace?.showsTangent == true && controller.model.trace?.landmark != nil)
        let status = String(decoding: controller.frame(), as: UTF8.self)
        #expect(status.contains("slope = ") && status.contains("Esc end"), "the readout is on the status line")
        press(.down)
        #expect(controller.model.trace?.curve == 1)
        press(.escape)
        #expect(controller.model.trace == nil)
        press(.right)
        #expect(controller.model.camera != before, "→ pans again once the trace ends")
    }

    @Test("A click on a curve starts a trace there; a click beside it or a drag does not")
    func clickStartsTrace() throws {
        let controller = AppController(model: Self.model(["sin(x)*x"]), window: WindowSize(columns: 100, rows: 30),
                                       cell: PixelSize(width: 10, height: 20),
                                       presenter: GraphPresenter(backend: GraphicsProtocol.kitty.backend(), glyphs: nil), theme: .dark)
        _ = controller.frame()
        let graph = try #require(controller.layout.graph)
        let pane = try #require(controller.graphPane)
        let viewport = try #require(controller.model.camera).viewport(width: pane.width, height: pane.height)
        func cell(x: Double, y: Double) -> (column: Int, row: Int) {
            (graph.column + Int(viewport.column(forX: x)) / 10, graph.row + Int(viewport.row(forY: y)) / 20)
        }
        func click(_ at: (column: Int, row: Int)) {
            controller.handle(.input(.mouse(MouseEvent(action: .press, button: .left, column: at.column, row: at.row))))
            controller.handle(.input(.mouse(MouseEvent(action: .release, button: .left, column: at.column, row: at.row))))
        }
        // Far from the curve (y = 5 where sin(x)·x is about 0.84 at x = 1): nothing.
        click(cell(x: 1, y: 5))
        #expect(controller.model.trace == nil)
        Thread.sleep(forTimeInterval: 0.5)  // not a double click
        click(cell(x: 1, y: sin(1.0)))
        let trace = try #require(controller.model.trace, "a click on the curve traces it")
        #expect(abs(trace.x - 1) < 0.5, "at the clicked x: \(trace.x)")
    }
}

/// Issue 22, item 3: the popover lists the points of interest in view, nearest the centre first.
@Suite("Points in the popover")
struct PopoverPointsTests {
    @Test("sin(x)·x with the origin centred: the root at 0 first (named once, though it is also the minimum and the y-intercept), then the maxima where tan x = −x")
    func nearestFirst() throws {
        let model = AppModel.graphing("sin(x)*x", in: Panes.full)
        let viewport = try #require(model.viewport(in: Panes.full))
        let lines = PopoverContent.lines(for: CurveStatistics.measure(model.curves, in: viewport))
        let start = try #require(lines.firstIndex(of: "nearest the centre:"))
        let listed = Array(lines[(start + 1)...])
        #expect(listed.count == 3)
        #expect(listed.first == "  root  x = 0")
        let x = 2.028757838110434, y = x * sin(x)
        #expect(listed.contains("  maximum  (\(PopoverNumber.text(x)), \(PopoverNumber.text(y)))"), "\(listed)")
        #expect(listed.contains("  maximum  (\(PopoverNumber.text(-x)), \(PopoverNumber.text(y)))"), "\(listed)")
    }

    @Test("x² − 2 and 1 − x²: each curve's nearest point under its max and min; they meet at (±√1.5, −0.5), nearer than x² − 2's roots ±√2")
    func severalCurves() throws {
        var model = AppModel.graphing("x^2 - 2", in: Panes.full)
        model.add(expression: "1 - x^2")
        let viewport = try #require(model.viewport(in: Panes.full))
        let lines = PopoverContent.lines(for: CurveStatistics.measure(model.curves, in: viewport))
        let meeting = -(1.5.squareRoot())
        let first = try #require(lines.firstIndex { $0.hasPrefix("y = x") }), second = try #require(lines.lastIndex { $0.hasPrefix("y = 1") })
        #expect(lines[first + 1].hasPrefix("  max") && lines[first + 2].hasPrefix("  min"), "\(lines)")
        #expect(lines.dropFirst(first + 3).first == "  nearest: meets curve 2  (\(PopoverNumber.text(meeting)), -0.5)", "\(lines)")
        #expect(lines.dropFirst(second + 3).first == "  nearest: root  x = -1", "\(lines)")
    }
}
