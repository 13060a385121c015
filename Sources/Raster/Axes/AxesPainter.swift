/// Draws the grid, the axes with tick marks, and tick labels that never overlap.
///
/// Labels sit beside their axis and move with the graph; when an axis is off the picture its labels
/// stay pinned at the nearest edge. Every label is drawn over the curves with a tight halo in the
/// paper colour (`TextPainter.haloRadius`), so no curve hides a sign or a digit.
/// A label that would collide with one placed before it in its group (those that move, the pinned
/// y labels, the pinned x labels) or, in a picture drawn whole, in an earlier group, or with the
/// `reserved` boxes drawn over them all (the title band, the popover), is skipped; a 0 label is hidden where the other axis marks zero.
/// A label is whole or absent: one that would cross the picture's edge is moved inside along its
/// axis while its tick stays under it, and left out when not (`fitted`). A picture with such a
/// label cannot be a window over larger layers (`cutsLabels`, `GraphRenderer.labelStance`).
struct AxesPainter {
    /// An axis whose labels a layer holds.
    enum Axis {
        case x, y
    }

    let viewport: Viewport
    let style: GraphStyle
    let text: TextPainter?
    /// The picture labels are placed for, in the canvas's pixels: the whole canvas, unless the
    /// canvas is a layer larger than the picture (a panorama, or a strip of pinned labels).
    let window: PixelRect

    /// Where no label is placed, in the canvas's pixels: the title band and the boxes of
    /// `GraphStyle.labelsKeptClear`, drawn over the labels.
    let reserved: [PixelRect]

    /// Whether a label crossing the window's edge is moved inside (a picture), or left out (a layer
    /// larger than the pictures cut from it: any window its part would show has that label across
    /// its own edge, so it is never shown as a window over the layer).
    let movesEdgeLabels: Bool

    /// A painter for a canvas of `viewport`, placing labels for `window` (the whole canvas by default),
    /// moving those that cross its edge inside unless `movesEdgeLabels` is false, and none that
    /// would touch `reserved`.
    init(viewport: Viewport, style: GraphStyle, text: TextPainter?, window: PixelRect? = nil, movesEdgeLabels: Bool = true,
         reserved: [PixelRect] = []) {
        self.viewport = viewport
        self.style = style
        self.text = text
        self.window = window ?? PixelRect(left: 0, top: 0, right: viewport.width, bottom: viewport.height)
        self.movesEdgeLabels = movesEdgeLabels
        self.reserved = reserved
        xAxisTicks = AxisTicks(scale: viewport.xScale, reading: style.xReading, pixelsPerPosition: viewport.scaleX,
                               minimumSpacing: style.minimumTickSpacing, showing: viewport.xPositionRange,
                               labelWidth: { Self.labelWidth($0, style: style, text: text) })
        yAxisTicks = AxisTicks(scale: viewport.yScale, reading: style.yReading, pixelsPerPosition: viewport.scaleY,
                               minimumSpacing: style.minimumTickSpacing * 0.6, showing: viewport.yPositionRange)
    }

    private var tickLength: Int { max(3, style.labelPixelHeight / 4) }
    private var gap: Int { max(2, style.labelPixelHeight / 5) }
    private var lineHeight: Int { text?.metrics.lineHeight ?? 0 }
    /// The gap between a pinned x label and the top or bottom edge, and a pinned y label and the left or right.
    private static let xMargin = 2, yMargin = 3

    /// The x axis's ticks, chosen once for the painter (a time axis measures its labels to choose).
    let xAxisTicks: AxisTicks
    /// The y axis's ticks.
    let yAxisTicks: AxisTicks

    /// The width of an x label with `style`'s unit, for a time axis's step: measured by `text`,
    /// or estimated as 0.6 of the line height a character for a painter without text.
    private static func labelWidth(_ label: String, style: GraphStyle, text: TextPainter?) -> Double {
        let labelled = style.xLabelSuffix.isEmpty ? label : label + style.xLabelSuffix
        guard let text else { return Double(labelled.unicodeScalars.count * style.labelPixelHeight) * 0.6 }
        return Double(text.width(of: labelled))
    }

    /// The pixel column of the y axis (may lie outside the image; far left on a log x axis, and
    /// on an x axis read as time, where 0, 1970-01-01, is no origin).
    private var axisColumn: Int { Int(pixel: style.xReading == .time ? -.infinity : viewport.yAxisColumn) }
    /// The pixel row of the x axis (may lie outside the image; far below on a log y axis, and on
    /// a y axis read as time).
    private var axisRow: Int { Int(pixel: style.yReading == .time ? .infinity : viewport.xAxisRow) }

    /// The label of x tick `index` with the style's unit (`°`), nil for a minor tick.
    private func xLabel(_ ticks: AxisTicks, at index: Int) -> String? {
        ticks.label(at: index).map { style.xLabelSuffix.isEmpty ? $0 : $0 + style.xLabelSuffix }
    }

    // MARK: Drawing

    /// Grid, axes and tick marks.
    /// A log axis always has its grid (log paper), minor ticks included; a minor tick mark is half as long.
    func drawLines(on canvas: inout Canvas) {
        let xTicks = xTicks, yTicks = yTicks
        let xIsLog = viewport.xScale == .log, yIsLog = viewport.yScale == .log
        if style.showsGrid || xIsLog {
            for tick in xTicks where tick.pixel != axisColumn {
                canvas.verticalLine(column: tick.pixel, from: 0, to: canvas.height, index: PaletteSlot.grid)
            }
        }
        if style.showsGrid || yIsLog {
            for tick in yTicks where tick.pixel != axisRow {
                canvas.horizontalLine(row: tick.pixel, from: 0, to: canvas.width, index: PaletteSlot.grid)
            }
        }
        canvas.horizontalLine(row: axisRow, from: 0, to: canvas.width, index: PaletteSlot.axis)
        canvas.verticalLine(column: axisColumn, from: 0, to: canvas.height, index: PaletteSlot.axis)
        let half = tickLength / 2
        let xLog = xIsLog ? xAxisTicks : nil, yLog = yIsLog ? yAxisTicks : nil
        for tick in xTicks {
            let reach = xLog.map { $0.label(at: tick.index) == nil } == true ? half / 2 : half
            canvas.verticalLine(column: tick.pixel, from: axisRow - reach, to: axisRow + reach + 1, index: PaletteSlot.axis)
        }
        for tick in yTicks {
            let reach = yLog.map { $0.label(at: tick.index) == nil } == true ? half / 2 : half
            canvas.horizontalLine(row: tick.pixel, from: axisColumn - reach, to: axisColumn + reach + 1, index: PaletteSlot.axis)
        }
    }

    /// The labels that move with the graph (beside their axis), x before y; returns the boxes
    /// every later label keeps clear of (`reserved` and those placed).
    @discardableResult
    func drawMovingLabels(on canvas: inout Canvas, stance: LabelStance) -> [PixelRect] {
        var placed = reserved
        if !stance.x.isPinned { drawXLabels(stance: stance, placed: &placed, on: &canvas) }
        drawYLabels(stance: stance, pinned: false, placed: &placed, on: &canvas)
        return placed
    }

    /// The labels of `axis` pinned to an edge, if its labels are, each clear of `earlier` (the
    /// boxes of labels drawn before, in the same picture) as well as of `reserved` and of each
    /// other; returns those boxes with the ones placed. A picture drawn whole passes the boxes of
    /// every group before, so the pinned x and y labels meeting in a corner (both pinned on
    /// log–log axes) never overlap; a strip of pinned labels, which moves against the others, passes none.
    @discardableResult
    func drawPinnedLabels(of axis: Axis, on canvas: inout Canvas, stance: LabelStance,
                          clearOf earlier: [PixelRect] = []) -> [PixelRect] {
        var placed = reserved + earlier
        switch axis {
        case .x: if stance.x.isPinned { drawXLabels(stance: stance, placed: &placed, on: &canvas) }
        case .y: drawYLabels(stance: stance, pinned: true, placed: &placed, on: &canvas)
        }
        return placed
    }

    private func drawXLabels(stance: LabelStance, placed: inout [PixelRect], on canvas: inout Canvas) {
        guard let text else { return }
        let hidesZero = stance.yAxisVisible && (stance.xAxisVisible || stance.x.isPinned)
        let ticks = xAxisTicks
        for tick in xLabelTicks where !(ticks.isZero(at: tick.index) && hidesZero) {
            guard let label = xLabel(ticks, at: tick.index) else { continue }
            let rect = xLabelRect(width: text.width(of: label), at: tick.pixel, placement: stance.x)
            guard let fitted = fitted(rect, along: .x, tick: tick.pixel) else { continue }
            place(label, in: fitted, text: text, placed: &placed, canvas: &canvas)
        }
    }

    /// The y labels that are pinned (or those that are not): one placement for all, or each its own.
    private func drawYLabels(stance: LabelStance, pinned: Bool, placed: inout [PixelRect], on canvas: inout Canvas) {
        guard let text else { return }
        let ticks = yAxisTicks
        for tick in yLabelTicks {
            guard let label = ticks.label(at: tick.index) else { continue }
            let width = text.width(of: label)
            let placement = stance.y ?? yPlacement(width: width)
            guard placement.isPinned == pinned,
                  !(ticks.isZero(at: tick.index) && stance.xAxisVisible && (stance.yAxisVisible || placement.isPinned)) else { continue }
            let rect = yLabelRect(width: width, at: tick.pixel, placement: placement)
            guard let fitted = fitted(rect, along: .y, tick: tick.pixel) else { continue }
            place(label, in: fitted, text: text, placed: &placed, canvas: &canvas)
        }
    }

    // MARK: Whole labels at the edges

    /// How far inside the window's edges every label's line box stays, so no label ink touches them.
    static let edgeInset = 1

    /// `rect`, a label's line box for the tick at pixel `tick` along `axis`, moved along the axis
    /// to lie wholly inside the window (less `edgeInset`), as long as its tick is in the window (so
    /// the label still spans it, or touches it at the very edge); nil when it cannot (its tick
    /// beyond the edge, or the box crossing the edge across its axis).
    func fitted(_ rect: PixelRect, along axis: Axis, tick: Int) -> PixelRect? {
        let inside = window.insetBy(dx: Self.edgeInset, dy: Self.edgeInset)
        var moved = rect
        switch movesEdgeLabels ? axis : nil {
        case nil: break
        case .x:
            let shift = max(inside.left - rect.left, 0) + min(inside.right - rect.right, 0)
            moved.left += shift
            moved.right += shift
            guard tick >= window.left, tick < window.right else { return nil }
        case .y:
            let shift = max(inside.top - rect.top, 0) + min(inside.bottom - rect.bottom, 0)
            moved.top += shift
            moved.bottom += shift
            guard tick >= window.top, tick < window.bottom else { return nil }
        }
        let whole = moved.left >= inside.left && moved.right <= inside.right
            && moved.top >= inside.top && moved.bottom <= inside.bottom
        return whole ? moved : nil
    }

    /// Whether a label of the window, standing as `stance`, reaches into it but crosses its edge,
    /// or reaches a `reserved` box, so the window moves it or leaves it out where a larger
    /// picture draws it whole.
    func cutsLabels(stance: LabelStance) -> Bool {
        guard let text else { return false }
        let inside = window.insetBy(dx: Self.edgeInset, dy: Self.edgeInset)
        func cut(_ rect: PixelRect) -> Bool {
            if reserved.contains(where: { $0.intersects(Self.room(for: rect)) }) { return true }
            return rect.intersects(window) && !(rect.left >= inside.left && rect.right <= inside.right
                && rect.top >= inside.top && rect.bottom <= inside.bottom)
        }
        // The 0 labels hidden where the other axis marks zero, as `drawXLabels` and `drawYLabels` hide them.
        let hidesXZero = stance.yAxisVisible && (stance.xAxisVisible || stance.x.isPinned)
        let xTicks = xAxisTicks, yTicks = yAxisTicks
        for tick in xLabelTicks where !(xTicks.isZero(at: tick.index) && hidesXZero) {
            guard let label = xLabel(xTicks, at: tick.index) else { continue }
            if cut(xLabelRect(width: text.width(of: label), at: tick.pixel, placement: stance.x)) {
                return true
            }
        }
        for tick in yLabelTicks {
            guard let label = yTicks.label(at: tick.index) else { continue }
            let width = text.width(of: label)
            let placement = stance.y ?? yPlacement(width: width)
            guard !(yTicks.isZero(at: tick.index) && stance.xAxisVisible && (stance.yAxisVisible || placement.isPinned)) else { continue }
            if cut(yLabelRect(width: width, at: tick.pixel, placement: placement)) { return true }
        }
        return labelsMeetAcrossGroups(stance: stance)
    }

    /// Whether a label of one group (those that move, the pinned y labels, the pinned x labels)
    /// would touch one of another, as the pinned x and y labels do in a corner on log–log axes: the
    /// window's picture leaves one out (`rasterize`), where the layers, moving apart, draw both.
    private func labelsMeetAcrossGroups(stance: LabelStance) -> Bool {
        guard let text else { return false }
        var boxes = [(group: Int, box: PixelRect)]()
        let xTicks = xAxisTicks, yTicks = yAxisTicks
        for tick in xLabelTicks {
            guard let label = xLabel(xTicks, at: tick.index),
                  let box = fitted(xLabelRect(width: text.width(of: label), at: tick.pixel, placement: stance.x),
                                   along: .x, tick: tick.pixel) else { continue }
            boxes.append((stance.x.isPinned ? 2 : 0, box))
        }
        for tick in yLabelTicks {
            guard let label = yTicks.label(at: tick.index) else { continue }
            let width = text.width(of: label)
            let placement = stance.y ?? yPlacement(width: width)
            guard let box = fitted(yLabelRect(width: width, at: tick.pixel, placement: placement), along: .y, tick: tick.pixel)
            else { continue }
            boxes.append((placement.isPinned ? 1 : 0, box))
        }
        for (index, a) in boxes.enumerated() {
            for b in boxes[(index + 1)...] where a.group != b.group && Self.room(for: a.box).intersects(b.box.insetBy(dx: -2, dy: 0)) {
                return true
            }
        }
        return false
    }

    // MARK: Ticks

    /// A tick: its index on the ladder and the whole pixel it falls on.
    struct Tick {
        let index: Int
        let pixel: Int
    }

    /// The x ticks inside the image, left to right.
    /// (Looked for a pixel beyond each edge, the canvas clipping what lies outside: a tick at an edge
    /// is then drawn by its pixel, as in any larger picture holding this one, not left out by a range
    /// an ulp narrower than its position.)
    var xTicks: [Tick] {
        let range = viewport.xPosition(atColumn: -1)...viewport.xPosition(atColumn: Double(viewport.width) + 1)
        return ticks(xAxisTicks, in: range) { Self.tickPixel(viewport.column(forXPosition: $0)) }
    }
    /// The y ticks inside the image, bottom to top.
    var yTicks: [Tick] {
        let range = viewport.yPosition(atRow: Double(viewport.height) + 1)...viewport.yPosition(atRow: -1)
        return ticks(yAxisTicks, in: range) { Self.tickPixel(viewport.row(forYPosition: $0)) }
    }

    /// The whole pixel holding a tick at continuous coordinate `value`. A tick within a millionth
    /// of a pixel of a pixel's edge is on that edge: a round number times a scale (100000 ×
    /// 0.0009 is 90.00000000000001) lands an ulp either side of it, and a larger picture holding
    /// this one (a kitty panorama, its origin a whole number of pixels further) rounds the sum
    /// the other way, which put its labels a pixel off the picture of its window.
    static func tickPixel(_ value: Double) -> Int {
        let whole = value.rounded()
        return Int(pixel: abs(value - whole) <= 1e-6 ? whole : value)
    }

    /// How far beyond the image a tick's label can reach into it: labels are short numbers.
    private var labelReach: Double { Double(max(style.labelPixelHeight, 4) * 12) }
    /// The x ticks whose labels may show, cut at the image's left or right edge.
    var xLabelTicks: [Tick] {
        let range = viewport.xPosition(atColumn: -labelReach)...viewport.xPosition(atColumn: Double(viewport.width) + labelReach)
        return ticks(xAxisTicks, in: range) { Self.tickPixel(viewport.column(forXPosition: $0)) }
    }
    /// The y ticks whose labels may show, cut at the image's top or bottom edge.
    var yLabelTicks: [Tick] {
        let range = viewport.yPosition(atRow: Double(viewport.height) + labelReach)...viewport.yPosition(atRow: -labelReach)
        return ticks(yAxisTicks, in: range) { Self.tickPixel(viewport.row(forYPosition: $0)) }
    }

    /// The ticks of `ladder` in `range`; none when there are too many. Tick indices stay below 1e15
    /// (`TickLadder.firstIndex`), where Doubles still tell neighbouring ticks and their pixels apart;
    /// beyond that there are no ticks rather than merged ones.
    private func ticks(_ axis: AxisTicks, in range: ClosedRange<Double>, pixel: (Double) -> Int) -> [Tick] {
        guard let indices = axis.indices(in: range), indices.count <= 1000 else { return [] }
        return indices.map { Tick(index: $0, pixel: pixel(axis.position(at: $0))) }
    }

    // MARK: Where labels stand

    /// How the labels stand in the window.
    var stance: LabelStance {
        let row = axisRow - window.top, column = axisColumn - window.left
        return LabelStance(x: xPlacement, y: uniformYPlacement,
                           xAxisVisible: row >= 0 && row < window.bottom - window.top,
                           yAxisVisible: column >= 0 && column < window.right - window.left)
    }

    /// Below the x axis; above it when there is no room below; pinned inside the window when the axis is beyond it.
    private var xPlacement: LabelPlacement {
        guard text != nil else { return .besideAxis }
        let row = axisRow - window.top, height = window.bottom - window.top, margin = Self.xMargin
        var top = row + tickLength / 2 + gap, placement = LabelPlacement.besideAxis
        if top + lineHeight > height - margin, row >= 0 {
            top = row - tickLength / 2 - gap - lineHeight
            placement = .farSide
        }
        if max(top, margin) > height - margin - lineHeight { return .pinnedToEnd }
        return top < margin ? .pinnedToStart : placement
    }

    /// Left of the y axis; right of it when a label that wide has no room on the left; pinned
    /// inside the window when the axis is beyond it.
    private func yPlacement(width labelWidth: Int) -> LabelPlacement {
        let column = axisColumn - window.left, width = window.right - window.left, margin = Self.yMargin
        var left = column - tickLength / 2 - gap - labelWidth, placement = LabelPlacement.besideAxis
        if left < margin, column < width {
            left = column + tickLength / 2 + gap
            placement = .farSide
        }
        if max(left, margin) > width - margin - labelWidth { return .pinnedToEnd }
        return left < margin ? .pinnedToStart : placement
    }

    /// The placement every y label in the window shares, nil when they differ (narrow ones beside
    /// the axis, wider ones on its far side).
    private var uniformYPlacement: LabelPlacement? {
        guard let text else { return .besideAxis }
        let bothAxesCross = axisRow >= window.top && axisRow < window.bottom
            && axisColumn >= window.left && axisColumn < window.right
        var shared: LabelPlacement?
        let ticks = yAxisTicks
        for tick in yLabelTicks where !(ticks.isZero(at: tick.index) && bothAxesCross) {
            let top = tick.pixel - lineHeight / 2
            guard top < window.bottom, top + lineHeight > window.top, let label = ticks.label(at: tick.index) else { continue }
            let placement = yPlacement(width: text.width(of: label))
            if let shared, shared != placement { return nil }
            shared = placement
        }
        return shared ?? yPlacement(width: 0)
    }

    /// A label `width` wide centred under (or over) the tick at `column`.
    private func xLabelRect(width: Int, at column: Int, placement: LabelPlacement) -> PixelRect {
        let top: Int
        switch placement {
        case .besideAxis: top = axisRow + tickLength / 2 + gap
        case .farSide: top = axisRow - tickLength / 2 - gap - lineHeight
        case .pinnedToStart: top = window.top + Self.xMargin
        case .pinnedToEnd: top = window.bottom - Self.xMargin - lineHeight
        }
        let left = column - width / 2
        return PixelRect(left: left, top: top, right: left + width, bottom: top + lineHeight)
    }

    /// A label `width` wide vertically centred on the tick at `row`.
    private func yLabelRect(width: Int, at row: Int, placement: LabelPlacement) -> PixelRect {
        let left: Int
        switch placement {
        case .besideAxis: left = axisColumn - tickLength / 2 - gap - width
        case .farSide: left = axisColumn + tickLength / 2 + gap
        case .pinnedToStart: left = window.left + Self.yMargin
        case .pinnedToEnd: left = window.right - Self.yMargin - width
        }
        let top = row - lineHeight / 2
        return PixelRect(left: left, top: top, right: left + width, bottom: top + lineHeight)
    }

    /// Draws `label` with its halo when it clears every placed label.
    private func place(_ label: String, in rect: PixelRect, text: TextPainter, placed: inout [PixelRect], canvas: inout Canvas) {
        guard !placed.contains(where: { $0.intersects(Self.room(for: rect)) }) else { return }
        placed.append(rect.insetBy(dx: -2, dy: 0))
        text.draw(label, left: rect.left, top: rect.top, role: .tickLabel, halo: text.haloRadius, on: &canvas)
    }

    /// What must be clear of every label placed before (each widened by 2 pixels) and of the
    /// reserved band for a label whose line box is `rect`: the box, 4 pixels wider each side and
    /// 1 taller.
    private static func room(for rect: PixelRect) -> PixelRect {
        rect.insetBy(dx: -4, dy: -1)
    }
}
