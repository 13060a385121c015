import AppTestSupport
import Foundation
@testable import App
import Raster
import Terminal
import TestSupport
import Testing

/// Issue 22, item 3: in kitty the points of interest (`o`) lie in a layer of the panorama's own,
/// so a pan with them on stays a placement, and the pane still shows the picture a fresh render
/// of the view with its dots gives.
@Suite("Kitty's layer of point marks")
struct KittyMarksLayerTests {
    typealias Panoramas = KittyPanoramaTests

    /// The ids of the two generations' layers of marks.
    static let marksIDs: Set<UInt32> = [0, 1].reduce(into: []) { $0.insert(Panoramas.firstID + 7 + UInt32(KittyBackend.patchCount) + $1) }

    /// A fresh render of what the controller shows, with the dots of the points of interest when shown.
    static func freshPicture(_ controller: AppController) throws -> IndexedImage {
        let pane = try #require(controller.graphPane), camera = try #require(controller.model.camera)
        let viewport = camera.viewport(width: pane.width, height: pane.height)
        let renderer = controller.presenter.renderer(theme: .dark, cell: controller.cell)
        var content = PictureContent(curves: controller.model.curves, camera: camera, pane: pane,
                                     rect: try #require(controller.layout.graph), hasPopover: false, isSheet: false)
        if controller.model.showsPoints {
            content.points = PointMark.ofInterest(controller.model.curves, in: viewport, reach: renderer.pointMarkReach)
        }
        return GraphOverlay.picture(of: content, in: viewport, renderer: renderer, withPopover: false)
    }

    /// The ids `frame` transmits pictures to, and places.
    static func ids(in frame: [UInt8]) -> (transmitted: Set<UInt32>, placed: Set<UInt32>) {
        var transmitted = Set<UInt32>(), placed = Set<UInt32>()
        for command in FrameInspector(frame).kittyCommands().commands {
            switch command {
            case .picture(let keys, _, _, _, _): if let id = keys["i"].flatMap({ UInt32($0) }) { transmitted.insert(id) }
            case .placement(let keys): if let id = keys["i"].flatMap({ UInt32($0) }) { placed.insert(id) }
            case .deletion: break
            }
        }
        return (transmitted, placed)
    }

    @Test("sin(x)·x with o: pans inside the margin place the marks with the graph in under 200 bytes, the marks are sent once per panorama, and the pane is a fresh render with its dots; o again deletes them",
          arguments: [Array(repeating: KeyPress.right, count: 7) + Array(repeating: .left, count: 14),
                      Array(repeating: KeyPress.up, count: 7) + Array(repeating: .down, count: 10)])
    func marksMoveWithThePan(_ keys: [KeyPress]) throws {
        let controller = Panoramas.controller()
        var terminal = KittyScreen()
        terminal.take(controller.frame())
        controller.handle(.input(.key(.character("o"))))
        let shown = controller.frame()
        #expect(!Self.ids(in: shown).transmitted.isDisjoint(with: Self.marksIDs), "o sends the layer of marks")
        terminal.take(shown)
        var placedSteps = 0, panoramas = 0
        for key in keys {
            controller.handle(.input(.key(key)))
            let frame = controller.frame()
            #expect(terminal.take(frame).isEmpty)
            let split = Panoramas.split(frame)
            let ids = Self.ids(in: split.rest)
            if Panoramas.text(split.rest).contains("a=T") {
                panoramas += 1
                #expect(!ids.transmitted.isDisjoint(with: Self.marksIDs), "after \(key): a new panorama gets its marks")
            } else {
                placedSteps += 1
                #expect(split.rest.count <= 200, "after \(key): \(split.rest.count) bytes besides patches")
                #expect(ids.transmitted.isDisjoint(with: Self.marksIDs), "after \(key): the marks are placed, not sent again")
                #expect(!ids.placed.isDisjoint(with: Self.marksIDs), "after \(key): the marks move with the graph")
            }
            let fresh = try Self.freshPicture(controller)
            let comparison = PanComparison(Panoramas.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width)
            let shownSlots = Panoramas.slots(terminal.shown, of: fresh)
            let differing = fresh.pixels.indices.filter { shownSlots[$0] != fresh.pixels[$0] }.map { ($0 % fresh.width, $0 / fresh.width) }
            #expect(comparison.agree, "after \(key) \(placedSteps + panoramas): \(comparison) at \(differing.prefix(6)) … \(differing.suffix(3))")
        }
        #expect(placedSteps >= 8 && panoramas >= 1, "\(placedSteps) placed steps, \(panoramas) panoramas")
        controller.handle(.input(.key(.character("o"))))
        terminal.take(controller.frame())
        let fresh = try Self.freshPicture(controller)
        #expect(PanComparison(Panoramas.slots(terminal.shown, of: fresh), fresh.pixels, width: fresh.width).agree, "o again: no dots")
        #expect(terminal.windows.allSatisfy { !Self.marksIDs.contains($0.id) }, "the marks' layer is deleted")
    }
}
