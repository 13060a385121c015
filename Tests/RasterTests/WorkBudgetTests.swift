import Foundation
import Analysis
import Raster
import Synchronization
import TestSupport
import Testing

/// A picture's work is bounded by its pixels, not by what one evaluation costs: the calls of an
/// expensive function are counted, not timed.
@Suite("Work budget")
struct WorkBudgetTests {
    /// Calls of `f` while one of `curves` curves of `cost` is sampled in `viewport`, and the samples.
    static func sample(_ f: @escaping @Sendable (Double) -> Double?, cost: Int, curves: Int = 1,
                       in viewport: Viewport) -> (calls: Int, samples: Samples) {
        let counter = Atomic<Int>(0)
        let samples = GraphRenderer(glyphs: nil).sample({ x in
            counter.add(1, ordering: .relaxed)
            return f(x)
        }, in: viewport, cost: cost, curves: curves)
        return (counter.load(ordering: .relaxed), samples)
    }

    /// What a curve may spend beyond its share: its first edge and one narrowest column.
    static let slack = 32

    @Test("An expensive curve stays within its share of the frame, whatever it does", arguments: [
        TestFunction("14000 sin(x)") { 14000 * sin($0) }, TestFunction("tan(24000x)") { tan(24000 * $0) },
        TestFunction("1/x") { 1 / $0 }, TestFunction("sqrt(x)") { TestFunction.defined(sqrt($0)) },
        TestFunction("undefined") { _ in nil },
    ], [(800, 500, 42_000, 1), (1600, 1000, 1_000, 6), (10_000, 10_000, 42_000, 6), (10_000, 10_000, 200_000, 1)])
    func bounded(function: TestFunction, setting: (width: Int, height: Int, cost: Int, curves: Int)) {
        let viewport = Viewport(width: setting.width, height: setting.height, xRange: -10...10, yRange: -15_000...15_000)
        let (calls, samples) = Self.sample(function.function, cost: setting.cost, curves: setting.curves, in: viewport)
        let share = WorkBudget.frame.evaluations(cost: setting.cost, curves: setting.curves)
        #expect(calls == samples.evaluations, "every call is reported")
        #expect(calls <= share + Self.slack, "\(calls) calls for a share of \(share)")
        #expect(samples.isCoarse)
        // However coarse, a function defined everywhere is drawn in every column.
        if function.name == "14000 sin(x)" {
            let banded = Set(samples.bands.map(\.column))
            // A segment from x₀ to x₁ crosses the middles of columns ⌈x₀ − ½⌉ through ⌊x₁ − ½⌋.
            var reached = Set<Int>()
            for branch in samples.branches {
                for (from, to) in zip(branch, branch.dropFirst()) {
                    let first = max(Int((from.x - 0.5).rounded(.up)), 0)
                    let last = min(Int((to.x - 0.5).rounded(.down)), setting.width - 1)
                    if first <= last { reached.formUnion(first...last) }
                }
            }
            #expect(banded.union(reached).count == setting.width)
        }
    }

    @Test("Six expensive curves together spend at most one frame's budget")
    func sharedAmongCurves() {
        let viewport = Viewport(width: 10_000, height: 10_000, xRange: -10...10, yRange: -5...5)
        let counter = Atomic<Int>(0)
        let functions = (1...6).map { k -> (Double) -> Double? in
            { x in
                counter.add(1, ordering: .relaxed)
                return tan(Double(k) * 1000 * x)
            }
        }
        let cost = 50_000
        _ = GraphRenderer(glyphs: nil).render(functions, costs: Array(repeating: cost, count: 6), in: viewport)
        #expect(counter.load(ordering: .relaxed) <= WorkBudget.frame.units / cost + 6 * Self.slack)
    }

    @Test("Fitting y to expensive curves takes at most its budget, and still finds their range")
    func fitting() throws {
        let counter = Atomic<Int>(0)
        let functions = (1...6).map { k -> (Double) -> Double? in
            { x in
                counter.add(1, ordering: .relaxed)
                return Double(k) * 1000 * sin(x)
            }
        }
        let cost = 42_000
        let viewport = Viewport(width: 10_000, height: 10_000, xRange: -10...10, yRange: -1...1)
            .fittingY(toAll: functions, costs: Array(repeating: cost, count: 6))
        #expect(counter.load(ordering: .relaxed) <= 6 * max(WorkBudget.fit.evaluations(cost: cost, curves: 6), 64))
        // The largest curve is 6000 sin(x): the fit holds ±6000 within its 10 % margin.
        #expect(viewport.yRange.upperBound >= 5_900 && viewport.yRange.upperBound <= 6_700)
        #expect(viewport.yRange.lowerBound <= -5_900 && viewport.yRange.lowerBound >= -6_700)
    }

    @Test("Cheap curves are sampled exactly as without a budget", arguments: [
        TestFunction("tan(24000x)") { tan(24000 * $0) }, TestFunction("sin(x)*x") { sin($0) * $0 },
        TestFunction("1/x") { 1 / $0 }, TestFunction("floor(1000x)") { floor(1000 * $0) },
    ])
    func cheapUnchanged(function: TestFunction) {
        let viewport = Viewport(width: 1600, height: 1000, xRange: -10...10, yRange: -5...5)
        var unlimited = GraphRenderer(glyphs: nil)
        unlimited.workBudget = .unlimited
        let budgeted = GraphRenderer(glyphs: nil).sample(function.function, in: viewport, cost: 8, curves: 6)
        #expect(budgeted == unlimited.sample(function.function, in: viewport))
        #expect(!budgeted.isCoarse)
    }

    /// Issue 49: `plot 'y<x'` beside long curves at 4000x4000 noted "more detail than the work
    /// bound draws", though a straight line never needs its share: within a limit, every sample
    /// was called coarse.
    @Test("A straight line sampled within a limit it never needs is drawn whole and not called coarse",
          arguments: [23, 60])
    func straightLineWithinLimit(cost: Int) {
        let viewport = Viewport(width: 4000, height: 4000, xRange: -10...10, yRange: -10...10)
        let line: @Sendable (Double) -> Double? = { 2 * $0 + 1 }
        let share = WorkBudget.frame.evaluations(cost: cost, curves: 2)
        // The limit is below the default budgets' worst case, so the sampler shares it out.
        #expect(share / 419 < viewport.width + 2)
        let budgeted = GraphRenderer(glyphs: nil).sample(line, in: viewport, cost: cost, curves: 2)
        let isCoarse = budgeted.isCoarse
        #expect(!isCoarse)
        #expect(budgeted.widestColumn == 1)
        #expect(budgeted.bands.isEmpty)
    }
}
