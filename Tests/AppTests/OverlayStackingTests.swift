import AppTestSupport
@testable import App
import Raster
import Terminal
import TestSupport
import Testing

/// Issue 49: boxes over the graph stack cleanly on the composed picture. The trace's readout was
/// drawn under the popover's corner with a strip of it showing; at 120 columns the popover's box
/// showed a strip above the help panel's top border. The top box is whole, and no strip of one
/// under it shows: the readout moves where there is room, the popover under a panel is hidden.
@Suite("Overlays stack cleanly")
struct OverlayStackingTests {
    static func controller(_ keys: String) -> AppController {
        let controller = SliderTests.controller("sin(x)*x", window: WindowSize(columns: 120, rows: 32))
        SliderTests.type(keys, into: controller)
        _ = controller.frame()
        return controller
    }

    static func picture(_ content: PictureContent, _ controller: AppController, withPopover: Bool = true) -> IndexedImage {
        let renderer = controller.presenter.renderer(theme: controller.theme, cell: controller.cell)
        return GraphOverlay.picture(of: content, in: content.viewport, renderer: renderer, withPopover: withPopover)
    }

    /// The pixels where `a` and `b` differ.
    static func differing(_ a: IndexedImage, _ b: IndexedImage) -> [(x: Int, y: Int)] {
        (0..<a.height).flatMap { y in (0..<a.width).compactMap { x in a.color(x: x, y: y) != b.color(x: x, y: y) ? (x, y) : nil } }
    }

    static func near(_ point: (x: Int, y: Int), _ rect: PixelRect, by margin: Int) -> Bool {
        point.x >= rect.left - margin && point.x < rect.right + margin && point.y >= rect.top - margin && point.y < rect.bottom + margin
    }

    @Test("A trace whose readout would hang under the popover shows it whole beside it, with nothing of it at the popover's edge")
    func traceBesidePopover() throws {
        let controller = Self.controller("i")
        var content = try #require(controller.imageContent(controller.layout))
        let renderer = content.legended(controller.presenter.renderer(theme: controller.theme, cell: controller.cell))
        let viewport = content.viewport
        let cover = try #require(GraphOverlay.popover(of: content, in: viewport, renderer: renderer)?
            .cover(width: viewport.width, height: viewport.height))
        // A point just left of the popover: its readout, hanging to its left, reaches under the popover.
        let x = viewport.x(atColumn: Double(cover.left - 12)), y = viewport.y(atRow: Double(cover.top + 40))
        let mark = TraceMark(point: Point(x: x, y: y), lines: ["x = 1.234567", "y = 7.654321"], curve: 0)
        let anchor = Point(x: viewport.column(forX: x), y: viewport.row(forY: y))
        let hanging = try #require(renderer.calloutCover(Callout(lines: mark.lines, anchor: anchor), width: viewport.width,
                                                         height: viewport.height))
        try #require(hanging.intersects(cover), "the readout would hang under the popover: \(hanging), \(cover)")
        let popoverOnly = Self.picture(content, controller)
        content.trace = mark
        let both = Self.picture(content, controller)
        let ink = Self.differing(both, popoverOnly)
        let atEdge = ink.filter { Self.near($0, cover, by: 2) }
        #expect(atEdge.isEmpty, "\(atEdge.count) pixels of the trace at or under the popover, e.g. \(atEdge.prefix(3))")
        // Its box is drawn (moved into room): its frame and text, far more than the ring.
        #expect(ink.count > 400, "\(ink.count) pixels of the trace drawn")
    }

    @Test("Help opened over the popover at 120 columns: the panel whole, nothing of the popover beside its frame")
    func helpOverPopover() throws {
        let controller = Self.controller("i?")
        let content = try #require(controller.imageContent(controller.layout))
        let panel = try #require(content.panel)
        let box = GraphOverlay.box(of: panel)
        var alone = content
        alone.panel = nil
        let renderer = content.legended(controller.presenter.renderer(theme: controller.theme, cell: controller.cell))
        let cover = try #require(GraphOverlay.popover(of: alone, in: content.viewport, renderer: renderer)?
            .cover(width: content.viewport.width, height: content.viewport.height))
        try #require(cover.intersects(box), "the popover \(cover) and the help panel \(box) overlap")
        let ink = Self.differing(Self.picture(content, controller), Self.picture(content, controller, withPopover: false))
        let strip = ink.filter { !Self.near($0, box, by: 0) }
        #expect(ink.isEmpty, "\(ink.count) pixels of the popover shown, \(strip.count) of them outside the panel")
    }
}
