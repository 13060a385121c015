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
    static func controller(graphing expression: String = "sin(x)*x", rendersAhead: Bool = false) -> AppController {
        let presenter = GraphPresenter(backend: KittyBackend(imageID: 7), glyphs: try? FreeTypeGlyphs.system())
        let controller = AppController(model: AppModel(), window: WindowSize(columns: 120, rows: 32),
                                       cell: PixelSize(width: 10, height: 20), presenter: presenter, theme: .dark)
        controller.apply(.openExpressionLine)
        controller.apply(.editExpression(.insert(expression)))
        controller.apply(.editExpression(.submit))
        controller.apply(.graph)
        if rendersAhead { controller.images.panorama?.glyphsAhead = { try? FreeTypeGlyphs.system() } }
        return controller
    }

    /// What the terminal shows in the graph pane: the pictures transmitted, by id, and the last
    /// one placed, cut to its window.
    struct Terminal {
        var pictures: [String: (width: Int, height: Int, pixels: [RGB])] = [:]
        var placed: (id: String, x: Int, y: Int, width: Int, height: Int)?

        mutating func take(_ frame: [UInt8]) {
            let kitty = FrameInspector(frame).kittyImages()
            #expect(kitty.problems.isEmpty, "\(kitty.problems)")
            for image in kitty.images {
                let id = image.keys["i"] ?? "?"
                pictures[id] = (image.width, image.height, image.pixels)
                if image.keys["a"] == "T" {
                    placed = Self.window(image.keys) ?? (id, 0, 0, image.width, image.height)
                }
            }
            for keys in kitty.placements { placed = Self.window(keys) }
        }

        static func window(_ keys: [String: String]) -> (id: String, x: Int, y: Int, width: Int, height: Int)? {
            guard let x = keys["x"].flatMap({ Int($0) }), let y = keys["y"].flatMap({ Int($0) }),
                  let width = keys["w"].flatMap({ Int($0) }), let height = keys["h"].flatMap({ Int($0) }) else { return nil }
            return (keys["i"] ?? "?", x, y, width, height)
        }

        /// The pixels shown, row by row.
        var shown: [RGB] {
            guard let placed, let picture = pictures[placed.id] else { return [] }
            return (placed.y..<(placed.y + placed.height)).flatMap { row in
                picture.pixels[(row * picture.width + placed.x)..<(row * picture.width + placed.x + placed.width)]
            }
        }
    }

    /// The picture a fresh render of what the controller shows now gives, as palette slots.
    static func freshPicture(_ controller: AppController) throws -> IndexedImage {
        let pane = try #require(controller.graphPane)
        let camera = try #require(controller.model.camera)
        let viewport = camera.viewport(width: pane.width, height: pane.height)
        let renderer = controller.presenter.renderer(theme: .dark, cell: controller.cell)
        let image = GraphImageCache.picture(
            of: GraphImageCache.Content(curves: controller.model.curves, camera: camera, pane: pane, rect: try #require(controller.layout.graph),
                                        hasPopover: controller.model.isPopoverOpen, isSheet: false),
            in: viewport, renderer: renderer, withPopover: controller.model.isPopoverOpen)
        return image
    }

    /// `shown` as slots of `image`'s palette (255 for a colour not in it).
    static func slots(_ shown: [RGB], of image: IndexedImage) -> [UInt8] {
        shown.map { color in image.palette.firstIndex(of: color).map { UInt8($0) } ?? 255 }
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

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
            let frame = controller.frame()
            if Self.text(frame).contains("a=T") {
                sent = true
                #expect(step > 4, "a half-pane margin holds at least 4 steps of a tenth of the pane")
                break
            }
            #expect(frame.count <= 100, "step \(step) wrote \(frame.count) bytes")
            #expect(Self.text(frame).contains("a=p"))
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
        var terminal = Terminal()
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

    @Test("Labels pinned to an edge and the popover send the whole picture, as other protocols do")
    func wholePictureWhenNotRigid() throws {
        let controller = Self.controller()
        var terminal = Terminal()
        terminal.take(controller.frame())
        // Six steps up take the x axis below the pane: its labels are pinned to the bottom edge.
        for _ in 1...6 {
            controller.handle(.input(.key(.up)))
            terminal.take(controller.frame())
        }
        controller.handle(.input(.key(.up)))
        var frame = controller.frame()
        terminal.take(frame)
        #expect(Self.text(frame).contains("a=T") && !Self.text(frame).contains(",w="), "the whole picture, no window")
        let fresh = try Self.freshPicture(controller)
        #expect(Self.slots(terminal.shown, of: fresh) == fresh.pixels)

        controller.handle(.input(.key(.character("i"))))
        terminal.take(controller.frame())
        controller.handle(.input(.key(.down)))
        frame = controller.frame()
        terminal.take(frame)
        #expect(Self.text(frame).contains("a=T") && !Self.text(frame).contains(",w="), "the popover is drawn in: the whole picture")
        let withPopover = try Self.freshPicture(controller)
        #expect(Self.slots(terminal.shown, of: withPopover) == withPopover.pixels)
    }

    /// Walks that keep both axes in view (so the picture pans rigidly) but go further than one
    /// panorama's margin: right and left four steps either side of the start, and up and down three.
    static let walks: [[KeyPress]] = [
        Array(repeating: .right, count: 4) + Array(repeating: .left, count: 8) + Array(repeating: .right, count: 8),
        Array(repeating: .up, count: 3) + Array(repeating: .down, count: 6) + Array(repeating: .up, count: 6),
    ]

    @Test("With the next panorama rendered ahead, every pan key of a walk past the margins costs under 100 bytes, and the view stays exact",
          arguments: walks)
    func walkWithPanoramasAhead(_ keys: [KeyPress]) throws {
        let controller = Self.controller(rendersAhead: true)
        var terminal = Terminal()
        terminal.take(controller.frame())
        var swaps = 0
        var keyFrames = [Int]()
        for key in keys {
            controller.handle(.input(.key(key)))
            let frame = controller.frame()
            keyFrames.append(frame.count)
            terminal.take(frame)
            // The loop looks again shortly while a panorama is rendered ahead; here, until it is ready.
            let clock = ContinuousClock(), deadline = clock.now + .seconds(20)
            while controller.images.panorama?.isWorkingAhead == true, controller.images.panorama?.hasPanoramaAhead != true,
                  clock.now < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            if controller.images.panorama?.hasPanoramaAhead == true {
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
        #expect(keyFrames.allSatisfy { $0 <= 100 }, "bytes of each key's frame: \(keyFrames)")
        #expect(swaps >= 2, "\(swaps) panoramas swapped in")
    }
}
