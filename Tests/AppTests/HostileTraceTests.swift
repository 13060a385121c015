import Foundation
@testable import App
import Raster
import Terminal
import Testing

/// Hostile functions are ordinary input: the trace, its jumps, tangent and area, the points of
/// interest and the popover, at both zoom limits, in every kind of pane, never crash, never hang,
/// and never land on a pole.
@Suite("Trace on hostile functions")
struct HostileTraceTests {
    @Test("1/x, exp(x), x^x, 1e300*x, sqrt(x)/x, tan(x), 0/0+x: a trace walks, jumps, measures and marks; frames stay finite",
          arguments: [GraphicsProtocol.kitty, .sixel, .unicode])
    func hostile(graphicsProtocol: GraphicsProtocol) {
        for expression in ["1/x", "exp(x)", "x^x", "1e300*x", "sqrt(x)/x", "tan(x)", "0/0+x"] {
            let controller = AppController(model: AppModel.graphing(expression, in: Panes.full), window: WindowSize(columns: 100, rows: 30),
                                           cell: PixelSize(width: 10, height: 20),
                                           presenter: GraphPresenter(backend: graphicsProtocol.backend(), glyphs: nil), theme: .dark)
            func press(_ keys: [KeyPress]) {
                for key in keys { controller.handle(.input(.key(key))); _ = controller.frame() }
            }
            // A burst, as the loop takes it: every key applied, then one frame.
            func burst(_ keys: [KeyPress]) {
                for key in keys { controller.handle(.input(.key(key))) }
                _ = controller.frame()
            }
            let jumps: [KeyPress] = Array(repeating: .character("]"), count: 6) + Array(repeating: .character("["), count: 12)
            press([.character("i"), .character("o"), .character("t"), .character("'"), .character("A")] + jumps
                  + [.character("A"), .right, .down, .character("T"), .escape])
            // The zoom limits, in and out, with the trace and the popover on.
            burst([.tab] + Array(repeating: .character("+"), count: 80))
            press([.character("t"), .character("]"), .character("'")])
            burst(Array(repeating: .character("-"), count: 160))
            press([.character("]"), .character("A"), .character("[")])
            if let trace = controller.model.trace {
                #expect(trace.x.isFinite, "\(expression): the traced x is finite")
                if trace.landmark != nil, let f = controller.model.curves.first?.function {
                    #expect(f(trace.x).map(\.isFinite) ?? false, "\(expression): a jump landed where the curve is defined (x = \(trace.x))")
                }
            }
            #expect(controller.model.camera?.isSane == true, "\(expression): the camera stays sane")
        }
    }
}
