import Brain

/// The parameters' sliders (issue 23, item 3) and their playback (item 4).
extension AppModel {
    /// The parameters of the curves on the graph, in alphabetical order: one slider each.
    var sliderNames: [String] { curves.parameters }

    /// The slider of parameter `name` (a new parameter's is `Slider.standard`).
    func slider(_ name: String) -> Slider { sliders[name] ?? .standard }

    /// The shortest and longest sweep `<` and `>` allow, in seconds, and the factor of one press.
    static let sweepLimits = 0.5...64.0
    static let sweepFactor = 1.5
    /// A sweep's length until `<` or `>` changes it: about 4 s.
    static let standardSweepSeconds = 4.0

    /// Gives every parameter of the curves a slider and binds each curve to its sliders' values;
    /// drops a focus or a playback whose parameter left the graph.
    mutating func bindParameters() {
        let names = sliderNames
        for name in names where sliders[name] == nil { sliders[name] = .standard }
        let values = sliders.mapValues(\.value)
        graphed = graphed?.binding(values)
        keptCurves = keptCurves.map { $0.binding(values) }
        if let focused = focusedSlider, !names.contains(focused) { focusedSlider = nil }
        if let playback, !names.contains(playback.name) { self.playback = nil }
        if case .sliderEntry(let name, _)? = overlay, !names.contains(name) { overlay = nil }
    }

    /// Applies a slider or playback action.
    mutating func applySliderAction(_ action: SliderAction) {
        switch action {
        case .focus(let name):
            focusedSlider = name.flatMap { sliderNames.contains($0) ? $0 : nil }
        case .move(let steps):
            guard let name = focusedSlider else { return }
            stopPlayback(of: name)
            setSlider(name, slider(name).moved(bySteps: steps))
        case .setFraction(let name, let fraction):
            guard sliderNames.contains(name) else { return }
            stopPlayback(of: name)
            setSlider(name, slider(name).clamping(slider(name).value(atFraction: fraction)))
        case .openEntry(let text):
            guard let name = focusedSlider else { return }
            var line = ExpressionLine()
            line.insert(text)
            overlay = .sliderEntry(name: name, line: line)
        case .edit(let edit):
            editSliderEntry(edit)
        case .togglePlayback:
            togglePlayback()
        case .changePace(let faster):
            let seconds = faster ? sweepSeconds / Self.sweepFactor : sweepSeconds * Self.sweepFactor
            sweepSeconds = min(max(seconds, Self.sweepLimits.lowerBound), Self.sweepLimits.upperBound)
            playback = playback?.paced(sweepSeconds: sweepSeconds)
            tell("A sweep takes \(PopoverNumber.text(sweepSeconds)) s (< slower, > faster)")
        case .advance(let frames):
            guard let playback, frames > 0 else { return }
            let next = playback.advanced(by: frames)
            self.playback = next
            setSlider(next.name, slider(next.name).clamping(slider(next.name).value(atFraction: next.fraction(atFrame: next.frame))))
        }
    }

    /// Sets parameter `name`'s slider and rebinds the curves that use it. The traced point stays
    /// at its x, but what it was (a minimum, a root, a meeting) was of the curves before: the
    /// readout and the tangent are then of the point as it is now.
    private mutating func setSlider(_ name: String, _ slider: Slider) {
        guard sliders[name] != slider else { return }
        sliders[name] = slider
        bindParameters()
        trace?.landmark = nil
    }

    /// Ends the playback when it sweeps `name`: a hand on the slider takes it over.
    private mutating func stopPlayback(of name: String) {
        if playback?.name == name { playback = nil }
    }

    /// Plays the focused parameter (the first when no slider has focus), or pauses the playback.
    private mutating func togglePlayback() {
        if playback != nil {
            playback = nil
            return
        }
        guard let name = focusedSlider ?? sliderNames.first else {
            notice = "Nothing to play: a parameter (a letter such as a in sin(a x)) gets a slider to play"
            return
        }
        playback = Playback(name: name, from: slider(name), sweepSeconds: sweepSeconds)
    }

    /// Types on the focused slider's entry line; Enter sets the value (or the range, `[min, max]`).
    private mutating func editSliderEntry(_ edit: ExpressionEdit) {
        guard case .sliderEntry(let name, var line)? = overlay else { return }
        switch edit {
        case .insert(let text): line.insert(text)
        case .deleteBackward: line.deleteBackward()
        case .submit:
            switch SliderEntry.parse(line.text, for: slider(name)) {
            case .success(let (slider, widened)):
                overlay = nil
                stopPlayback(of: name)
                setSlider(name, slider)
                if widened {
                    notice = "\(name) = \(PopoverNumber.text(slider.value)) lies beyond the range: it is now "
                        + SliderEntry.rangeText(slider)
                }
                return
            case .failure(let error):
                line.error = error.message
            }
        }
        overlay = .sliderEntry(name: name, line: line)
    }
}

/// What a slider key, click or the playback clock does.
enum SliderAction: Equatable {
    /// Gives the slider of this parameter the keyboard focus; nil takes it away.
    case focus(String?)
    /// Moves the focused slider by step marks: ← → one, with Shift ten.
    case move(steps: Int)
    /// Puts a slider at a fraction of its track: a click or a drag on it.
    case setFraction(String, Double)
    /// Opens the focused slider's entry line with this text typed.
    case openEntry(String)
    /// Edits the slider's entry line.
    case edit(ExpressionEdit)
    /// Plays the focused parameter, or pauses (`Space`).
    case togglePlayback
    /// A sweep faster (`>`) or slower (`<`).
    case changePace(faster: Bool)
    /// The playback clock: this many frames of `Playback.framesPerSecond` have elapsed.
    case advance(frames: Int)
}

/// What is typed on a slider's entry line: a value, or a range `[min, max]`.
enum SliderEntry {
    /// Why a typed entry was refused.
    struct Refusal: Error, Equatable {
        let message: String
    }

    /// `text` read against `slider`: the slider it sets, and whether a value beyond the range widened it.
    static func parse(_ text: String, for slider: Slider) -> Result<(Slider, widened: Bool), Refusal> {
        let trimmed = text.trimmingSpaces
        if trimmed.hasPrefix("[") || trimmed.hasSuffix("]") {
            guard trimmed.hasPrefix("["), trimmed.hasSuffix("]") else {
                return .failure(Refusal(message: "write a range as [min, max]"))
            }
            let inside = trimmed.dropFirst().dropLast()
            let ends = inside.split(separator: ",", omittingEmptySubsequences: false)
            guard ends.count == 2 else { return .failure(Refusal(message: "write a range as [min, max], such as [-5, 5]")) }
            let lower: Double, upper: Double
            switch (number(String(ends[0])), number(String(ends[1]))) {
            case (.success(let a), .success(let b)): (lower, upper) = (min(a, b), max(a, b))
            case (.failure(let refusal), _), (_, .failure(let refusal)): return .failure(refusal)
            }
            guard lower < upper, let ranged = slider.withRange(lower, upper) else {
                return .failure(Refusal(message: "the range has no width: give two different ends"))
            }
            return .success((ranged, false))
        }
        switch number(trimmed) {
        case .success(let value):
            guard let set = slider.setting(value) else { return .failure(Refusal(message: "not a finite number")) }
            return .success((set, set.lower != slider.lower || set.upper != slider.upper))
        case .failure(let refusal):
            return .failure(refusal)
        }
    }

    /// A finite number: written as one (`-2.5`, `1e3`) or as an expression of numbers (`pi/2`).
    static func number(_ text: String) -> Result<Double, Refusal> {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { return .failure(Refusal(message: "type a number, or a range [min, max]")) }
        let value: Double
        if let plain = Double(trimmed) {
            value = plain
        } else {
            guard let program = try? ExpressionParser.parse(trimmed) else {
                return .failure(Refusal(message: "not a number: \(trimmed)"))
            }
            guard !program.steps.contains(where: { if case .variable = $0 { true } else { false } }) else {
                return .failure(Refusal(message: "a value is a number, not a function of x or a parameter"))
            }
            guard let result = program.evaluate().result else { return .failure(Refusal(message: "not a number: \(trimmed)")) }
            value = result
        }
        guard value.isFinite else { return .failure(Refusal(message: "not a finite number: a slider takes no NaN or ∞")) }
        return .success(value)
    }

    /// A slider's range as its entry line takes it: `[-10, 10]`.
    static func rangeText(_ slider: Slider) -> String {
        "[\(PopoverNumber.text(slider.lower)), \(PopoverNumber.text(slider.upper))]"
    }
}

extension String {
    /// The text without spaces at either end.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
