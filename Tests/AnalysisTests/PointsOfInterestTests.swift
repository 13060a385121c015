import Foundation
import Analysis
import Raster
import TestSupport
import Testing

/// Points of interest against closed forms: each answer here is known without gcview.
@Suite("Points of interest: roots, extrema, intersections")
struct PointsOfInterestTests {
    /// The points of one function over `range`.
    static func points(_ f: @escaping (Double) -> Double?, over range: ClosedRange<Double>) -> CurvePoints {
        PointsOfInterest.find(in: [f], over: range).curves[0]
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
        abs(a - b) <= tolerance * max(abs(b), 1)
    }

    @Test("x³ − 6x² + 11x − 6: roots 1, 2, 3; extrema at 2 ∓ 1/√3 of ±2/(3√3)")
    func cubic() throws {
        let curve = Self.points({ x in x * x * x - 6 * x * x + 11 * x - 6 }, over: -10...10)
        #expect(curve.roots.count == 3)
        for (root, exact) in zip(curve.roots, [1.0, 2, 3]) { #expect(Self.close(root, exact, 1e-12), "\(root)") }
        let peak = 2 / (3 * 3.0.squareRoot())
        let maximum = try #require(curve.maxima.first), minimum = try #require(curve.minima.first)
        #expect(curve.maxima.count == 1 && curve.minima.count == 1)
        #expect(Self.close(maximum.x, 2 - 1 / 3.0.squareRoot(), 1e-7) && Self.close(maximum.y, peak, 1e-12))
        #expect(Self.close(minimum.x, 2 + 1 / 3.0.squareRoot(), 1e-7) && Self.close(minimum.y, -peak, 1e-12))
        #expect(curve.yIntercept == -6)
        #expect(curve.poles.isEmpty && curve.jumps.isEmpty && !curve.isTruncated)
    }

    @Test("sin(x) on [−10, 10]: roots kπ, maxima at π/2 + 2kπ, minima at −π/2 + 2kπ")
    func sine() {
        let curve = Self.points({ sin($0) }, over: -10...10)
        let roots = (-3...3).map { Double($0) * .pi }
        #expect(curve.roots.count == roots.count)
        for (root, exact) in zip(curve.roots, roots) { #expect(abs(root - exact) <= 1e-14 * max(abs(exact), 1), "\(root)") }
        let maxima = [-3.0, 1, 5].map { $0 * .pi / 2 }, minima = [-5.0, -1, 3].map { $0 * .pi / 2 }
        #expect(curve.maxima.map(\.x).count == 3 && curve.minima.count == 3)
        for (point, exact) in zip(curve.maxima, maxima) { #expect(abs(point.x - exact) < 1e-7 && point.y == 1) }
        for (point, exact) in zip(curve.minima, minima) { #expect(abs(point.x - exact) < 1e-7 && point.y == -1) }
    }

    @Test("sin² x's maxima at (k + ½)π say only the digits their flat tops know: the shortest decimal where sin² x rounds to 1, over three ranges",
          arguments: [-10.0...10.0, -10...10.5, -8...(-7.7)])
    func flatMaximaAreShortest(range: ClosedRange<Double>) throws {
        let curve = Self.points({ sin($0) * sin($0) }, over: range)
        #expect(!curve.maxima.isEmpty)
        for maximum in curve.maxima {
            let truth = ((maximum.x / .pi - 0.5).rounded() + 0.5) * .pi
            // sin² x rounds to 1 within about 1.05e-8 of (k + ½)π: the maximum lies in that stretch…
            #expect(abs(maximum.x - truth) < 1.1e-8 && maximum.y == 1, "\(maximum) against \(truth)")
            // …and is its shortest decimal near the middle: no more than 9 significant digits for
            // |x| < 10, where the stretch is 2.1e-8 wide (−7.853981644511195 said 16), and the
            // truth rounded to them.
            let text = "\(abs(maximum.x))"
            let digits = text.filter(\.isNumber).drop { $0 == "0" }.count
            #expect(digits <= 9, "\(maximum.x) has \(digits) significant digits")
            let decimals = text.split(separator: ".").last.map(\.count) ?? 0
            let scale = pow(10, Double(decimals))
            #expect(abs(maximum.x - (truth * scale).rounded() / scale) < 1e-12, "\(maximum.x): \(truth) rounded")
        }
    }

    @Test("cos x = x meets at the Dottie number 0.7390851332151607")
    func dottie() throws {
        let found = PointsOfInterest.find(in: [{ cos($0) }, { $0 }], over: -10...10)
        #expect(found.intersections.count == 1)
        let meeting = try #require(found.intersections.first)
        #expect(meeting.first == 0 && meeting.second == 1)
        #expect(abs(meeting.x - 0.7390851332151607) <= 2e-16)
        #expect(abs(meeting.y - 0.7390851332151607) <= 2e-16)
    }

    @Test("eˣ = 3 − x meets where Newton's method says, once")
    func exponential() throws {
        // Newton on eˣ + x − 3 from 1, independent of the finder.
        var newton = 1.0
        for _ in 0..<50 { newton -= (exp(newton) + newton - 3) / (exp(newton) + 1) }
        let found = PointsOfInterest.find(in: [{ exp($0) }, { 3 - $0 }], over: -10...10)
        let meeting = try #require(found.intersections.first)
        #expect(found.intersections.count == 1)
        #expect(abs(meeting.x - newton) <= 1e-14, "\(meeting.x) vs \(newton)")
        #expect(abs(meeting.y - exp(newton)) <= 1e-13)
    }

    @Test("x² and 2x − 1 touch at (1, 1): an intersection that does not cross")
    func touchingIntersection() throws {
        let found = PointsOfInterest.find(in: [{ $0 * $0 }, { 2 * $0 - 1 }], over: -10...10)
        let meeting = try #require(found.intersections.first)
        #expect(found.intersections.count == 1)
        #expect(abs(meeting.x - 1) < 1e-7 && abs(meeting.y - 1) < 1e-7)
    }

    @Test("sin and cos meet at π/4 + kπ on [−10, 10]")
    func sineAndCosine() {
        let found = PointsOfInterest.find(in: [{ sin($0) }, { cos($0) }], over: -10...10)
        let expected = (-3...2).map { Double.pi / 4 + Double($0) * .pi }
        #expect(found.intersections.map(\.x).count == expected.count)
        for (meeting, x) in zip(found.intersections, expected) {
            #expect(abs(meeting.x - x) < 1e-14 * max(abs(x), 1) && abs(meeting.y - sin(x)) < 1e-14)
        }
    }

    @Test("Γ on (0, 5]: one minimum, at x = 1.4616321449683623, y = 0.8856031944108887")
    func gammaMinimum() throws {
        let curve = Self.points({ tgamma($0) }, over: 0.1...5)
        let minimum = try #require(curve.minima.first)
        #expect(curve.minima.count == 1 && curve.maxima.isEmpty && curve.roots.isEmpty)
        #expect(abs(minimum.x - 1.4616321449683623) < 1e-7)
        #expect(abs(minimum.y - 0.8856031944108887) < 1e-15)
    }

    @Test("x² touches zero at 0, |x − 1| at 1 (a corner): roots and minima both")
    func touchingRoots() throws {
        let square = Self.points({ $0 * $0 }, over: -10...10)
        #expect(square.roots == [0])
        #expect(square.minima == [GraphPoint(x: 0, y: 0)])
        let corner = Self.points({ abs($0 - 1) }, over: -10...10)
        #expect(corner.roots == [1])
        #expect(corner.minima == [GraphPoint(x: 1, y: 0)])
        let shifted = Self.points({ ($0 - .pi) * ($0 - .pi) }, over: -10...10)
        let root = try #require(shifted.roots.first)
        #expect(shifted.roots.count == 1 && abs(root - .pi) < 1e-7)
    }

    @Test("|x| + 1 has a corner minimum at 0 and no root; −x² + 4 a maximum and two roots")
    func cornerAndCap() {
        let corner = Self.points({ abs($0) + 1 }, over: -3...5)
        #expect(corner.minima == [GraphPoint(x: 0, y: 1)] && corner.roots.isEmpty && corner.maxima.isEmpty)
        let cap = Self.points({ 4 - $0 * $0 }, over: -3...5)
        #expect(cap.maxima == [GraphPoint(x: 0, y: 4)] && cap.roots == [-2, 2])
    }

    @Test("a root at the edge of the domain: √x at 0, √(1 − x²) at ±1")
    func domainEdges() {
        #expect(Self.points({ TestFunction.defined(sqrt($0)) }, over: -4...4).roots == [0])
        let circle = Self.points({ TestFunction.defined(sqrt(1 - $0 * $0)) }, over: -4...4)
        #expect(circle.roots == [-1, 1])
        #expect(circle.maxima == [GraphPoint(x: 0, y: 1)])
        #expect(circle.poles.isEmpty && circle.jumps.isEmpty)
    }

    @Test("no y-intercept when 0 lies outside the range or y is undefined at 0")
    func yIntercept() {
        #expect(Self.points({ $0 + 3 }, over: 1...2).yIntercept == nil)
        #expect(Self.points({ 1 / $0 }, over: -1...2).yIntercept == nil)
        #expect(Self.points({ cos($0) }, over: -1...2).yIntercept == 1)
    }
}

@Suite("Points of interest as markers")
struct PointsMarkerTests {
    @Test("markers list every point once, sorted by x, intersections naming both curves")
    func markers() throws {
        let found = PointsOfInterest.find(in: [{ $0 * $0 - 1 }, { TestFunction.defined(1 / $0) }], over: -3...3)
        let markers = found.markers
        #expect(markers.map(\.x) == markers.map(\.x).sorted())
        #expect(markers.filter { $0.kind == .root }.map(\.x) == [-1, 1])
        #expect(markers.filter { $0.kind == .minimum }.map { GraphPoint(x: $0.x, y: $0.y ?? .nan) } == [GraphPoint(x: 0, y: -1)])
        #expect(markers.filter { $0.kind == .pole }.map(\.x) == [0] && markers.first { $0.kind == .pole }?.y == nil)
        #expect(markers.filter { $0.kind == .yIntercept }.map(\.curves) == [[0]])
        // x² − 1 = 1/x at the one real root of x³ − x − 1 (the plastic number, 1.324717957244746).
        let meeting = try #require(markers.first { $0.kind == .intersection })
        #expect(markers.filter { $0.kind == .intersection }.count == 1 && meeting.curves == [0, 1])
        #expect(abs(meeting.x - 1.324717957244746) < 1e-15)
        let count = found.curves.reduce(found.intersections.count) {
            $0 + $1.roots.count + $1.maxima.count + $1.minima.count + $1.poles.count + $1.jumps.count + ($1.yIntercept == nil ? 0 : 1)
        }
        #expect(markers.count == count)
        let nearest = found.markers(in: 0.5...3, nearestTo: GraphPoint(x: 1.3, y: 0.7))
        #expect(nearest.first?.kind == .intersection && nearest.allSatisfy { (0.5...3).contains($0.x) })
    }
}

@Suite("Roots at the best double")
struct BestDoubleRootTests {
    /// x − c is exactly 0 at the double c and nowhere else, so the root is c itself: the search's
    /// last bracket, a few units in the last place wide, used to end one or two doubles beside it.
    static let sevenths: [Double] = (1...6).map { Double($0) / 7 }
    static let others: [Double] = [1.0 / 3, 2.0 / 3, 0.1, 0.7, -0.3, 1e-5 / 3, 12345.678 / 9]
    static let roots: [Double] = sevenths + others

    @Test("The root of x − c is c", arguments: roots)
    func exactDouble(_ c: Double) throws {
        for range in [-1.0...2, -10...10, -2...1400] where range.contains(c) {
            let curve = PointsOfInterest.find(in: [{ x in x - c }], over: range).curves[0]
            let root = try #require(curve.roots.first)
            #expect(curve.roots.count == 1)
            #expect(root == c, "\(root) for \(c) over \(range): \((root - c) / c.ulp) units in the last place away")
        }
    }

    @Test("Where |f| ties between neighbours, the root is one of them, beside the true root")
    func tie() throws {
        let curve = PointsOfInterest.find(in: [{ x in x * x - 2 }], over: 0...3).curves[0]
        let root = try #require(curve.roots.first)
        #expect(abs(root - 2.0.squareRoot()) <= 2.0.squareRoot().ulp)
        #expect(abs(root * root - 2) <= abs(2.0.squareRoot() * 2.0.squareRoot() - 2))
    }
}
