import Glyphs
import Raster
import TestSupport
import Testing

/// A picture of a view is a window over a graph's layers: the base, and the strips of labels
/// pinned to an edge laid on top. That lets a terminal show a pan by moving windows over pictures
/// it already holds (kitty's panorama).
@Suite("Pictures in layers that pan")
struct PanLayersTests {
    /// A view of the pan tests: functions, and the view's origin in its pixels.
    struct View: Sendable, CustomTestStringConvertible {
        let functions: [TestFunction]
        let originX: Double
        let originY: Double
        var scale = 50.0
        var testDescription: String {
            "\(functions.map(\.name).joined(separator: ", ")) with the origin at \(originX), \(originY)"
        }
    }

    static let width = 480, height = 320
    /// The panorama's margin on each side.
    static let marginX = 240, marginY = 160

    static func renderer() throws -> GraphRenderer {
        GraphRenderer(style: .sized(forTextHeight: 20, theme: .dark), glyphs: try FreeTypeGlyphs.system())
    }

    /// The window at `left`, `top` over the layers, each strip's clear pixels letting the base show,
    /// with `patches` laid on top.
    static func window(over layers: GraphLayers, left: Int, top: Int, patches: [LabelPatch] = []) -> [UInt8] {
        var out = crop(layers.base, left: left, top: top)
        for (strip, x, y) in [(layers.pinnedYLabels, 0, top), (layers.pinnedXLabels, left, 0)] {
            guard let strip, let clear = strip.clearIndex else { continue }
            for (index, pixel) in crop(strip, left: x, top: y).enumerated() where pixel != clear { out[index] = pixel }
        }
        for patch in patches {
            for row in 0..<patch.image.height {
                for column in 0..<patch.image.width {
                    out[(patch.top + row) * width + patch.left + column] = patch.image.pixels[row * patch.image.width + column]
                }
            }
        }
        return out
    }

    /// The `width` x `height` pixels of `image` from `left`, `top` on.
    static func crop(_ image: IndexedImage, left: Int, top: Int) -> [UInt8] {
        (top..<(top + height)).flatMap { row in image.pixels[(row * image.width + left)..<(row * image.width + left + width)] }
    }

    /// Checks that every window of the view's panorama whose labels stand as the layers' shows what
    /// a fresh render of that window shows, the layers made for the stance most windows of `offsets`
    /// share (the app makes them for the view it shows); returns how many windows were compared,
    /// and how many of them needed patches. A window with a label across its edge moves the label
    /// inside or leaves it out, where the layers draw it whole: its `labelPatches` laid on top make up the difference.
    @discardableResult
    static func checkWindows(of view: View, renderer: GraphRenderer, at offsets: [(Int, Int)], checksCurves: Bool = true,
                             sourceLocation: SourceLocation = #_sourceLocation) -> (compared: Int, patched: Int) {
        let functions = view.functions.map { function -> (Double) -> Double? in function.function }
        // The view moved by the window's offset from the centre, the other way.
        func window(_ left: Int, _ top: Int) -> Viewport {
            Viewport(width: width, height: height,
                     origin: Point(x: view.originX + Double(marginX - left), y: view.originY + Double(marginY - top)),
                     scale: view.scale)
        }
        let stances = offsets.compactMap { renderer.labelStance(in: window($0.0, $0.1)) }
        guard let stance = stances.max(by: { a, b in stances.count { $0 == a } < stances.count { $0 == b } }) else { return (0, 0) }
        let panorama = Viewport(width: width + 2 * marginX, height: height + 2 * marginY,
                                origin: Point(x: view.originX + Double(marginX), y: view.originY + Double(marginY)),
                                scale: view.scale)
        let layers = renderer.layers(functions, in: panorama, windowWidth: width, windowHeight: height, stance: stance)
        #expect((layers.pinnedXLabels != nil) == stance.x.isPinned, sourceLocation: sourceLocation)
        #expect((layers.pinnedYLabels != nil) == (stance.y?.isPinned == true), sourceLocation: sourceLocation)
        var compared = 0, patched = 0
        for (left, top) in offsets {
            let moved = window(left, top)
            guard renderer.labelStance(in: moved) == stance else { continue }
            let fresh = renderer.render(functions, in: moved)
            let patches = renderer.labelPatches(over: layers, windowAt: left, top, showing: moved, stance: stance)
            if !patches.isEmpty { patched += 1 }
            #expect(patches.count <= GraphRenderer.maximumLabelPatches, sourceLocation: sourceLocation)
            var shown = Self.window(over: layers, left: left, top: top, patches: patches)
            // The title and legend lie in the overlay, above the layers and the patches.
            let overlay = renderer.overlay(width: width, height: height, curves: functions.count)
            if let clear = overlay.clearIndex {
                for (index, pixel) in overlay.pixels.enumerated() where pixel != clear { shown[index] = pixel }
            }
            let comparison = PanComparison(shown, fresh.pixels, width: width)
            // Hostile curves sampled over the larger picture may take other anti-aliasing phases
            // (and, where curves cross, another curve's colour on top): every other pixel agrees.
            #expect(checksCurves ? comparison.agree : comparison.otherInk == 0,
                    "\(view.testDescription), window at \(left), \(top): \(comparison)", sourceLocation: sourceLocation)
            compared += 1
        }
        return (compared, patched)
    }

    /// `count` windows at offsets of a generator seeded with `seed`, anywhere over the panorama.
    static func randomOffsets(_ count: Int, seed: UInt64) -> [(Int, Int)] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in (Int(random.next() % UInt64(2 * marginX + 1)), Int(random.next() % UInt64(2 * marginY + 1))) }
    }

    static let offsets = [(marginX, marginY), (0, 0), (2 * marginX, 2 * marginY), (17, 301), (480, 3), (240, 0), (0, 160)]

    // Views whose labels reach the image's edges (ticks every unit at 50 px), with each axis
    // beside its labels, off the picture with its labels pinned, or both.
    static let views: [View] = [
        View(functions: [.xSine], originX: 240, originY: 160),
        View(functions: [.xSine], originX: 37, originY: 280),
        View(functions: [.cubic], originX: 455, originY: 13, scale: 9),
        View(functions: [.sine], originX: 61.5, originY: 250.25, scale: 37),
        View(functions: [.reciprocal], originX: 300, originY: 40),
        View(functions: [.xSine], originX: -400, originY: 160),
        View(functions: [.xSine], originX: 900, originY: 160),
        View(functions: [.xSine], originX: 240, originY: -300),
        View(functions: [.square], originX: 240, originY: 700, scale: 20),
        View(functions: [.xSine, .sine], originX: -700, originY: 900, scale: 30),
        View(functions: [.square, .reciprocal, .sine], originX: 1200, originY: -50, scale: 40),
    ]

    @Test("Each window over a view's layers is what a fresh render of that window shows, the curves within one pixel", arguments: views)
    func windowsEqualFreshRenders(_ view: View) throws {
        let offsets = Self.offsets + Self.randomOffsets(80, seed: UInt64(view.originX.magnitude * 7 + view.originY.magnitude))
        let checked = Self.checkWindows(of: view, renderer: try Self.renderer(), at: offsets)
        #expect(checked.compared >= 2, "at least two windows stand alike")
    }

    @Test("Pinned labels have layers of their own; labels beside their axis stay in the base")
    func pinnedStrips() throws {
        let renderer = try Self.renderer()
        func stance(_ x: Double, _ y: Double) throws -> LabelStance {
            try #require(renderer.labelStance(in: Viewport(width: Self.width, height: Self.height, origin: Point(x: x, y: y), scale: 50)))
        }
        #expect(try stance(240, 160).x == .besideAxis && stance(240, 160).y == .besideAxis)
        #expect(try stance(240, -300).x == .pinnedToStart)
        #expect(try stance(240, 900).x == .pinnedToEnd)
        #expect(try stance(-400, 160).y == .pinnedToStart)
        #expect(try stance(900, 160).y == .pinnedToEnd)
        #expect(try stance(240, 310).x == .farSide)
        // The same view has the y labels 3 and −3 across the top and bottom edges (their ticks 10 px
        // inside): a window showing it over the layers needs a patch around each, left of the y
        // axis (column 240), and nowhere else.
        let cut = Viewport(width: Self.width, height: Self.height, origin: Point(x: 240, y: 160), scale: 50)
        let stance = try #require(renderer.labelStance(in: cut))
        let panorama = Viewport(width: Self.width + 2 * Self.marginX, height: Self.height + 2 * Self.marginY,
                                origin: Point(x: 240 + Double(Self.marginX), y: 160 + Double(Self.marginY)), scale: 50)
        let layers = renderer.layers([TestFunction.xSine.function], in: panorama, windowWidth: Self.width,
                                     windowHeight: Self.height, stance: stance)
        let patches = renderer.labelPatches(over: layers, windowAt: Self.marginX, Self.marginY, showing: cut, stance: stance)
        let boxes = patches.map { (left: $0.left, top: $0.top, right: $0.left + $0.image.width, bottom: $0.top + $0.image.height) }
        #expect(boxes.count == 2 && boxes.contains { $0.top < 20 } && boxes.contains { $0.bottom > Self.height - 20 }
                    && boxes.allSatisfy { $0.right <= 240 && $0.left > 180 && $0.bottom - $0.top < 40 }, "\(boxes)")
    }

    @Test("Random views and windows of hostile functions agree with fresh renders in grid, axes and every label")
    func randomViews() throws {
        let renderer = try Self.renderer()
        let functions: [TestFunction] = [.xSine, .tangent, .sineOfReciprocal, .squareRoot, .floor, .gamma, .cotangent, .logarithm]
        var compared = 0, patched = 0
        SeedSweep.forEach(12) { seed in
            var random = SplitMix64(seed: seed)
            let count = Int(random.next() % 3) + 1
            let chosen = (0..<count).map { _ in functions[Int(random.next() % UInt64(functions.count))] }
            let view = View(functions: chosen, originX: Double(Int(random.next() % 2400)) - 1200,
                            originY: Double(Int(random.next() % 1600)) - 800, scale: [9.0, 37, 50, 120][Int(random.next() % 4)])
            let checked = Self.checkWindows(of: view, renderer: renderer, at: Self.randomOffsets(16, seed: random.next()),
                                            checksCurves: false)
            compared += checked.compared
            patched += checked.patched
        }
        #expect(compared >= 12 && patched >= 3, "windows compared: \(compared), \(patched) of them with patches")
    }

    @Test("With a title and legend in the overlay, every window is what a fresh render shows: no label under the band")
    func windowsUnderTheLegend() throws {
        var renderer = try Self.renderer()
        renderer.style.title = "y = x sin(x) and friends"
        renderer.style.legend = ["y = x sin(x)", "y = sin(x)", "y = 1/x"]
        var compared = 0, patched = 0
        // Pinned x labels along the top pass under the band as the view pans, and so do the y labels beside the axis.
        for view in [View(functions: [.xSine, .sine, .reciprocal], originX: 240, originY: -300),
                     View(functions: [.xSine, .sine], originX: 300, originY: 160),
                     View(functions: [.xSine, .sine, .reciprocal], originX: 120, originY: 60, scale: 37)] {
            let checked = Self.checkWindows(of: view, renderer: renderer, at: Self.offsets + Self.randomOffsets(40, seed: 11))
            compared += checked.compared
            patched += checked.patched
        }
        #expect(compared >= 20 && patched >= 5, "windows compared: \(compared), \(patched) of them with patches")
    }

    @Test("The overlay holds the legend on clear pixels; laid over the picture without one it gives the picture with one")
    func legendOverlay() throws {
        var renderer = try Self.renderer()
        let functions: [(Double) -> Double?] = [TestFunction.sine.function, TestFunction.xSine.function]
        let viewport = Viewport(width: Self.width, height: Self.height, origin: Point(x: 40, y: 160), scale: 50)
        let plain = renderer.render(functions, in: viewport)
        renderer.style.legend = ["sin(x)", "sin(x)*x"]
        let withLegend = renderer.render(functions, in: viewport)
        let overlay = renderer.overlay(width: Self.width, height: Self.height, curves: 2)
        let clear = try #require(overlay.clearIndex)
        #expect(overlay.pixels.contains(clear) && overlay.pixels.contains { $0 != clear })
        let laid = zip(plain.pixels, overlay.pixels).map { $1 == clear ? $0 : $1 }
        #expect(laid == withLegend.pixels)
        #expect(withLegend.pixels != plain.pixels)
    }
}
