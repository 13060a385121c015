import Raster

/// Where the graph's origin sits and how far it is zoomed, independent of the pane's size.
///
/// The origin is kept as an offset from the pane's centre (CS193p extra credit), so resizing the
/// terminal keeps what is in the middle of the graph in the middle.
struct GraphCamera: Equatable, Codable, Sendable {
    /// Pixels per unit along x.
    var scaleX: Double
    /// Pixels per unit along y; equal to `scaleX` until a zoom to fit stretches it.
    var scaleY: Double
    /// The origin's offset from the pane's centre, in pixels (y down, as on screen). On a log axis
    /// the origin is the position 0 (x or y = 1) and the scale is pixels per decade, so a pan is
    /// still a translation of pixels (`Viewport`).
    var offsetX: Double = 0
    var offsetY: Double = 0
    /// The scale of each axis: linear, or log (`L` cycles them).
    var axes = AxisScales()

    /// The smallest and largest zoom: about 1e-6 to 1e6 units across a typical pane.
    static let scaleLimits: ClosedRange<Double> = 1e-4...1e8
    /// The same on a log axis, whose scale is pixels per decade: at least one, so the Doubles'
    /// 630 decades span as many pixels. At 1e-4 a pane spanned millions of decades and every
    /// value sat in a fraction of a pixel: log–log zoomed fully out drew nothing (issue 49).
    static let logScaleLimits: ClosedRange<Double> = 1...1e8

    /// The zoom limits of an axis of `scale`.
    static func scaleLimits(for scale: AxisScale) -> ClosedRange<Double> {
        scale == .log ? logScaleLimits : scaleLimits
    }

    init(scale: Double, offsetX: Double = 0, offsetY: Double = 0) {
        self.scaleX = scale
        self.scaleY = scale
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// The cell height the standard camera assumes before there is a pane to measure: a
    /// common 10 x 20 cell's.
    static let assumedCellHeight = 20

    /// The camera for a terminal whose cells are `cellHeight` pixels tall (or the assumed
    /// height when there is no pane yet): about 2.5 cells a unit.
    static func standard(cellHeight: Int?) -> GraphCamera {
        GraphCamera(scale: Double(max(cellHeight ?? assumedCellHeight, 4)) * 2.5)
    }

    /// The viewport of a pane this many pixels in size.
    func viewport(width: Int, height: Int) -> Viewport {
        var viewport = Viewport(width: width, height: height,
                                origin: Point(x: Double(width) / 2 + offsetX, y: Double(height) / 2 + offsetY),
                                scale: scaleX)
        viewport.scaleY = scaleY
        viewport.xScale = axes.x
        viewport.yScale = axes.y
        return viewport
    }

    /// Moves the graph with the pointer by this many pixels.
    mutating func pan(dx: Double, dy: Double) {
        guard dx.isFinite, dy.isFinite else { return }
        offsetX += dx
        offsetY += dy
        clampOffsets()
    }

    /// Zooms by `factor` keeping the graph point under `pixel` (pane coordinates) where it is.
    /// Factors that are not positive and finite are ignored; the scales stop at `scaleLimits`.
    mutating func zoom(by factor: Double, about pixel: Point, paneWidth: Int, paneHeight: Int) {
        guard factor.isFinite, factor > 0, pixel.x.isFinite, pixel.y.isFinite else { return }
        // y zooms with x (a stretch from a zoom to fit is kept), each within its own axis's limits,
        // and the point under `pixel` stays there along each axis by the factor that axis took.
        let newScaleX = (scaleX * factor).clamped(to: Self.scaleLimits(for: axes.x))
        let newScaleY = (scaleY * newScaleX / scaleX).clamped(to: Self.scaleLimits(for: axes.y))
        let origin = viewport(width: paneWidth, height: paneHeight).origin
        offsetX = pixel.x + (origin.x - pixel.x) * (newScaleX / scaleX) - Double(paneWidth) / 2
        offsetY = pixel.y + (origin.y - pixel.y) * (newScaleY / scaleY) - Double(paneHeight) / 2
        scaleX = newScaleX
        scaleY = newScaleY
        clampOffsets()
    }

    /// Moves the origin to `pixel` (the CS193p double tap).
    mutating func moveOrigin(to pixel: Point, paneWidth: Int, paneHeight: Int) {
        guard pixel.x.isFinite, pixel.y.isFinite else { return }
        offsetX = pixel.x - Double(paneWidth) / 2
        offsetY = pixel.y - Double(paneHeight) / 2
        clampOffsets()
    }

    /// Takes the y scale and origin height from `viewport` (a zoom to fit), keeping x as it is.
    mutating func fitVertically(to viewport: Viewport) {
        guard viewport.scaleY.isFinite, viewport.scaleY > 0, viewport.origin.y.isFinite else { return }
        let fitted = viewport.scaleY.clamped(to: Self.scaleLimits(for: axes.y))
        // Keep the middle of the fitted range in the middle if the scale had to be clamped.
        let middleY = (viewport.origin.y - Double(viewport.height) / 2) / viewport.scaleY
        scaleY = fitted
        offsetY = middleY * fitted
        clampOffsets()
    }

    /// Keeps the origin within `offsetLimit` of the centre, where pixel arithmetic stays exact, and
    /// on a log axis the centre within `logPositionLimit` decades of 1.
    private mutating func clampOffsets() {
        func limits(_ scale: AxisScale, _ pixels: Double) -> ClosedRange<Double> {
            let limit = scale == .log ? min(Self.logPositionLimit * pixels, Self.offsetLimit) : Self.offsetLimit
            return -limit...limit
        }
        offsetX = offsetX.isFinite ? offsetX.clamped(to: limits(axes.x, scaleX)) : 0
        offsetY = offsetY.isFinite ? offsetY.clamped(to: limits(axes.y, scaleY)) : 0
    }

    /// How many decades from 1 the centre of a log axis may go: beyond the Doubles (1e±308) the
    /// graph is the curve's limit at 0 or infinity.
    static let logPositionLimit = 330.0

    /// The next axes of the cycle (linear, log y, log x, log–log), keeping what the pane shows
    /// where it can: an axis that turns log keeps its visible range when it lies above 0, else
    /// shows the four decades below its top (0.01 to 100 when the top is not above 0 either);
    /// one that turns linear shows the values it showed. Scales stay within `scaleLimits`.
    mutating func cycleAxes(paneWidth: Int, paneHeight: Int) {
        let view = viewport(width: paneWidth, height: paneHeight)
        let next = axes.next
        if next.x != axes.x {
            let range = Self.range(view.xRange, turning: next.x)
            guard let positions = next.x.positions(of: range) else { return }
            scaleX = Viewport.scale(ofPixels: paneWidth, across: positions).clamped(to: Self.scaleLimits(for: next.x))
            // Whole pixels: a range's ends (often decades) then never sit within an ulp of a pixel's
            // edge, where a panorama and its window could round a tick to different pixels.
            offsetX = (-positions.lowerBound * scaleX - Double(paneWidth) / 2).rounded()
        }
        if next.y != axes.y {
            let range = Self.range(view.yRange, turning: next.y)
            guard let positions = next.y.positions(of: range) else { return }
            scaleY = Viewport.scale(ofPixels: paneHeight, across: positions).clamped(to: Self.scaleLimits(for: next.y))
            offsetY = (positions.upperBound * scaleY - Double(paneHeight) / 2).rounded()
        }
        axes = next
        clampOffsets()
    }

    /// The range an axis showing `range` shows when it turns `scale`.
    private static func range(_ range: ClosedRange<Double>, turning scale: AxisScale) -> ClosedRange<Double> {
        guard scale == .log else { return range }
        guard range.upperBound > 0 else { return 0.01...100 }
        return range.lowerBound > 0 ? range : (range.upperBound / 1e4)...range.upperBound
    }

    /// The same view of a pane measured in another unit, `factor` of them to one of before (braille
    /// dots become pixels when the protocol changes, a font zoom makes the cells larger): the scales
    /// and the origin's offset grow alike, so the same ranges show. The offset stays in whole pixels
    /// (within half a pixel of the same view), where a kitty panorama and a fresh render of its
    /// window round every tick and label alike (`cycleAxes`). Unchanged when the result would not be sane.
    func measured(by factor: Double) -> GraphCamera {
        var camera = self
        camera.scaleX *= factor
        camera.scaleY *= factor
        camera.offsetX = (offsetX * factor).rounded()
        camera.offsetY = (offsetY * factor).rounded()
        return factor.isFinite && factor > 0 && camera.isSane ? camera : self
    }

    /// Puts the origin back in the centre of the pane.
    mutating func centreOrigin() {
        offsetX = 0
        offsetY = 0
    }

    /// The largest origin offset, in pixels: far beyond any pan, and still exact in a Double.
    ///
    /// Zoomed all the way in (1e8 pixels a unit), x = 1e6 is 1e14 pixels from the origin, so
    /// the limit is on pixels, not on units.
    static let offsetLimit = 1e15

    /// Whether every value is finite and in range; restored state that is not gets replaced.
    var isSane: Bool {
        Self.scaleLimits.contains(scaleX) && Self.scaleLimits.contains(scaleY) && offsetX.isFinite && offsetY.isFinite
            && abs(offsetX) <= Self.offsetLimit && abs(offsetY) <= Self.offsetLimit
    }
}

extension Comparable {
    func clamped(to limits: ClosedRange<Self>) -> Self {
        min(max(self, limits.lowerBound), limits.upperBound)
    }
}

/// The scale of each axis of the graph, and the cycle `L` steps through.
struct AxisScales: Equatable, Codable, Sendable {
    var x = AxisScale.linear
    var y = AxisScale.linear

    /// After linear, log y; then log x; then log–log; then linear again.
    var next: AxisScales {
        switch (x, y) {
        case (.linear, .linear): AxisScales(x: .linear, y: .log)
        case (.linear, .log): AxisScales(x: .log, y: .linear)
        case (.log, .linear): AxisScales(x: .log, y: .log)
        case (.log, .log): AxisScales()
        }
    }

    /// How the status line names them: "log y", "log x", "log–log", or "linear".
    var name: String {
        switch (x, y) {
        case (.linear, .linear): "linear"
        case (.linear, .log): "log y"
        case (.log, .linear): "log x"
        case (.log, .log): "log–log"
        }
    }
}
