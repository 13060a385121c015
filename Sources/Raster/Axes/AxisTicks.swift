#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ticks along one axis, indexed by whole numbers in order of position: a linear axis's 1-2-5
/// ladder, a log axis's decades (`LogLadder`), or a time axis's calendar steps (`TimeLadder`).
enum AxisTicks: Equatable, Sendable {
    case linear(TickLadder)
    case log(LogLadder)
    case time(TimeLadder)

    /// The ticks of an axis of `scale` with `pixelsPerPosition` (pixels per unit, or per decade)
    /// and labelled ticks at least `minimumSpacing` pixels apart.
    init(scale: AxisScale, pixelsPerPosition: Double, minimumSpacing: Double) {
        switch scale {
        case .linear: self = .linear(TickLadder(pixelsPerUnit: pixelsPerPosition, minimumSpacing: minimumSpacing))
        case .log: self = .log(LogLadder(pixelsPerDecade: pixelsPerPosition, minimumSpacing: minimumSpacing))
        }
    }

    /// The ticks of an axis read as `reading`: a linear axis read as time, showing `positions`,
    /// gets calendar steps (far enough apart for labels as wide as `labelWidth` measures them,
    /// when given: an x axis), unless no step fits or `positions` lie wholly outside the years 1
    /// to 9999; every other axis gets number ticks.
    init(scale: AxisScale, reading: AxisReading, pixelsPerPosition: Double, minimumSpacing: Double,
         showing positions: ClosedRange<Double>, labelWidth: ((String) -> Double)? = nil) {
        if scale == .linear, reading == .time, positions.overlaps(TimeLadder.domain),
           let ladder = TimeLadder(pixelsPerSecond: pixelsPerPosition, minimumSpacing: minimumSpacing, labelWidth: labelWidth) {
            self = .time(ladder)
        } else {
            self.init(scale: scale, pixelsPerPosition: pixelsPerPosition, minimumSpacing: minimumSpacing)
        }
    }

    /// The indices of the ticks whose positions lie in `positions`; nil when there are none or
    /// they cannot be told apart.
    func indices(in positions: ClosedRange<Double>) -> ClosedRange<Int>? {
        switch self {
        case .linear(let ladder): ladder.indices(in: positions)
        case .log(let ladder): ladder.indices(in: positions)
        case .time(let ladder): ladder.indices(in: positions)
        }
    }

    /// The position of tick `index` along the axis.
    func position(at index: Int) -> Double {
        switch self {
        case .linear(let ladder): ladder.value(at: index)
        case .log(let ladder): ladder.position(at: index)
        case .time(let ladder): ladder.position(at: index)
        }
    }

    /// The label of tick `index`, nil for a minor tick (a mark and a grid line, no label).
    func label(at index: Int) -> String? {
        switch self {
        case .linear(let ladder): ladder.label(at: index)
        case .log(let ladder): ladder.label(at: index)
        case .time(let ladder): ladder.label(at: index)
        }
    }

    /// Whether tick `index` marks 0 (its label is hidden where the other axis crosses there).
    func isZero(at index: Int) -> Bool {
        if case .linear = self { index == 0 } else { false }
    }

    /// Whether the axis is a log axis, whose ticks always draw grid lines (log paper).
    var isLog: Bool {
        if case .log = self { true } else { false }
    }
}

/// The ticks of a log axis, chosen from the pixels a decade takes (Desmos's log paper):
/// - a decade narrower than the labels' spacing: a label every k decades (k from the 1-2-5
///   ladder), the decades between as minor ticks;
/// - wider: every decade labelled, with 2–9 as minor ticks once they are 3 pixels apart, and 2
///   and 5 labelled too once they are as far apart as labels;
/// - wider still (1–9 all as far apart as labels): every tick labelled, and finer steps within
///   a decade (1.5, 2, 2.5, … or 1.1, 1.2, …) as the zoom allows, the same in each decade
///   relative to its top, so that every view at one scale has the same ticks.
///
/// Labels read 0.001, 0.01, 0.1, 1, 10, 100, 1000, then 10⁴ (and 10⁻⁴) and beyond, 2×10⁴ for 2
/// and 5 there.
struct LogLadder: Equatable, Sendable {
    /// How the decades are divided.
    enum Division: Equatable, Sendable {
        /// One tick a decade, every `labelledEvery`-th labelled; index = decade.
        case decades(labelledEvery: Int)
        /// Only every `every`-th decade has a tick, labelled; index × every = decade.
        case sparseDecades(every: Int)
        /// `ticksPerDecade` ticks a decade at multiples of `step` × 10^(n+1) in decade n (step
        /// 0.1 gives 1–9); `labels` says which are labelled, by their multiple's mantissa.
        case steps(step: TickLadder, labels: Labels)
    }

    /// Which ticks of a decade divided in steps are labelled.
    enum Labels: Equatable, Sendable {
        case decadesOnly, oneTwoFive, all
    }

    let division: Division

    /// The least distance between minor ticks.
    static let minorSpacing = 3.0

    init(pixelsPerDecade p: Double, minimumSpacing: Double) {
        let spacing = max(minimumSpacing, 1)
        guard p.isFinite, p > 0 else { division = .sparseDecades(every: 1); return }
        let nineToTen = log10(10.0 / 9) * p, oneToTwo = log10(2.0) * p
        if p < spacing {
            let every = TickLadder(pixelsPerUnit: p, minimumSpacing: spacing)
            let k = max(Int(clamping: every.step.rounded(.up)), 1)
            division = p >= Self.minorSpacing ? .decades(labelledEvery: k) : .sparseDecades(every: k)
        } else if nineToTen >= spacing {
            // The fraction of a decade's top the labels need between them, on the 1-2-5 ladder (≤ 0.1).
            let fraction = 1 - pow(10, -spacing / p)
            let step = TickLadder(pixelsPerUnit: 1 / fraction, minimumSpacing: 1)
            division = .steps(step: step.exponent > -1 ? TickLadder(mantissa: 1, exponent: -1) : step, labels: .all)
        } else if nineToTen >= Self.minorSpacing {
            division = .steps(step: TickLadder(mantissa: 1, exponent: -1), labels: oneToTwo >= spacing ? .oneTwoFive : .decadesOnly)
        } else {
            division = .decades(labelledEvery: 1)
        }
    }

    /// For `.steps`: the multiple of the step at a decade's bottom, and the ticks a decade has.
    private static func lattice(_ step: TickLadder) -> (first: Int, perDecade: Int) {
        // step = mantissa × 10^exponent ≤ 0.1, so 10^n is (1 / (10 step)) steps of decade n.
        let first = Int(TickLadder.power(-1 - step.exponent).rounded()) / step.mantissa
        return (first, 9 * first)
    }

    /// The decade and multiple of the step of tick `index` in `.steps`.
    private static func decadeAndMultiple(_ index: Int, _ step: TickLadder) -> (decade: Int, multiple: Int) {
        let (first, perDecade) = lattice(step)
        let decade = index >= 0 ? index / perDecade : -((-index - 1) / perDecade) - 1
        return (decade, first + index - decade * perDecade)
    }

    /// The value of tick `index` as an exact decimal: `multiple × 10^exponent`.
    private func decimal(at index: Int) -> (multiple: Int, exponent: Int) {
        switch division {
        case .decades: (1, index)
        case .sparseDecades(let every): (1, index * every)
        case .steps(let step, _):
            { let (decade, multiple) = Self.decadeAndMultiple(index, step)
              return (multiple * step.mantissa, decade + 1 + step.exponent) }()
        }
    }

    /// The position (log10 of the value) of tick `index`.
    func position(at index: Int) -> Double {
        let (multiple, exponent) = decimal(at: index)
        return log10(Double(multiple)) + Double(exponent)
    }

    /// The ticks with positions in `positions`: none beyond ±400 decades, or more than a few thousand.
    func indices(in positions: ClosedRange<Double>) -> ClosedRange<Int>? {
        let low = max(positions.lowerBound, -400), high = min(positions.upperBound, 400)
        guard low <= high else { return nil }
        let first: Int, last: Int
        switch division {
        case .decades:
            first = Int(low.rounded(.up)); last = Int(high.rounded(.down))
        case .sparseDecades(let every):
            first = Int((low / Double(every)).rounded(.up)); last = Int((high / Double(every)).rounded(.down))
        case .steps(let step, _):
            first = stepIndex(atOrAbove: low, step)
            let beyond = stepIndex(atOrAbove: high, step)
            last = position(at: beyond) > high ? beyond - 1 : beyond
        }
        return first <= last ? first...last : nil
    }

    /// The first tick of `.steps` at or above position `x`: estimated from 10^x, then corrected
    /// by the ticks' own positions.
    private func stepIndex(atOrAbove x: Double, _ step: TickLadder) -> Int {
        let (first, perDecade) = Self.lattice(step)
        let decade = Int(x.rounded(.down))
        let unit = Double(step.mantissa) * TickLadder.power(decade + 1 + step.exponent)
        let multiple = min(max(Int(clamping: (pow(10, x) / unit).rounded(.up)), first), first + perDecade)
        var index = decade * perDecade + multiple - first
        for _ in 0..<4 where position(at: index - 1) >= x { index -= 1 }
        for _ in 0..<4 where position(at: index) < x { index += 1 }
        return index
    }

    /// The label of tick `index`, nil for a minor tick.
    func label(at index: Int) -> String? {
        let (multiple, exponent) = decimal(at: index)
        switch division {
        case .decades(let every):
            return index.isMultiple(of: every) ? Self.label(mantissa: 1, exponent: exponent) : nil
        case .sparseDecades:
            return Self.label(mantissa: 1, exponent: exponent)
        case .steps(let step, let labels):
            let digit = Self.decadeAndMultiple(index, step).multiple
            switch labels {
            case .all: return NumberLabel.format(multiple: multiple, exponent: exponent)
            case .decadesOnly: return digit == 1 ? Self.label(mantissa: 1, exponent: exponent) : nil
            case .oneTwoFive: return [1, 2, 5].contains(digit) ? Self.label(mantissa: digit, exponent: exponent) : nil
            }
        }
    }

    /// `mantissa × 10^exponent` as a log axis labels it: 0.001 to 1000 as decimals, beyond as
    /// 10⁴ or 2×10⁴ (10⁻⁴, 5×10⁻⁵).
    static func label(mantissa: Int, exponent: Int) -> String {
        if (-3...3).contains(exponent) { return NumberLabel.format(multiple: mantissa, exponent: exponent) }
        let power = "10" + superscript(exponent)
        return mantissa == 1 ? power : "\(mantissa)×" + power
    }

    /// `value` in superscript digits, with a superscript minus.
    static func superscript(_ value: Int) -> String {
        let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        let body = String(value.magnitude).compactMap { $0.wholeNumberValue.map { digits[$0] } }
        return (value < 0 ? "⁻" : "") + String(body)
    }
}
