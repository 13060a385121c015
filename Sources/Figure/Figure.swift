import Analysis
import Brain
import Raster

/// What one picture shows, built once and handed to every consumer: `plot` draws it inline or
/// into a PNG, SVG or GIF, `points` asks it its points, and each consumer reads the same frame,
/// items and overlays.
///
/// A figure is a value: its items are compiled when it is made, so drawing it twice, or drawing
/// it and asking its points, evaluates the same functions.
package struct Figure {
    /// What the axes span and how they read.
    package var frame: FigureFrame
    /// The curves, in colour order: item k is drawn in the theme's curve colour k.
    package let items: [FigureItem]
    /// What is drawn over the curves.
    package let overlays: FigureOverlays
    /// The area under each y(x) item over the overlays' interval, in item order (nil for the
    /// other kinds); empty when the figure shades no area. Found once, when the figure is made:
    /// the legend, the title and the picture all read it.
    package let areas: [Area?]

    package init(frame: FigureFrame, items: [FigureItem], overlays: FigureOverlays = FigureOverlays()) {
        self.frame = frame
        self.items = items
        self.overlays = overlays
        areas = overlays.area.map { interval in items.map { $0.area(over: interval) } } ?? []
    }

    /// A figure of `relations`, each compiled with its parameters at `values` (those not given
    /// are 1), angles in the frame's mode, parametric and polar curves over the frame's t.
    package init(frame: FigureFrame, relations: [Relation], values: [String: Double],
                 overlays: FigureOverlays = FigureOverlays()) {
        let items = relations.map { FigureItem(relation: $0, values: values, angle: frame.angle, t: frame.t) }
        self.init(frame: frame, items: items, overlays: overlays)
    }

    /// The same figure with the parameter `name` at `value` in every item that uses it: a frame
    /// of an animation, a slider's step.
    package func binding(_ name: String, to value: Double) -> Figure {
        Figure(frame: frame, items: items.map { $0.binding(name, to: value, t: frame.t) }, overlays: overlays)
    }

    /// The indices of the y(x) items: what the area and the y(x) analyses work on.
    package var graphIndices: [Int] { items.indices.filter { items[$0].graph != nil } }

    /// Every item's parameters with their values, once each, in alphabetical order.
    package var parameters: [(name: String, value: Double)] {
        var seen = [String: Double]()
        for item in items {
            for name in item.source.parameters { seen[name] = item.values[name] ?? Program.unsetParameterValue }
        }
        return seen.keys.sorted().map { ($0, seen[$0] ?? Program.unsetParameterValue) }
    }
}

/// The axes of a figure: the x range, the y range (given or fitted to the curves), the scale of
/// each, the angle mode of its trigonometry and the t (θ) range of its paths.
package struct FigureFrame: Sendable {
    /// How y is chosen.
    package enum Vertical: Sendable, Equatable {
        /// The range given.
        case fixed(ClosedRange<Double>)
        /// The range that shows the curves (`Viewport.fittingY`).
        case fit
    }

    package var x: ClosedRange<Double>
    package var y: Vertical
    package var xScale: AxisScale
    package var yScale: AxisScale
    /// How the x ticks read: numbers, or x as seconds since 1970-01-01 UTC, labelled as dates.
    package var xReading = AxisReading.number
    package var angle: AngleMode
    /// The range of t for parametric curves and of θ for polar ones.
    package var t: ClosedRange<Double>

    package init(x: ClosedRange<Double>, y: Vertical = .fit, xScale: AxisScale = .linear, yScale: AxisScale = .linear,
                 angle: AngleMode = .radians, t: ClosedRange<Double>? = nil) {
        self.x = x
        self.y = y
        self.xScale = xScale
        self.yScale = yScale
        self.angle = angle
        self.t = t ?? Self.turn(in: angle)
    }

    /// One turn: 0 to 2π, or 0 to 360 in degrees.
    package static func turn(in angle: AngleMode) -> ClosedRange<Double> {
        0...(angle == .degrees ? 360 : 2 * Double.pi)
    }
}

/// What a figure draws over its curves.
package struct FigureOverlays: Sendable {
    /// The x interval whose area under each y(x) curve is shaded, its value in the legend.
    package var area: ClosedRange<Double>?
    /// Whether the points of interest are marked with dots.
    package var marksPoints: Bool

    package init(area: ClosedRange<Double>? = nil, marksPoints: Bool = false) {
        self.area = area
        self.marksPoints = marksPoints
    }
}
