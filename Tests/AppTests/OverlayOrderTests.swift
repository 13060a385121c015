@testable import App
import Terminal
import Testing

/// What lies on top answers first (issue 49): Esc closes the popover drawn over a trace before the
/// trace, in compact width (a sheet) as in regular; and help opened with a slider focused shows
/// help's keys on the status line, not the slider's.
@Suite("Overlays in the order they lie")
struct OverlayOrderTests {
    static func statusText(_ controller: AppController) -> String {
        guard let screen = controller.onScreen else { return "" }
        let row = controller.layout.statusRow
        return String((0..<screen.columns).map { screen[$0, row].character })
    }

    @Test("Esc closes the popover over a trace, then the trace",
          arguments: [WindowSize(columns: 120, rows: 32), WindowSize(columns: 50, rows: 30)])
    func escapeClosesTheTopOne(window: WindowSize) throws {
        let controller = SliderTests.controller("sin(x)", window: window)
        SliderTests.type("ti", into: controller)
        _ = controller.frame()
        #expect(controller.model.trace != nil && controller.model.isPopoverOpen)
        controller.handle(.input(.key(.escape)))
        _ = controller.frame()
        #expect(!controller.model.isPopoverOpen, "the popover closes first")
        #expect(controller.model.trace != nil, "the trace under it stays")
        controller.handle(.input(.key(.escape)))
        #expect(controller.model.trace == nil, "then the trace")
    }

    @Test("Help over a focused slider shows help's keys")
    func helpOverSlider() {
        let controller = SliderTests.controller("sin(a x)")
        SliderTests.type(SliderTests.tab + SliderTests.tab, into: controller)
        #expect(controller.model.focusedSlider == "a")
        SliderTests.type("?", into: controller)
        _ = controller.frame()
        let status = Self.statusText(controller)
        #expect(status.contains("scroll"), "\(status)")
        #expect(!status.contains("step"), "\(status)")
    }
}
