import AppTestSupport
@testable import App
import Raster
import Terminal
import TestSupport
import Testing

/// Issue 49: kitty pans back and forth sent the same label patch again on every other step (352 B,
/// then 112 B). A patch the terminal holds is placed again, not sent again; the pane still shows a
/// fresh render of the view.
@Suite("Kitty keeps its label patches")
struct KittyPatchReuseTests {
    @Test("Panning back and forth sends each patch once, then places it; every step shows a fresh render",
          arguments: [[KeyPress.right, .left], [.left, .right], [.up, .down], [.down, .up]])
    func patchSentOnce(_ keys: [KeyPress]) throws {
        let controller = KittyPanoramaTests.controller()
        var terminal = KittyScreen()
        terminal.take(controller.frame())
        var sent = 0, patched = 0, bytes = [Int]()
        for step in 0..<10 {
            controller.handle(.input(.key(keys[step % 2])))
            let frame = controller.frame()
            #expect(terminal.take(frame).isEmpty)
            let split = KittyPanoramaTests.split(frame)
            sent += split.patchesSent
            bytes.append(frame.count)
            if !terminal.windows.filter({ $0.window.zIndex == 1 }).isEmpty { patched += 1 }
            let fresh = try KittyPanoramaTests.freshPicture(controller)
            let comparison = PanComparison(KittyPanoramaTests.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width)
            #expect(comparison.agree, "step \(step) (\(keys[step % 2])): \(comparison)")
        }
        // Two views taking turns: whatever patches each needs are sent the first time only.
        #expect(sent <= 2 * GraphRenderer.maximumLabelPatches, "\(sent) patches sent over 10 steps; bytes a step \(bytes)")
        let later = bytes.dropFirst(2)
        #expect(later.allSatisfy { $0 <= 200 }, "after the first two steps, each a placement: bytes a step \(bytes), \(patched) with patches")
    }

    /// KittyPanInX11Tests' walk, with panoramas rendered ahead as in the app: a swap frees the old
    /// layers (a=d,d=I), and kitty 0.26 frees with them every patch kept hidden, so a later
    /// placement of one showed nothing and the label it covered showed through.
    @Test("A walk across panoramas swapped in: every step, and the frame after it, shows a fresh render")
    func walkAcrossSwaps() throws {
        let controller = KittyPanoramaTests.controller(rendersAhead: true)
        var terminal = KittyScreen()
        terminal.take(controller.frame())
        try KittyPanoramaTests.waitForPanoramaAhead(controller)
        terminal.take(controller.frame())
        let keys: [KeyPress] = [.right, .right, .up, .right, .down, .down, .left, .right, .up, .right]
        func expectFreshRender(after frame: [UInt8], _ what: String) throws {
            #expect(terminal.take(frame).isEmpty, "\(what)")
            let fresh = try KittyPanoramaTests.freshPicture(controller)
            let comparison = PanComparison(KittyPanoramaTests.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width)
            #expect(comparison.agree, "\(what): \(comparison)")
        }
        for (step, key) in keys.enumerated() {
            controller.handle(.input(.key(key)))
            try expectFreshRender(after: controller.frame(), "step \(step) (\(key))")
            try KittyPanoramaTests.waitForPanoramaAhead(controller)
            try expectFreshRender(after: controller.frame(), "the frame after step \(step)")
        }
    }
}
