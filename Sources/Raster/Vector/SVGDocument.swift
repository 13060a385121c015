/// A graph image as SVG: the operations that drew its pixels replayed as rectangles, paths,
/// circles and text, in the image's palette colours, so the vector picture matches the PNG.
public struct SVGDocument: Sendable {
    /// The SVG text (UTF-8 XML).
    public let text: String

    /// The SVG of `image`, or nil when its renderer did not record the drawing (`GraphRenderer.recordsDrawing`).
    public init?(image: IndexedImage) {
        guard let drawing = image.drawing else { return nil }
        text = Self.svg(of: drawing, width: image.width, height: image.height, palette: image.palette)
    }

    /// The SVG as UTF-8 bytes, for a file.
    public var bytes: [UInt8] { Array(text.utf8) }

    /// How every SVG gcview writes begins: the XML declaration, then a comment naming gcview, the
    /// mark by which `plot --output` knows a picture of its own (Codecs' `PictureMark`).
    public static let prologue = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- Generator: gcview -->\n"

    private static func svg(of drawing: Drawing, width: Int, height: Int, palette: [RGB]) -> String {
        func color(_ slot: UInt8) -> String {
            Int(slot) < palette.count ? palette[Int(slot)].hex : "#000"
        }
        let family = XMLText.escaped(drawing.fontFamily ?? "DejaVu Sans")
        var svg = prologue + """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="\(family), sans-serif" xml:space="preserve">
            <rect width="\(width)" height="\(height)" fill="\(color(PaletteSlot.background))"/>

            """
        for operation in drawing.operations {
            switch operation {
            case .fill(let rect, let slot):
                svg += "<rect x=\"\(rect.left)\" y=\"\(rect.top)\" width=\"\(rect.right - rect.left)\" "
                    + "height=\"\(rect.bottom - rect.top)\" fill=\"\(color(slot))\"/>\n"
            case .text(let placed, let baseline, let font, let halo):
                let content = XMLText.escaped(placed.text)
                guard !content.isEmpty else { continue }
                let size = font.emPixels ?? Double(font.lineHeight) * 0.86
                // The halo: a paper-coloured stroke painted under the fill, as wide each side as in the pixels.
                let outline = halo > 0
                    ? "stroke=\"\(color(PaletteSlot.background))\" stroke-width=\"\(2 * halo)\" stroke-linejoin=\"round\" paint-order=\"stroke\" "
                    : ""
                svg += "<text x=\"\(placed.left)\" y=\"\(baseline)\" font-size=\"\(SVGPathData.number(size))\" "
                    + outline + "fill=\"\(color(PaletteSlot.fullLabel))\">\(content)</text>\n"
            case .curve(let samples, let ink, let lineWidth):
                svg += curve(samples, color: color(ink), lineWidth: lineWidth, width: width, height: height)
            case .ring(let centre, let radius, let thickness):
                svg += "<circle cx=\"\(SVGPathData.number(centre.x))\" cy=\"\(SVGPathData.number(centre.y))\" "
                    + "r=\"\(SVGPathData.number(radius))\" fill=\"none\" stroke=\"\(color(PaletteSlot.fullLabel))\" "
                    + "stroke-width=\"\(SVGPathData.number(thickness))\"/>\n"
            case .dot(let centre, let radius, let thickness, let outline):
                svg += "<circle cx=\"\(SVGPathData.number(centre.x))\" cy=\"\(SVGPathData.number(centre.y))\" "
                    + "r=\"\(SVGPathData.number(radius))\" fill=\"\(color(PaletteSlot.background))\" stroke=\"\(color(outline))\" "
                    + "stroke-width=\"\(SVGPathData.number(thickness))\"/>\n"
            case .shade(let spans, let slot):
                svg += "<path d=\"\(shadePath(spans))\" fill=\"\(color(slot))\"/>\n"
            case .tint(let runs, let slot, let checkered):
                var fill = color(slot)
                if checkered {
                    // The odd pixels of every 2 x 2 block, as the pixels dither an overlap.
                    fill = "url(#checker\(slot))"
                    svg += "<defs><pattern id=\"checker\(slot)\" width=\"2\" height=\"2\" patternUnits=\"userSpaceOnUse\">"
                        + "<rect x=\"1\" y=\"0\" width=\"1\" height=\"1\" fill=\"\(color(slot))\"/>"
                        + "<rect x=\"0\" y=\"1\" width=\"1\" height=\"1\" fill=\"\(color(slot))\"/></pattern></defs>\n"
                }
                svg += "<path d=\"\(tintPath(runs))\" fill=\"\(fill)\" shape-rendering=\"crispEdges\"/>\n"
            }
        }
        svg += "</svg>\n"
        return svg
    }

    /// A shaded area's spans as path data: each run of adjacent columns one closed outline, along
    /// the tops left to right and back along the bottoms, covering exactly the pixels shaded.
    private static func shadePath(_ spans: [Drawing.ShadeSpan]) -> String {
        var data = ""
        var run = [Drawing.ShadeSpan]()
        func close() {
            guard let first = run.first, let last = run.last else { return }
            data += "M\(first.column) \(first.top)"
            for span in run {
                data += "H\(span.column) V\(span.top) H\(span.column + 1)"
            }
            data += "V\(last.bottom)"
            for span in run.reversed() {
                data += "H\(span.column + 1) V\(span.bottom) H\(span.column)"
            }
            data += "Z"
            run.removeAll(keepingCapacity: true)
        }
        for span in spans {
            if let previous = run.last, previous.column + 1 != span.column { close() }
            run.append(span)
        }
        close()
        return data
    }

    /// A region's runs as path data: each run of a row a one-pixel-high rectangle, runs that
    /// repeat in the rows below joined into one taller rectangle.
    private static func tintPath(_ runs: [TintRun]) -> String {
        var data = ""
        var open = [Int: (start: Int, end: Int, top: Int, bottom: Int)]()  // keyed by start
        var finished = [(start: Int, end: Int, top: Int, bottom: Int)]()
        for run in runs {
            if let rect = open[run.start], rect.end == run.end, rect.bottom == run.row {
                open[run.start]?.bottom = run.row + 1
            } else {
                if let rect = open[run.start] { finished.append(rect) }
                open[run.start] = (run.start, run.end, run.row, run.row + 1)
            }
        }
        finished += open.values.sorted { ($0.top, $0.start) < ($1.top, $1.start) }
        for rect in finished {
            data += "M\(rect.start) \(rect.top)H\(rect.end)V\(rect.bottom)H\(rect.start)Z"
        }
        return data
    }

    /// A curve: its branches as one stroked path with round caps and joins (a subpath per branch,
    /// so no line crosses a pole or a jump), and its min-max bands as one-pixel-wide rectangles.
    private static func curve(_ samples: Samples, color: String, lineWidth: Double, width: Int, height: Int) -> String {
        let pad = lineWidth + 2
        let bounds = ClipRect(left: -pad, top: -pad, right: Double(width) + pad, bottom: Double(height) + pad)
        var path = SVGPathData(bounds: bounds)
        for branch in samples.branches { path.add(branch) }
        var svg = ""
        if path.subpaths > 0 {
            svg += "<path d=\"\(path.text)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(SVGPathData.number(lineWidth))\" "
                + "stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n"
        }
        let radius = lineWidth / 2
        for band in samples.bands where band.column >= 0 && band.column < width && band.top.isFinite && band.bottom.isFinite {
            let top = min(max(band.top - radius, bounds.top), bounds.bottom)
            let bottom = min(max(band.bottom + radius, bounds.top), bounds.bottom)
            guard bottom > top else { continue }
            svg += "<rect x=\"\(band.column)\" y=\"\(SVGPathData.number(top))\" width=\"1\" "
                + "height=\"\(SVGPathData.number(bottom - top))\" fill=\"\(color)\"/>\n"
        }
        return svg
    }
}

extension RGB {
    /// The colour as `#rrggbb`.
    var hex: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 15)])
        }
        return text
    }
}
