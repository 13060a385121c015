/// A parameter's slider: its value and the range its track spans (issue 23, item 3).
///
/// The track is cut into `stepsPerRange` steps; ← → move to the next step's mark, typed values may
/// lie between marks. Every value and end is finite and the range has width, whatever was typed,
/// restored or dragged: `Slider(value:lower:upper:)` refuses anything else.
struct Slider: Equatable {
    private(set) var value: Double
    private(set) var lower: Double
    private(set) var upper: Double

    /// The steps the range is cut into: a step is a hundredth of the range.
    static let stepsPerRange = 100
    /// A new parameter's slider: 1 (the value an unset parameter has) on −10…10.
    static let standard = Slider(checkedValue: 1, lower: -10, upper: 10)

    /// A slider at `value` on `lower…upper`, nil unless all three are finite, `lower < upper` and
    /// `value` lies in the range.
    init?(value: Double, lower: Double, upper: Double) {
        guard value.isFinite, lower.isFinite, upper.isFinite, lower < upper, (lower...upper).contains(value) else { return nil }
        self.init(checkedValue: value, lower: lower, upper: upper)
    }

    private init(checkedValue value: Double, lower: Double, upper: Double) {
        self.value = value
        self.lower = lower
        self.upper = upper
    }

    /// Where the value lies along the track, from 0 at `lower` to 1 at `upper`. Computed from
    /// halves, so even −1e308…1e308 has a finite width.
    var fraction: Double {
        let width = upper / 2 - lower / 2
        guard width > 0 else { return 0 }
        return min(max((value / 2 - lower / 2) / width, 0), 1)
    }

    /// The value at `fraction` of the track (clamped to 0…1), exactly `lower` and `upper` at its ends.
    func value(atFraction fraction: Double) -> Double {
        guard fraction.isFinite else { return value }
        let fraction = min(max(fraction, 0), 1)
        if fraction == 0 { return lower }
        if fraction == 1 { return upper }
        // As a weighted mean, `(lower·(1−f) + upper·f)`, so that a step of a round range is a round
        // number: 56 steps of −10…10 is 1.2, not 1.2000000000000028.
        let mean = lower * (1 - fraction) + upper * fraction
        if mean.isFinite { return min(max(mean, lower), upper) }
        return min(max(2 * (lower / 2 * (1 - fraction) + upper / 2 * fraction), lower), upper)
    }

    /// The value at step mark `index` (0 at `lower`, `stepsPerRange` at `upper`).
    func value(atStep index: Int) -> Double {
        let steps = Double(Self.stepsPerRange)
        let index = Double(min(max(index, 0), Self.stepsPerRange))
        let mean = (lower * (steps - index) + upper * index) / steps
        if mean.isFinite { return min(max(mean, lower), upper) }
        return value(atFraction: index / steps)
    }

    /// The slider moved `steps` step marks (negative: left), from the mark at or just past its value
    /// in that direction, and stopped at the ends.
    func moved(bySteps steps: Int) -> Slider {
        guard steps != 0 else { return self }
        let position = fraction * Double(Self.stepsPerRange)
        // A value a hair off a mark (a rounding of the mean) counts as on it.
        let tolerance = 1e-9
        let start = steps > 0 ? (position + tolerance).rounded(.down) : (position - tolerance).rounded(.up)
        let index = Int(start) + steps
        var moved = self
        moved.value = value(atStep: index)
        return moved
    }

    /// The slider at `value`, its range widened to take it (the side it lies beyond moved to it);
    /// nil when `value` is not finite.
    func setting(_ value: Double) -> Slider? {
        guard value.isFinite else { return nil }
        return Slider(checkedValue: value, lower: min(lower, value), upper: max(upper, value))
    }

    /// The slider on `lower…upper`, its value kept when it lies inside and brought to the nearer end
    /// otherwise; nil when the range is not finite or has no width.
    func withRange(_ lower: Double, _ upper: Double) -> Slider? {
        Slider(value: min(max(value, lower), upper), lower: lower, upper: upper)
    }

    /// The slider at `value` exactly when it lies in the range, else at the nearer end.
    func clamping(_ value: Double) -> Slider {
        guard value.isFinite else { return self }
        var moved = self
        moved.value = min(max(value, lower), upper)
        return moved
    }
}

/// A parameter swept back and forth across its slider's range (`Space`, issue 23, item 4).
///
/// Time is counted in frames of `framesPerSecond`: the value at frame `frame` is a function of it
/// alone, so the frame after the one on screen is known in advance and can be rendered ahead, and
/// the controller advances by the frames that elapsed on the clock (never by frames drawn), so
/// the pace holds when frames are slow.
struct Playback: Equatable {
    /// The parameter swept.
    var name: String
    /// The frame of the cycle on screen: 0 ..< 2 × `framesPerSweep`, up the range in the first
    /// half, down in the second.
    var frame: Int
    /// The frames one sweep across the range takes.
    var framesPerSweep: Int

    /// Frames a second during playback.
    static let framesPerSecond = 60

    /// The frames of one sweep that takes `seconds`.
    static func frames(forSweepOf seconds: Double) -> Int {
        max(Int((seconds * Double(framesPerSecond)).rounded()), 1)
    }

    /// Playback of `name` from where `slider` stands, going up (down from the top end).
    init(name: String, from slider: Slider, sweepSeconds: Double) {
        self.name = name
        framesPerSweep = Self.frames(forSweepOf: sweepSeconds)
        let position = Int((slider.fraction * Double(framesPerSweep)).rounded())
        frame = position >= framesPerSweep ? framesPerSweep : position
    }

    /// Where frame `frame` of the cycle lies along the track, 0 to 1 and back.
    func fraction(atFrame frame: Int) -> Double {
        let cycle = 2 * framesPerSweep
        let k = ((frame % cycle) + cycle) % cycle
        return Double(k <= framesPerSweep ? k : cycle - k) / Double(framesPerSweep)
    }

    /// The playback `frames` later.
    func advanced(by frames: Int) -> Playback {
        var next = self
        let cycle = 2 * framesPerSweep
        next.frame = ((frame + frames % cycle) % cycle + cycle) % cycle
        return next
    }

    /// The playback at another pace: a sweep of `seconds`, at the same place in its cycle.
    func paced(sweepSeconds seconds: Double) -> Playback {
        var next = self
        next.framesPerSweep = Self.frames(forSweepOf: seconds)
        next.frame = Int((Double(frame) * Double(next.framesPerSweep) / Double(framesPerSweep)).rounded())
            % (2 * next.framesPerSweep)
        return next
    }
}
