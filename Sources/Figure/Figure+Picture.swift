import Analysis
import Brain
import Raster

/// A figure drawn: the picture, and the samples each item was drawn from (what the notes on
/// coarse or empty curves read).
package struct FigurePicture {
    package var image: IndexedImage
    /// One for each item, in the figure's order.
    package let samples: [Samples]
}

extension Figure {
    /// The viewport of a `width` × `height` picture of the figure: the frame's x, its y given,
    /// or fitted to the curves when `fitsY` (y(x) curves by their values, the other kinds with
    /// equal scales on the axes). An animation fits y once over all its frames and passes false.
    package func viewport(width: Int, height: Int, fitsY: Bool = true) -> Viewport {
        let placeholder = frame.yScale == .log ? 0.1...10 : -1.0...1
        let yRange: ClosedRange<Double> = if case .fixed(let range) = frame.y { range } else { placeholder }
        let viewport = Viewport(width: width, height: height, xRange: frame.x, yRange: yRange,
                                xScale: frame.xScale, yScale: frame.yScale)
        guard case .fit = frame.y, fitsY else { return viewport }
        return Self.fitting(viewport, to: items)
    }

    /// `viewport` with y fitted to `items`: y(x) curves by their values when every item is one,
    /// else every kind with equal scales on the axes. An animation passes every frame's items.
    /// Data items widen the range to hold their values in view (`fittingData`).
    package static func fitting(_ viewport: Viewport, to items: [FigureItem]) -> Viewport {
        let data = items.compactMap(\.data)
        let curves = items.filter { $0.data == nil }
        let functions = curves.compactMap { $0.graph?.function }
        let costs = curves.map(\.cost)
        let fitted = curves.isEmpty ? viewport
            : functions.count == curves.count ? viewport.fittingY(toAll: functions, costs: costs)
            : viewport.fittingY(toAll: curves.map(\.curve), costs: costs)
        return data.isEmpty ? fitted : fitted.fittingData(data, alone: curves.isEmpty)
    }

    /// The legend: each item's equation, with its area after it when the figure shades one
    /// (`y = sin(x)   ∫ 0→3.14159 = 2`).
    package var legend: [String] {
        items.indices.map { index in
            let area = areas.indices.contains(index) ? areas[index] : nil
            return items[index].equation + (area.map(Self.legendSuffix(of:)) ?? "")
        }
    }

    /// What the legend adds after a curve's equation for its area: `   ∫ 0→3.14159 = 2`, or
    /// `   ∫ -1→1: none, a pole at x = 0`.
    package static func legendSuffix(of area: Area) -> String {
        let ends = "\(NumberFormat.significant(area.from))→\(NumberFormat.significant(area.to))"
        guard let value = area.value else { return "   ∫ \(ends): none, \(area.reason ?? "no value")" }
        return "   ∫ \(ends) = \(NumberFormat.significant(value))"
    }

    /// The title: the equation of a lone curve, with the values of the parameters when it has any
    /// (`y = sin(a × x); a = 2`, 6 significant digits); for several curves (named in the legend)
    /// the values alone.
    package var title: String? { Self.title(equations: legend, parameters: parameters) }

    /// The title of a figure with this legend and these parameters (see `title`).
    package static func title(equations: [String], parameters: [(name: String, value: Double)]) -> String? {
        let values = parameters.isEmpty ? nil : Program.parameterList(parameters, format: NumberFormat.significant)
        guard equations.count == 1, let equation = equations.first else { return values }
        return values.map { equation + "; " + $0 } ?? equation
    }

    /// The points of interest of the y(x) items over the viewport's x range, each point's curve
    /// the index of its item.
    package func pointsOfInterest(in viewport: Viewport) -> PointsOfInterest {
        let indices = graphIndices
        let functions = indices.compactMap { items[$0].graph?.function }
        return PointsOfInterest.find(in: functions, over: viewport.xRange, xScale: viewport.xScale,
                                     costs: indices.map { items[$0].cost })
    }
}

extension GraphRenderer {
    /// `figure` drawn in `viewport`: its legend and x labels set on the style, every item sampled
    /// within one work budget and drawn, then its overlays: the area under each y(x) item (the
    /// last one's first, so where they overlap the first curve's shows), and the points of
    /// interest as dots in their curves' colours: those of the y(x) items, and the intercepts,
    /// extremes and intersections of the other kinds (`planePoints(in:)`).
    package mutating func draw(_ figure: Figure, in viewport: Viewport) -> FigurePicture {
        style.legend = figure.legend
        if figure.frame.angle == .degrees { style.xLabelSuffix = "°" }
        style.xReading = figure.frame.xReading
        let samples = sample(figure.items.map(\.curve), costs: figure.items.map(\.cost), in: viewport)
        var image = rasterize(samples, in: viewport)
        if let interval = figure.overlays.area {
            for index in figure.graphIndices.reversed() {
                guard let function = figure.items[index].graph?.function else { continue }
                image = draw(AreaShade(from: interval.lowerBound, to: interval.upperBound, curve: index),
                             under: function, on: image, in: viewport)
            }
        }
        if figure.overlays.marksPoints {
            let colours = figure.graphIndices
            let graphMarks = figure.pointsOfInterest(in: viewport).pointMarks
                .map { PointMark(point: $0.point, curve: colours[$0.curve]) }
            let window = PlaneWindow(x: viewport.xRange, y: viewport.yRange)
            image = draw(graphMarks + figure.planePoints(in: window).pointMarks, on: image, in: viewport)
        }
        return FigurePicture(image: image, samples: samples)
    }
}
