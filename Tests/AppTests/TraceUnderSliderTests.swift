import AppTestSupport
import Foundation
@testable import App
import Raster
import Terminal
import TestSupport
import Testing

/// The trace's readout follows the curve it reads when a slider moves it (issue 49: on
/// `sin(a x)*x`, `t ] ] '` then a slider step read "minimum", slope 0 and a flat tangent, where the
/// slope is a x cos(a x) + sin(a x)).
@Suite("The trace under a moving slider")
struct TraceUnderSliderTests {
    static func slope(a: Double, x: Double) -> Double { a * x * cos(a * x) + sin(a * x) }

    /// A controller graphing `expression`, its trace started by `keys` and moved on with ] to the
    /// next extremum (as ] ] reached one in the issue), where the slope is shown as 0.
    static func tracingAnExtremum(of expression: String, keys: String) throws -> AppController {
        let controller = SliderTests.controller(expression)
        SliderTests.type(keys, into: controller)
        for _ in 0..<12 where ![.minimum, .maximum].contains(controller.model.trace?.landmark) {
            SliderTests.type("]", into: controller)
        }
        let before = try #require(controller.model.trace)
        #expect(before.landmark == .minimum || before.landmark == .maximum, "\(before)")
        return controller
    }

    @Test("After a slider step the traced point's kind goes and its slope is the curve's", arguments: [1, 3, -2])
    func stepUnderTrace(steps: Int) throws {
        let controller = try Self.tracingAnExtremum(of: "sin(a x)*x", keys: "t'")
        let arrow = steps > 0 ? SliderTests.right : SliderTests.left
        SliderTests.type(SliderTests.tab + SliderTests.tab + String(repeating: arrow, count: abs(steps)), into: controller)
        _ = controller.frame()
        let a = controller.model.slider("a").value
        #expect(a != 1)
        let trace = try #require(controller.model.trace)
        #expect(trace.landmark == nil)
        let pane = try #require(controller.graphPane)
        let values = try #require(controller.model.tracedValues(pane: pane))
        let slope = try #require(values.slope)
        let truth = Self.slope(a: a, x: trace.x)
        #expect(abs(slope - truth) <= 1e-6 * max(abs(truth), 1), "slope \(slope), true \(truth) at x = \(trace.x), a = \(a)")
        let readout = controller.model.traceReadout(pane: pane) ?? []
        #expect(!readout.contains { $0.contains("minimum") || $0.contains("maximum") }, "\(readout)")
    }

    /// Found by the app fuzzer (seed 43): the trace on a minimum of sin(a x)*x, then `:-x^x` Enter,
    /// read "minimum" on -x^x, which has none there.
    @Test("Another expression graphed under the trace takes its point's kind away", arguments: ["-x^x", "x^2 + 5", "a x"])
    func newCurveUnderTrace(expression: String) throws {
        let controller = try Self.tracingAnExtremum(of: "sin(x)*x", keys: "t")
        SliderTests.type(":" + expression + "\r", into: controller)
        _ = controller.frame()
        #expect(controller.model.curves.map(\.description) != ["sin(x)*x"], "the new expression is graphed")
        if let trace = controller.model.trace {
            #expect(trace.landmark == nil, "\(trace)")
            let readout = controller.model.traceReadout(pane: controller.graphPane) ?? []
            #expect(!readout.contains { $0.contains("minimum") || $0.contains("maximum") }, "\(readout)")
        }
    }
}
