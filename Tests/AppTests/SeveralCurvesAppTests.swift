import Foundation
@testable import App
import Brain
import Raster
import Terminal
import Testing

/// Several curves in the app: `a` adds, `d` keeps the newest, `g` starts over; the picture has a
/// legend and each curve's colour, the popover each curve's extrema; history and the state file
/// keep the set.
@Suite("Several curves in the app")
struct SeveralCurvesAppTests {
    /// A model with `expressions` on the graph: the first graphed, the others added with `a`.
    static func model(_ expressions: [String]) -> AppModel {
        var model = AppModel.graphing(expressions[0])
        for expression in expressions.dropFirst() { model.add(expression: expression) }
        return model
    }

    static func descriptions(_ model: AppModel) -> [String] { model.curves.map(\.description) }

    @Test("a opens the add line when the program is on the graph; Enter adds the typed curve on top")
    func addTyped() {
        var model = AppModel.graphing("sin(x)")
        model.apply(.addCurve, graphPane: Panes.full)
        #expect(model.overlay == .expression(ExpressionLine(addsToGraph: true)))
        model.apply(.editExpression(.insert("cos(x)")), graphPane: Panes.full)
        model.apply(.editExpression(.submit), graphPane: Panes.full)
        #expect(Self.descriptions(model) == ["sin(M)", "cos(M)"])
        #expect(model.overlay == nil)
        #expect(ChromeView.title(of: model.curves) == "y = cos(x)  (+1 more)")
        #expect(model.history.entries.first?.programs == model.curves.map(\.program))
    }

    @Test("a adds the calculator's program at once when it is not on the graph")
    func addFromKeypad() {
        var model = AppModel.graphing("sin(x)")
        model.press("C", "M", "cos", pane: Panes.full)
        model.apply(.addCurve, graphPane: Panes.full)
        #expect(Self.descriptions(model) == ["sin(M)", "cos(M)"])
        #expect(model.overlay == nil)
    }

    @Test("Six curves at most; a curve already there is not added twice")
    func limits() {
        var model = Self.model(["x", "x+1", "x+2", "x+3", "x+4", "x+5"])
        #expect(model.curves.count == 6)
        model.apply(.addCurve, graphPane: Panes.full)
        #expect(model.notice?.hasPrefix("At most 6 curves") == true)
        #expect(model.curves.count == 6 && model.overlay == nil)
        var twice = Self.model(["x", "x+1"])
        twice.add(expression: "x")
        #expect(twice.notice?.hasPrefix("Already on the graph") == true)
        #expect(Self.descriptions(twice) == ["M", "M + 1"])
    }

    @Test("d keeps only the newest curve; g graphs the program alone")
    func removeAndReplace() {
        var model = Self.model(["sin(x)", "cos(x)", "x/3"])
        model.apply(.removeKeptCurves, graphPane: Panes.full)
        #expect(Self.descriptions(model) == ["M ÷ 3"])
        model.apply(.removeKeptCurves, graphPane: Panes.full)
        #expect(model.notice?.hasPrefix("Only one curve") == true)
        var again = Self.model(["sin(x)", "cos(x)"])
        again.type(expression: "tan(x)", pane: Panes.full)
        #expect(Self.descriptions(again) == ["tan(M)"])
    }

    @Test("A history entry graphs its whole set again")
    func historyKeepsTheSet() throws {
        var model = Self.model(["sin(x)", "cos(x)"])
        model.type(expression: "tan(x)", pane: Panes.full)
        let lines = ListBox.historyLines(of: model)
        #expect(lines.prefix(2) == ["y = tan(x)", "y = sin(x)  ·  y = cos(x)"])
        model.apply(.openHistory, graphPane: Panes.full)
        model.apply(.moveSelection(by: 1), graphPane: Panes.full)
        model.apply(.chooseHistory, graphPane: Panes.full)
        #expect(Self.descriptions(model) == ["sin(M)", "cos(M)"])
    }

    @Test("Fit holds every curve")
    func fitHoldsAll() throws {
        var model = Self.model(["sin(x)", "x*100"])
        model.apply(.fit, graphPane: Panes.full)
        let viewport = try #require(model.viewport(in: Panes.full))
        #expect(viewport.yRange.upperBound >= 900 && viewport.yRange.lowerBound <= -900)
    }

    @Test("The state file keeps the set; a file's kept curves are checked like its program")
    func stateKeepsTheSet() throws {
        let model = Self.model(["sin(x)", "cos(x)", "x/3"])
        let saved = model.savedState(pane: Panes.full, theme: nil)
        let decoded = try JSONDecoder().decode(SavedState.self, from: JSONEncoder().encode(saved))
        let restored = AppModel(restoring: decoded, pane: Panes.full)
        #expect(restored.curves == model.curves)
        #expect(restored.history == model.history)

        var hostile = saved
        let sine = try ExpressionParser.parse("sin(x)"), pending = Program(steps: [.number(7), .operation("+")])
        hostile.graph?.kept = [sine, sine, pending, Program()] + (1...20).map { k in Program(steps: [.number(Double(k))]) }
        let sanitized = AppModel(restoring: hostile, pane: Panes.full)
        #expect(sanitized.curves.count == AppModel.maximumCurves)
        #expect(Set(sanitized.curves.map(\.description)).count == AppModel.maximumCurves, "no curve twice")
        #expect(!sanitized.curves.contains { $0.program == pending || $0.program.isEmpty })
    }

    @Test("A file from before several curves restores its one curve")
    func oldFile() throws {
        let json = """
            {"version":1,"calculator":{"program":{"steps":[]}},"history":[],
             "graph":{"program":\(String(decoding: try JSONEncoder().encode(try ExpressionParser.parse("sin(x)")), as: UTF8.self)),
                      "scaleX":50,"scaleY":50,"originFromCentreX":0,"originFromCentreY":0}}
            """
        let saved = try JSONDecoder().decode(SavedState.self, from: Data(json.utf8))
        let restored = AppModel(restoring: saved, pane: Panes.full)
        #expect(Self.descriptions(restored) == ["sin(M)"])
    }

    /// The controller in split view with its pictures captured instead of encoded.
    static func capturingController(_ graphicsProtocol: GraphicsProtocol = .kitty, registers: Int? = nil)
        -> (AppController, CapturedPictures) {
        let presenter = GraphPresenter(backend: graphicsProtocol.backend(sixelRegisters: registers), glyphs: BoxGlyphs())
        let controller = AppController(model: AppModel(), window: WindowSize(columns: 160, rows: 40),
                                       cell: .assumedCell, presenter: presenter, theme: .dark)
        return (controller, CapturedPictures(from: controller))
    }

    static func type(_ text: String, into controller: AppController) {
        for character in text { controller.handle(.input(.key(.character(character)))) }
        controller.handle(.input(.key(.enter)))
    }

    @Test("The picture names each curve in a legend and draws each in its colour; the popover lists each")
    func picture() throws {
        let (controller, captured) = Self.capturingController()
        Self.type(":sin(x)", into: controller)
        Self.type("acos(x)", into: controller)
        _ = controller.frame()
        let image = try #require(captured.images.last)
        let layout = try #require(image.layout)
        #expect(layout.curveCount == 2)
        #expect(image.texts.filter { $0.role == .legend }.map(\.text) == ["y = sin(x)", "y = cos(x)"])
        for curve in 0..<2 { #expect(image.pixels.contains(layout.fullInk(ofCurve: curve))) }
        controller.handle(.input(.key(.character("i"))))
        _ = controller.frame()
        let popover = try #require(captured.images.last).texts.filter { $0.role == .callout }.map(\.text)
        #expect(popover.filter { $0.hasPrefix("  max y = 1") }.count == 2, "\(popover)")
        #expect(popover.filter { $0.hasPrefix("  min y = -1") }.count == 2, "\(popover)")
        #expect(popover.contains("y = sin(x)") && popover.contains("y = cos(x)"))
    }

    @Test("Six hostile curves in 16 sixel registers: one level each, every frame within the registers")
    func hostileInSixteenRegisters() throws {
        let (controller, captured) = Self.capturingController(.sixel, registers: 16)
        Self.type(":1/x", into: controller)
        for expression in ["tan(x)", "1e308*x", "sqrt(-1-x^2)", "sin(1e300*x)", "x^x"] {
            Self.type("a" + expression, into: controller)
        }
        controller.handle(.input(.key(.character("i"))))
        controller.handle(.input(.key(.character("f"))))
        _ = controller.frame()
        let image = try #require(captured.images.last)
        #expect(controller.model.curves.count == 6)
        #expect(image.layout?.levelsPerCurve == 1)
        #expect(image.palette.count <= 16)
    }
}

extension AppModel {
    /// Presses `a` and, when it opens the add line, types `expression` and Enter.
    mutating func add(expression: String, pane: PaneSize = Panes.full) {
        if case .expression? = overlay { apply(.dismiss, graphPane: pane) }
        apply(.addCurve, graphPane: pane)
        guard case .expression? = overlay else { return }
        apply(.editExpression(.insert(expression)), graphPane: pane)
        apply(.editExpression(.submit), graphPane: pane)
    }
}
