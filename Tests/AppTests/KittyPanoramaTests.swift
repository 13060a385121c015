import AppTestSupport
import Foundation
@testable import App
import Glyphs
import Raster
import Terminal
import TestSupport
import Testing

/// Kitty pans by placing one large picture again with a new source rectangle, and what it shows
/// is the picture a fresh render of the view gives.
@Suite("Kitty panorama")
struct KittyPanoramaTests {
    /// The app in a 120x32 window of 10x20 cells, speaking kitty, with `expression` graphed; with
    /// `rendersAhead`, the next panorama is rendered on another thread as in the app.
    /// The id of the graph's first layer.
    static let firstID: UInt32 = 7

    static func controller(graphing expression: String = "sin(x)*x", rendersAhead: Bool = false) -> AppController {
        let presenter = GraphPresenter(backend: KittyBackend(imageID: firstID), glyphs: try? FreeTypeGlyphs.system())
        let controller = AppController(model: AppModel(), window: WindowSize(columns: 120, rows: 32),
                                       cell: PixelSize(width: 10, height: 20), presenter: presenter, theme: .dark)
        controller.apply(.openExpressionLine)
        controller.apply(.editExpression(.insert(expression)))
        controller.apply(.editExpression(.submit))
        controller.apply(.graph)
        if rendersAhead { controller.images.renderAhead { try? FreeTypeGlyphs.system() } }
        return controller
    }

    /// The picture a fresh render of what the controller shows now gives, as palette slots.
    static func freshPicture(_ controller: AppController) throws -> IndexedImage {
        let pane = try #require(controller.graphPane)
        let camera = try #require(controller.model.camera)
        let viewport = camera.viewport(width: pane.width, height: pane.height)
        let renderer = controller.presenter.renderer(theme: .dark, cell: controller.cell)
        let image = GraphOverlay.picture(
            of: PictureContent(curves: controller.model.curves, camera: camera, pane: pane, rect: try #require(controller.layout.graph),
                           hasPopover: controller.model.isPopoverOpen, isSheet: false),
            in: viewport, renderer: renderer, withPopover: controller.model.isPopoverOpen)
        return image
    }

    /// `shown` as slots of `image`'s palette (255 for a colour not in it).
    static func slots(_ shown: [RGB], of image: IndexedImage) -> [UInt8] {
        shown.map { color in image.palette.firstIndex(of: color).map { UInt8($0) } ?? 255 }
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The ids of the patches laid over labels a window cuts.
    static let patchIDs = (firstID + 7)...(firstID + 6 + UInt32(KittyBackend.patchCount))
    /// `frame` split into its patches and the rest.
    static func split(_ frame: [UInt8]) -> KittyFrameSplit { KittyFrameSplit(frame, patchIDs: patchIDs) }
    /// The most bytes the patches of one pan step may take: a few labels' surroundings. Measured
    /// in these tests: 271 to 1 201 bytes a step that has them, most under 800; a whole picture of
    /// the 1200x560 pane is 13 to 15 KB (`gcview bench --size 1200x560`), five times this bound.
    static let patchLimit = 3_000

    @Test("Pan steps inside the margin cost under 100 bytes each; past it a new panorama is sent",
          arguments: [KeyPress.right, .left, .up, .down])
    func bytesPerStep(_ key: KeyPress) throws {
        let controller = Self.controller()
        let first = controller.frame()
        #expect(Self.text(first).contains("a=T") && Self.text(first).contains(",w=") && first.count > 5000,
                "the first frame transmits a panorama with a window over it")
        var placed = 0
        var sent = false
        for step in 1...8 {
            controller.handle(.input(.key(key)))
            let frame = Self.split(controller.frame())
            if Self.text(frame.rest).contains("a=T") {
                sent = true
                #expect(step > 4, "a half-pane margin holds at least 4 steps of a tenth of the pane")
                break
            }
            #expect(frame.rest.count <= 100, "step \(step) wrote \(frame.rest.count) bytes besides patches")
            #expect(frame.patchBytes <= Self.patchLimit, "step \(step) patches: \(frame.patchBytes) bytes")
            #expect(Self.text(frame.rest).contains("a=p"))
            placed += 1
        }
        #expect(placed >= 4 && sent, "\(placed) steps placed the panorama again, then a new one was sent: \(sent)")
    }

    @Test("After pans in every direction the pane shows a fresh render of the view: the same pixels, the curve within one pixel",
          arguments: [
              [KeyPress.right, .right, .up, .left, .down, .down, .right, .right, .right, .up],
              [.left, .left, .left, .left, .left, .left, .left, .up, .up, .up],
              [.down, .right, .down, .right, .down, .right, .up, .left, .up, .left],
          ])
    func exactAfterPans(_ keys: [KeyPress]) throws {
        let controller = Self.controller()
        var terminal = KittyScreen()
        terminal.take(controller.frame())
        for key in keys {
            controller.handle(.input(.key(key)))
            terminal.take(controller.frame())
            let fresh = try Self.freshPicture(controller)
            let shown = Self.slots(terminal.shown, of: fresh)
            #expect(shown.count == fresh.pixels.count)
            let comparison = PanComparison(shown, fresh.pixels, width: fresh.width)
            #expect(comparison.agree, "after \(key): \(comparison)")
        }
    }

    @Test("On log–log axes (L three times) a pan is still a placement of the panorama, and the pane shows a fresh render")
    func logAxesPan() throws {
        let controller = Self.controller(graphing: "x^3")
        for _ in 0..<3 { controller.apply(.cycleAxes) }
        #expect(controller.model.camera?.axes == AxisScales(x: .log, y: .log))
        var terminal = KittyScreen()
        terminal.take(controller.frame())
        var placed = 0
        for key in [KeyPress.right, .up, .left, .left, .down, .down] {
            controller.handle(.input(.key(key)))
            let frame = controller.frame()
            let split = Self.split(frame)
            // Graph and both pinned strips placed again: about 115 bytes (the first step also clears the status notice).
            if !Self.text(split.rest).contains("a=T"), Self.text(split.rest).contains("a=p") { placed += 1 }
            if placed > 1 { #expect(split.rest.count <= 130, "after \(key): \(split.rest.count) bytes") }
            terminal.take(frame)
            let fresh = try Self.freshPicture(controller)
            let comparison = PanComparison(Self.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width)
            #expect(comparison.agree, "after \(key): \(comparison)")
        }
        #expect(placed == 6, "\(placed) of 6 steps were placements")
    }

    @Test("A step whose window cuts a label lays a few small patches over the layers, and only such a step: the pane shows a fresh render, the layers alone do not",
          arguments: [Self.walks[0] + Self.walks[1], Self.pinnedWalks[0], Self.pinnedWalks[1]])
    func patchesOverCutLabels(_ keys: [KeyPress]) throws {
        let controller = Self.controller()
        var terminal = KittyScreen()
        terminal.take(controller.frame())
        var patched = 0, clean = 0, largest = 0
        for key in keys {
            controller.handle(.input(.key(key)))
            let frame = controller.frame()
            #expect(terminal.take(frame).isEmpty)
            let split = Self.split(frame)
            let fresh = try Self.freshPicture(controller)
            let comparison = PanComparison(Self.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width)
            #expect(comparison.agree, "after \(key): \(comparison)")
            // The layers alone, the patches (z-index 1) left out, against the fresh render.
            let layersAlone = PanComparison(Self.slots(terminal.shown(below: 1), of: fresh), fresh.pixels, width: fresh.width)
            let patches = terminal.windows.filter { $0.window.zIndex == 1 }
            #expect(patches.isEmpty == (layersAlone.otherInk == 0), "after \(key): \(patches.count) patches, \(layersAlone)")
            #expect(patches.allSatisfy { $0.window.width * $0.window.height * 8 < fresh.pixels.count },
                    "each patch covers less than an eighth of the pane: \(patches)")
            #expect(split.patchBytes <= Self.patchLimit, "after \(key): patches of \(split.patchBytes) bytes")
            if split.patchesSent > 0 { patched += 1 } else { clean += 1 }
            largest = max(largest, split.patchBytes)
        }
        #expect(patched >= 2 && clean >= 2, "\(patched) steps with patches, \(clean) without; the largest patches \(largest) bytes")
    }

    /// Counts the placements in `frame` and whether it transmits a picture.
    static func placements(in frame: [UInt8]) -> (placed: Int, transmits: Bool) {
        let text = Self.text(frame)
        return (text.components(separatedBy: "\u{1B}_Ga=p,").count - 1, text.contains("\u{1B}_Ga=T") || text.contains("\u{1B}_Ga=t"))
    }

    @Test("Labels pinned to an edge lie in layers of their own: a step places again only the layers that moved, and the pane shows a fresh render",
          arguments: [
              // Up until the x axis is below the pane (its labels pinned to the bottom), then sideways.
              [KeyPress.up, .up, .up, .up, .up, .up, .up, .right, .right, .left, .up, .left, .left],
              // Left until the y axis is beyond the right edge (its labels pinned there), then up and down.
              [.left, .left, .left, .left, .left, .left, .left, .up, .up, .down, .left, .down],
          ])
    func pinnedLabelsInLayers(_ keys: [KeyPress]) throws {
        let controller = Self.controller()
        var terminal = KittyScreen()
        terminal.take(controller.frame())
        var stepBytes = [(key: KeyPress, bytes: Int, placed: Int)]()
        var layered = 0
        for key in keys {
            controller.handle(.input(.key(key)))
            let frame = controller.frame()
            #expect(terminal.take(frame).isEmpty)
            let fresh = try Self.freshPicture(controller)
            let comparison = PanComparison(Self.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width)
            #expect(comparison.agree, "after \(key): \(comparison)")
            let split = Self.split(frame)
            let counted = Self.placements(in: split.rest)
            #expect(split.patchBytes <= Self.patchLimit, "after \(key): patches of \(split.patchBytes) bytes")
            if !counted.transmits { stepBytes.append((key, split.rest.count, counted.placed)) }
            if terminal.windows.contains(where: { $0.window.zIndex == 0 && $0.id != terminal.windows.first?.id }) { layered += 1 }
        }
        #expect(layered >= 4, "the pane stacked a strip of pinned labels over the graph for \(layered) steps")
        let oneLayer = stepBytes.filter { $0.placed == 1 }, twoLayers = stepBytes.filter { $0.placed == 2 }
        #expect(!oneLayer.isEmpty && !twoLayers.isEmpty && stepBytes.allSatisfy { $0.placed <= 2 }, "\(stepBytes)")
        #expect(oneLayer.allSatisfy { $0.bytes <= 100 }, "a step across the pinned labels moves the graph alone: \(oneLayer)")
        #expect(twoLayers.allSatisfy { $0.bytes <= 130 }, "a step along them moves their strip too: \(twoLayers)")
    }

    @Test("With the popover open the picture goes whole, its tick labels clear of the popover, and is a fresh render; closed, the pane pans in layers again")
    func popoverWhole() throws {
        let controller = Self.controller()
        var terminal = KittyScreen()
        terminal.take(controller.frame())
        controller.handle(.input(.key(.character("i"))))
        var frame = controller.frame()
        terminal.take(frame)
        for key in [KeyPress.down, .down, .left] {
            controller.handle(.input(.key(key)))
            frame = controller.frame()
            #expect(terminal.take(frame).isEmpty)
            // The whole picture with the first id, no overlay: layers rendered without the popover
            // would have labels it cuts.
            #expect(Self.text(frame).contains("i=\(Self.firstID),") && !Self.text(frame).contains("i=\(Self.firstID + 6),"))
            let fresh = try Self.freshPicture(controller)
            let comparison = PanComparison(Self.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width)
            #expect(comparison.agree, "after \(key): \(comparison)")
        }
        controller.handle(.input(.key(.character("i"))))
        terminal.take(controller.frame())
        for key in [KeyPress.down, .right] {
            controller.handle(.input(.key(key)))
            frame = controller.frame()
            #expect(terminal.take(frame).isEmpty)
            let fresh = try Self.freshPicture(controller)
            let comparison = PanComparison(Self.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width)
            #expect(comparison.agree, "after \(key), the popover closed: \(comparison)")
        }
    }

    @Test("Several curves: the legend lies in an overlay sent once; each pan step costs at most 100 bytes and shows a fresh render")
    func legendOverlay() throws {
        let controller = Self.controller()
        controller.apply(.addCurve)
        controller.apply(.editExpression(.insert("cos(x)")))
        controller.apply(.editExpression(.submit))
        #expect(controller.model.curves.count == 2)
        var terminal = KittyScreen()
        let first = controller.frame()
        terminal.take(first)
        #expect(Self.text(first).contains("i=\(Self.firstID + 6),"), "the legend's overlay")
        // Past the margin a new panorama is sent: the overlay, sent before it, must stay on top.
        var sent = 0
        for key in [KeyPress.right, .right, .up, .left] + Array(repeating: .right, count: 6) {
            controller.handle(.input(.key(key)))
            let frame = controller.frame()
            #expect(terminal.take(frame).isEmpty)
            let split = Self.split(frame)
            #expect(split.patchBytes <= Self.patchLimit, "step \(key): patches of \(split.patchBytes) bytes")
            if Self.placements(in: split.rest).transmits {
                #expect(!Self.text(frame).contains("i=\(Self.firstID + 6),"), "the legend is not sent again")
                sent += 1
            } else {
                #expect(split.rest.count <= 100, "step \(key): \(split.rest.count) bytes besides patches")
            }
            let fresh = try Self.freshPicture(controller)
            let comparison = PanComparison(Self.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width)
            #expect(comparison.agree, "after \(key): \(comparison)")
        }
        #expect(sent >= 1, "a new panorama went under the legend")
    }

    @Test("A zoom sends the picture whole at once, a pane's worth; the panorama of the new scale follows from another thread, and both show a fresh render")
    func zoomSendsWholeThenPanorama() throws {
        let controller = Self.controller(rendersAhead: true)
        var terminal = KittyScreen()
        terminal.take(controller.frame())
        try Self.waitForPanoramaAhead(controller)
        terminal.take(controller.frame())
        let pane = try #require(controller.graphPane)
        for factor in [1.25, 1.25, 0.8] {
            controller.apply(.zoom(factor: factor, about: nil))
            let frame = controller.frame()
            #expect(terminal.take(frame).isEmpty)
            #expect(Self.text(frame).contains("a=T") && !Self.text(frame).contains(",w=") && !Self.text(frame).contains("a=t,"),
                    "the zoomed picture whole, no panorama on the main loop")
            #expect(terminal.windows.count == 1 && terminal.windows.first?.window.width == pane.width, "the whole picture alone")
            var fresh = try Self.freshPicture(controller)
            #expect(PanComparison(Self.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width).agree)
            try Self.waitForPanoramaAhead(controller)
            let swap = controller.frame()
            #expect(Self.text(swap).contains("a=t,") && Self.text(swap).contains("a=d,d=I,i=\(Self.firstID),"),
                    "the panorama swaps in and the whole picture is deleted")
            #expect(terminal.take(swap).isEmpty)
            fresh = try Self.freshPicture(controller)
            let comparison = PanComparison(Self.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width)
            #expect(comparison.agree, "after zooming by \(factor): \(comparison)")
        }
        controller.handle(.input(.key(.right)))
        let step = Self.split(controller.frame())
        #expect(step.rest.count <= 100 && step.patchBytes <= Self.patchLimit,
                "then a pan step is a placement: \(step.rest.count) bytes, and patches of \(step.patchBytes)")
    }

    /// Walks that keep both axes in view (so the picture pans rigidly) but go further than one
    /// panorama's margin: right and left four steps either side of the start, and up and down three.
    static let walks: [[KeyPress]] = [
        Array(repeating: .right, count: 4) + Array(repeating: .left, count: 8) + Array(repeating: .right, count: 8),
        Array(repeating: .up, count: 3) + Array(repeating: .down, count: 6) + Array(repeating: .up, count: 6),
    ]

    /// Walks past the margins with the x labels pinned to the bottom edge, and the y labels to the right.
    static let pinnedWalks: [[KeyPress]] = [
        Array(repeating: .up, count: 7) + Array(repeating: .right, count: 6) + Array(repeating: .left, count: 10),
        Array(repeating: .left, count: 7) + Array(repeating: .down, count: 5) + Array(repeating: .up, count: 10),
    ]

    @Test("With the next panorama rendered ahead, every pan key of a walk past the margins costs under 100 bytes, and the view stays exact",
          arguments: walks)
    func walkWithPanoramasAhead(_ keys: [KeyPress]) throws {
        try walkAhead(keys, limit: 100)
    }

    @Test("With pinned labels, panoramas rendered ahead swap in their strips too; no pan key costs more than two placements",
          arguments: pinnedWalks)
    func pinnedWalkWithPanoramasAhead(_ keys: [KeyPress]) throws {
        try walkAhead(keys, limit: 130)
    }

    /// Waits while a panorama is rendered ahead, until it is ready (the app's loop looks again shortly).
    static func waitForPanoramaAhead(_ controller: AppController) throws {
        let clock = ContinuousClock(), deadline = clock.now + .seconds(20)
        while controller.images.isWorkingAhead, controller.layeredPane?.hasPanoramaAhead != true,
              clock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// How the labels of the view the controller shows stand.
    static func stance(_ controller: AppController) throws -> LabelStance? {
        let pane = try #require(controller.graphPane), camera = try #require(controller.model.camera)
        return controller.presenter.renderer(theme: .dark, cell: controller.cell)
            .labelStance(in: camera.viewport(width: pane.width, height: pane.height))
    }

    /// Walks `keys` with panoramas rendered ahead: each key's frame costs at most `limit` bytes
    /// unless the labels' stance changed with it (an axis leaving the pane: new layers are sent).
    func walkAhead(_ keys: [KeyPress], limit: Int) throws {
        let controller = Self.controller(rendersAhead: true)
        var terminal = KittyScreen()
        let first = controller.frame()
        #expect(Self.text(first).contains("a=T") && !Self.text(first).contains(",w="),
                "a new graph comes whole at once, its panorama rendered on another thread")
        terminal.take(first)
        try Self.waitForPanoramaAhead(controller)
        let swapped = controller.frame()
        #expect(Self.text(swapped).contains("a=t,") && Self.text(swapped).contains("a=p,"), "then its panorama swaps in")
        terminal.take(swapped)
        var swaps = 0
        var keyFrames = [(bytes: Int, stanceChanged: Bool)]()
        for key in keys {
            let before = try Self.stance(controller)
            controller.handle(.input(.key(key)))
            let frame = controller.frame()
            let split = Self.split(frame)
            #expect(split.patchBytes <= Self.patchLimit, "after \(key): patches of \(split.patchBytes) bytes")
            keyFrames.append((split.rest.count, try Self.stance(controller) != before))
            terminal.take(frame)
            try Self.waitForPanoramaAhead(controller)
            if controller.layeredPane?.hasPanoramaAhead == true {
                let swap = controller.frame()
                #expect(Self.text(swap).contains("a=t,") && Self.text(swap).contains("a=d,d=I"),
                        "the panorama ahead is transmitted, placed, and the old one deleted")
                terminal.take(swap)
                swaps += 1
            }
            let fresh = try Self.freshPicture(controller)
            let comparison = PanComparison(Self.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width)
            #expect(comparison.agree, "\(comparison)")
        }
        #expect(keyFrames.allSatisfy { $0.bytes <= limit || $0.stanceChanged }, "bytes of each key's frame: \(keyFrames)")
        #expect(keyFrames.filter { !$0.stanceChanged }.count >= keys.count * 2 / 3, "\(keyFrames)")
        #expect(swaps >= 2, "\(swaps) panoramas swapped in")
    }
}
