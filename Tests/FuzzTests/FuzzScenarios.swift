@testable import App
import TestSupport
import Terminal

/// Openings that aim a sequence at what issue 49 found: strict inequalities whose dashed edge
/// leaves the view, curves of very different program lengths with points of interest and trace
/// jumps, and sliders that move under a trace. The random actions follow as usual.
extension FuzzActionGenerator {
    /// The trace's keys, the points of interest and the table: not in the help's letters above.
    static let traceKeys: [KeyPress] = "to[]'AT".map { .character($0) }

    /// One of the openings, as the first step's actions after the sequence's own function.
    mutating func scenario() -> [FuzzAction] {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return strictInequality()
        case 1: return shortBesideLong()
        default: return sliderUnderTrace()
        }
    }

    /// A strict inequality graphed alone or beside the function, then zoomed out or in a few times.
    private mutating func strictInequality() -> [FuzzAction] {
        let text = random.pick(HostileFunctions.strictInequalities)
        var actions: [FuzzAction] = random.chance(0.5) ? [.expression(text, submits: true), .key(.character("g"))]
            : [.addExpression(text)]
        let zoom: KeyPress = random.chance(0.7) ? .character("-") : .character("+")
        actions += Array(repeating: .key(zoom), count: Int.random(in: 0...12, using: &random))
        return actions
    }

    /// A short curve and a long one, in either order, then `o`, a trace and its jumps.
    private mutating func shortBesideLong() -> [FuzzAction] {
        let pair = random.pick(HostileFunctions.shortAndLong)
        let (first, second) = random.chance(0.5) ? (pair.short, pair.long) : (pair.long, pair.short)
        var actions: [FuzzAction] = [.expression(first, submits: true), .key(.character("g")), .addExpression(second)]
        if random.chance(0.5) { actions.append(.key(.character("o"))) }
        actions.append(.key(.character("t")))
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            actions.append(.key(random.chance(0.7) ? .character("]") : .character("[")))
        }
        if random.chance(0.3) { actions.append(.key(.down)) }
        return actions
    }

    /// A curve with a slider, traced onto a point of interest, then the slider stepped or played.
    private mutating func sliderUnderTrace() -> [FuzzAction] {
        let text = random.pick(["sin(a x)*x", "a x^2 + b x + c", "sin(a x)", "a/(x-b)", "x^a"])
        var actions: [FuzzAction] = [.expression(text, submits: true), .key(.character("g")), .key(.character("t"))]
        actions += Array(repeating: .key(.character("]")), count: Int.random(in: 1...3, using: &random))
        if random.chance(0.6) { actions.append(.key(.character("'"))) }
        // Tab from the graph to the first slider, then its steps, or playback and the clock.
        actions.append(.key(.tab))
        if random.chance(0.5) {
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                actions.append(.key(random.pick([.right, .left, .shifted(.right), .shifted(.left)])))
            }
        } else {
            actions += [.key(.character(" ")), .tick(milliseconds: Int.random(in: 50...2000, using: &random))]
        }
        return actions
    }
}
