import Foundation
import Glyphs
@testable import Raster
import Testing

/// Issue 49, section 4: on log–log axes both axes lie beyond the picture, so the x labels are
/// pinned to the bottom and the y labels to the left, and the first of each met in the corner:
/// `gcview plot 'x^3' --x 0.01:100 --x-scale log --y-scale log` drew "10⁻⁶" under "0.01", and
/// the app's log–log view (`L L L`) "0.001" over "0.001". No two tick labels a picture places
/// may overlap, whichever groups (moving, pinned y, pinned x) they belong to.
@Suite("Tick labels in the corner never overlap")
struct CornerLabelTests {
    /// The line boxes of `image`'s tick labels that intersect another's, as text pairs.
    static func overlaps(in image: IndexedImage) -> [String] {
        let boxes = image.texts.filter { $0.role == .tickLabel }
        var found = [String]()
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                let apart = a.left + a.width <= b.left || b.left + b.width <= a.left
                    || a.top + a.height <= b.top || b.top + b.height <= a.top
                if !apart { found.append("\"\(a.text)\"@(\(a.left),\(a.top)) over \"\(b.text)\"@(\(b.left),\(b.top))") }
            }
        }
        return found
    }

    @Test("log–log x³ and the app's log–log view: corner labels apart",
          arguments: [(800, 500), (720, 456), (640, 400), (1000, 600), (400, 300)])
    func logLogCorner(size: (Int, Int)) throws {
        let glyphs = try FreeTypeGlyphs.system()
        // The ranges as given, and padded as a fitted range is (the lowest ticks then just inside the picture).
        var views = [(x: ClosedRange<Double>, y: ClosedRange<Double>)]()
        for pad in [1.0, 1.05, 1.2, 1.5, 2] {
            views += [(0.01...100, (1e-6 / pad)...(1e6 * pad)), ((0.001 / pad)...(1000 * pad), (0.001 / pad)...(1000 * pad)),
                      (0.01...100, (0.01 / pad)...(100 * pad))]
        }
        for labelHeight in [12, 16, 19, 20] {
            let renderer = GraphRenderer(style: GraphStyle.sized(forTextHeight: labelHeight), glyphs: glyphs)
            for view in views {
                let viewport = Viewport(width: size.0, height: size.1, xRange: view.x, yRange: view.y, xScale: .log, yScale: .log)
                let image = renderer.render({ $0 * $0 * $0 }, in: viewport)
                let found = Self.overlaps(in: image)
                #expect(found.isEmpty, "\(size) labels \(labelHeight) px, x \(view.x) y \(view.y): \(found)")
            }
        }
    }
}
