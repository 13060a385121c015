import Foundation
import Glyphs
@testable import Raster
import TestSupport
import Testing

/// Issue 21, items 2 and 3: what a tick label shows is true and whole. A label is never cut by the
/// picture's edge (so "−10" never reads "10"), and it lies over the curves in a tight halo of the
/// paper colour (so no curve hides a sign). Checked against the 1-2-5 ladder worked out without
/// the renderer (`LabelOracle`) and against the pixels themselves.
@Suite("Tick labels whole and readable")
struct EdgeLabelTests {
    static let functions: [TestFunction] = [.xSine, .tangent, .reciprocal, .sine, .cubic, .floor, .squareRoot, .gamma]

    /// A random view of a random graph: any size from a sliver to very wide, any scale and origin.
    struct RandomView {
        let viewport: Viewport
        let functions: [TestFunction]
        let labelHeight: Int

        init(seed: UInt64) {
            var random = SplitMix64(seed: seed)
            func uniform(_ range: ClosedRange<Double>) -> Double {
                range.lowerBound + Double(random.next() % 1_000_001) / 1_000_000 * (range.upperBound - range.lowerBound)
            }
            let width = Int(uniform(120...2400)), height = Int(uniform(90...900))
            let scale = pow(10, uniform(0.3...3.3))
            let origin = Point(x: uniform(-0.5...1.5) * Double(width), y: uniform(-0.5...1.5) * Double(height))
            viewport = Viewport(width: width, height: height, origin: origin, scale: scale)
            functions = (0...(random.next() % 2)).map { _ in EdgeLabelTests.functions[Int(random.next() % UInt64(EdgeLabelTests.functions.count))] }
            labelHeight = [12, 16, 20, 28][Int(random.next() % 4)]
        }

        /// The view's picture, labelled in `style` with `glyphs`.
        func picture(style: GraphStyle, glyphs: any GlyphSource) -> IndexedImage {
            GraphRenderer(style: style, glyphs: glyphs).render(functions.map { function -> (Double) -> Double? in function.function }, in: viewport)
        }
    }

    /// A random view's picture in a style, with what checks its labels against the glyphs.
    struct Drawn {
        let seed: UInt64
        let view: RandomView
        let style: GraphStyle
        let image: IndexedImage
        let oracle: LabelOracle
        let ascent: Int

        /// Whether `placed`'s glyphs are drawn whole where it lies.
        func isWhole(_ placed: PlacedText) -> Bool {
            oracle.isDrawn(placed.text, in: image, columns: placed.left...placed.left,
                           baselines: (placed.top + ascent)...(placed.top + ascent))
        }
    }

    /// `count` random views, each drawn in the style `styled` gives it.
    static func forEachRandomView(_ count: Int, styled: (RandomView) -> GraphStyle, _ body: (Drawn) -> Void) throws {
        let glyphs = try FreeTypeGlyphs.system()
        SeedSweep.forEach(count) { seed in
            let view = RandomView(seed: seed)
            let style = styled(view)
            body(Drawn(seed: seed, view: view, style: style, image: view.picture(style: style, glyphs: glyphs),
                       oracle: LabelOracle(glyphs: glyphs, pixelHeight: style.labelPixelHeight),
                       ascent: glyphs.metrics(pixelHeight: style.labelPixelHeight).ascent))
        }
    }

    /// The pixels of the outermost rows and columns of `image` that hold label ink.
    static func inkOnTheRim(of image: IndexedImage) -> [(x: Int, y: Int)] {
        var rim = [(x: Int, y: Int)]()
        for y in 0..<image.height {
            for x in 0..<image.width where x == 0 || y == 0 || x == image.width - 1 || y == image.height - 1 {
                let slot = image[x, y]
                if slot >= PaletteSlot.firstLabel && slot <= PaletteSlot.fullLabel { rim.append((x, y)) }
            }
        }
        return rim
    }

    /// Whether the tick label `placed` reads a value of the ladder whose tick it spans: an x tick
    /// under it or a y tick across its line box (or, for a label moved inside at an edge, touching it).
    static func readsItsTick(_ placed: PlacedText, in viewport: Viewport, style: GraphStyle) -> Bool {
        let xStep = LabelOracle.step(pixelsPerUnit: viewport.scaleX, minimumSpacing: style.minimumTickSpacing)
        let yStep = LabelOracle.step(pixelsPerUnit: viewport.scaleY, minimumSpacing: style.minimumTickSpacing * 0.6)
        let xTicks = LabelOracle.ticks(step: xStep, in: viewport.xRange).filter { value in
            let column = viewport.pixelColumn(forX: value)
            return column >= placed.left - 1 && column <= placed.left + placed.width
        }
        let yTicks = LabelOracle.ticks(step: yStep, in: viewport.yRange).filter { value in
            let row = viewport.pixelRow(forY: value)
            return row >= placed.top - 1 && row <= placed.top + placed.height
        }
        return xTicks.contains { LabelOracle.text($0, step: xStep) == placed.text.replacingOccurrences(of: "−", with: "-") }
            || yTicks.contains { LabelOracle.text($0, step: yStep) == placed.text.replacingOccurrences(of: "−", with: "-") }
    }

    @Test("Over many random views, every tick label lies wholly inside the picture, no label ink touches its rim, and each reads its tick's value")
    func labelsWholeInRandomViews() throws {
        var labels = 0, movedInside = 0
        try Self.forEachRandomView(60, styled: { GraphStyle.sized(forTextHeight: $0.labelHeight) }) { drawn in
            let (seed, image, oracle, ascent) = (drawn.seed, drawn.image, drawn.oracle, drawn.ascent)
            let rim = Self.inkOnTheRim(of: image)
            #expect(rim.isEmpty, "seed \(seed): label ink on the picture's rim at \(rim.prefix(5))")
            for placed in image.texts where placed.role == .tickLabel {
                labels += 1
                let column = drawn.view.viewport.pixelColumn(forX: 0)
                if placed.left == 1 || placed.left + placed.width == image.width - 1 { movedInside += 1 }
                #expect(placed.left >= 1 && placed.top >= 1 && placed.left + placed.width <= image.width - 1
                        && placed.top + placed.height <= image.height - 1,
                        "seed \(seed): \(placed.text) at \(placed.left), \(placed.top) in \(image.width)x\(image.height), axis at \(column)")
                // Every glyph's ink, placed as the oracle places it, lies inside the picture, and reads the label.
                let outside = oracle.ink(of: placed.text).filter { point in
                    let x = placed.left + point.x, y = placed.top + ascent + point.y
                    return x < 1 || y < 1 || x >= image.width - 1 || y >= image.height - 1
                }
                #expect(outside.isEmpty, "seed \(seed): \(placed.text) has ink beyond the picture")
                #expect(drawn.isWhole(placed), "seed \(seed): \(placed.text) is not drawn whole where it is placed")
                #expect(Self.readsItsTick(placed, in: drawn.view.viewport, style: drawn.style),
                        "seed \(seed): \(placed.text) at \(placed.left), \(placed.top) reads no tick it spans")
            }
        }
        #expect(labels >= 300, "labels checked: \(labels)")
        #expect(movedInside >= 3, "labels moved inside at an edge: \(movedInside)")
    }

    @Test("No tick label lies under the title and legend band, which is drawn over it: each is whole, or left out")
    func labelsClearOfTheBand() throws {
        var labels = 0, bands = 0
        try Self.forEachRandomView(60, styled: { view in
            var style = GraphStyle.sized(forTextHeight: view.labelHeight)
            style.title = "y = tan(x) + x ^ x"
            style.legend = ["y = tan(x)", "y = x ^ x", "y = sin(x)"]
            return style
        }) { drawn in
            // The band from the corner to the far edges of the names it holds, found from the picture's own texts.
            let named = drawn.image.texts.filter { $0.role == .title || $0.role == .legend }
            guard let right = named.map({ $0.left + $0.width }).max(), let bottom = named.map({ $0.top + $0.height }).max() else { return }
            bands += 1
            for placed in drawn.image.texts where placed.role == .tickLabel {
                labels += 1
                #expect(placed.left >= right || placed.top >= bottom,
                        "seed \(drawn.seed): \(placed.text) at \(placed.left), \(placed.top) lies under the band to \(right), \(bottom)")
                #expect(drawn.isWhole(placed), "seed \(drawn.seed): \(placed.text) is not drawn whole where it is placed")
            }
        }
        #expect(bands >= 50, "pictures with a band: \(bands)")
        #expect(labels >= 200, "labels checked: \(labels)")
    }

    @Test("No tick label reaches a box kept clear for what is drawn over the picture (the popover): each is whole, or left out")
    func labelsClearOfThePopover() throws {
        var labels = 0, boxes = 0
        try Self.forEachRandomView(60, styled: { view in
            var style = GraphStyle.sized(forTextHeight: view.labelHeight)
            // A box hanging from the top right corner, as the popover does, a third to all of the width.
            let width = view.viewport.width, height = view.viewport.height
            let boxWidth = max(width / 3 + Int(view.viewport.origin.x.magnitude) % max(width / 2, 1), 8)
            style.labelsKeptClear = [PixelRect(left: max(width - boxWidth - 2, 1), top: 1, right: width - 2, bottom: max(height / 3, 8))]
            return style
        }) { drawn in
            guard let box = drawn.style.labelsKeptClear.first else { return }
            boxes += 1
            for placed in drawn.image.texts where placed.role == .tickLabel {
                labels += 1
                let rect = PixelRect(left: placed.left, top: placed.top, right: placed.left + placed.width, bottom: placed.top + placed.height)
                #expect(!rect.intersects(box), "seed \(drawn.seed): \(placed.text) at \(placed.left), \(placed.top) reaches the box \(box)")
                #expect(drawn.isWhole(placed), "seed \(drawn.seed): \(placed.text) is not drawn whole where it is placed")
            }
        }
        #expect(boxes == 60 && labels >= 200, "pictures \(boxes), labels checked: \(labels)")
    }

    @Test("Braille: labels laid out on the cell grid lie wholly inside the picture, for random views")
    func brailleLabelsWhole() {
        let renderer = GraphRenderer(style: .sized(forTextHeight: 4), glyphs: CellGlyphs(width: 2, height: 4))
        var labels = 0
        SeedSweep.forEach(60) { seed in
            let view = RandomView(seed: seed)
            let viewport = Viewport(width: view.viewport.width / 4 * 2, height: view.viewport.height / 8 * 4,
                                    origin: Point(x: view.viewport.origin.x / 4, y: view.viewport.origin.y / 4),
                                    scale: view.viewport.scaleX / 4)
            let image = renderer.render(view.functions.map { function -> (Double) -> Double? in function.function }, in: viewport)
            for placed in image.texts where placed.role == .tickLabel {
                labels += 1
                #expect(placed.left >= 0 && placed.top >= 0 && placed.left + placed.width <= image.width
                        && placed.top + placed.height <= image.height,
                        "seed \(seed): \(placed.text) at \(placed.left), \(placed.top) in \(image.width)x\(image.height)")
                #expect(Self.readsItsTick(placed, in: viewport, style: renderer.style), "seed \(seed): \(placed.text)")
            }
        }
        #expect(labels >= 200, "labels checked: \(labels)")
    }

    /// A graph of issue 21 where curves cross labels.
    struct Crossing: Sendable, CustomTestStringConvertible {
        let functions: [TestFunction]
        let xRange: ClosedRange<Double>
        let yRange: ClosedRange<Double>
        let width: Int
        let height: Int
        let labelHeight: Int
        var testDescription: String { "\(functions.map(\.name).joined(separator: ", ")) \(width)x\(height)" }
    }

    static let crossings: [Crossing] = [
        Crossing(functions: [.tangent, .sine, TestFunction("x/3") { $0 / 3 }], xRange: -10...10, yRange: -12.5...12.5,
                 width: 1081, height: 500, labelHeight: 16),
        Crossing(functions: [.reciprocal], xRange: -10...10, yRange: -2.2...2.2, width: 1081, height: 500, labelHeight: 16),
        Crossing(functions: [.reciprocal], xRange: -2.2...2.2, yRange: -10...10, width: 600, height: 500, labelHeight: 20),
        Crossing(functions: [.xSine], xRange: -10...10, yRange: -6.3...8.6, width: 400, height: 250, labelHeight: 12),
        Crossing(functions: [.tangent, .sine, TestFunction("x/3") { $0 / 3 }], xRange: -10...10, yRange: -12.5...12.5,
                 width: 2400, height: 600, labelHeight: 28),
    ]

    @Test("Curves never cover a label's ink or its halo, and the halo stays within two pixels of the ink", arguments: crossings)
    func labelsOverCurves(_ crossing: Crossing) throws {
        let glyphs = try FreeTypeGlyphs.system()
        let style = GraphStyle.sized(forTextHeight: crossing.labelHeight)
        let viewport = Viewport(width: crossing.width, height: crossing.height, xRange: crossing.xRange, yRange: crossing.yRange)
        let functions = crossing.functions.map { function -> (Double) -> Double? in function.function }
        let image = GraphRenderer(style: style, glyphs: glyphs).render(functions, in: viewport)
        let bare = GraphRenderer(style: style, glyphs: nil).render(functions, in: viewport)
        let oracle = LabelOracle(glyphs: glyphs, pixelHeight: style.labelPixelHeight)
        let ascent = glyphs.metrics(pixelHeight: style.labelPixelHeight).ascent
        var crossed = 0
        for placed in image.texts where placed.role == .tickLabel {
            let ink = Set(oracle.ink(of: placed.text).map { (placed.left + $0.x) * 65536 + placed.top + ascent + $0.y })
            var covered = [(Int, Int)](), under = 0, changedFar = [(Int, Int)]()
            for y in (placed.top - 4)..<(placed.top + placed.height + 4) where y >= 0 && y < image.height {
                for x in (placed.left - 4)..<(placed.left + placed.width + 4) where x >= 0 && x < image.width {
                    // Chebyshev distance to the nearest ink pixel, up to 3.
                    var distance = 3
                    for dy in -2...2 { for dx in -2...2 where ink.contains((x + dx) * 65536 + y + dy) { distance = min(distance, max(abs(dx), abs(dy))) } }
                    if distance <= 1 {
                        if PaletteSlot.isCurve(image[x, y]) { covered.append((x, y)) }
                        if PaletteSlot.isCurve(bare[x, y]) { under += 1 }
                    } else if distance == 3, image[x, y] != bare[x, y] {
                        changedFar.append((x, y))
                    }
                }
            }
            #expect(covered.isEmpty, "\(placed.text): curve ink on its glyphs or halo at \(covered.prefix(5))")
            #expect(changedFar.isEmpty, "\(placed.text): the label changed pixels 3 px from its ink at \(changedFar.prefix(5))")
            if under > 0 { crossed += 1 }
        }
        #expect(crossed >= 1, "a curve runs where some label is drawn")
    }

    @Test("The SVG draws every tick label whole inside the picture, over the curves, in a stroke of the paper colour")
    func svgLabels() throws {
        var renderer = GraphRenderer(style: .sized(forTextHeight: 20), glyphs: try FreeTypeGlyphs.system())
        renderer.recordsDrawing = true
        let viewport = Viewport(width: 1081, height: 500, xRange: -10...10, yRange: -6.3...8.6)
        let image = renderer.render([TestFunction.xSine.function], in: viewport)
        let svg = try #require(SVGDocument(image: image)).text
        let labels = image.texts.filter { $0.role == .tickLabel }
        #expect(labels.contains { $0.text == "-10" && $0.left == 1 }, "-10 moved inside at the left edge: \(labels.map(\.text))")
        let lines = svg.split(separator: "\n")
        let curve = try #require(lines.firstIndex { $0.hasPrefix("<path") })
        for label in labels {
            let line = try #require(lines.firstIndex { $0.hasPrefix("<text x=\"\(label.left)\"") && $0.hasSuffix(">\(label.text)</text>") },
                                    "\(label.text) in the SVG")
            #expect(line > curve, "\(label.text) is drawn after the curve")
            #expect(lines[line].contains("stroke=\"\(image.palette[Int(PaletteSlot.background)].hex)\"")
                    && lines[line].contains("paint-order=\"stroke\""), "\(lines[line])")
        }
    }
}
