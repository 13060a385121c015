import ArgumentParser
import Brain
import Terminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// A numeric range typed as `MIN:MAX`, e.g. `-10:10`; `problem` says what is wrong with it.
struct AxisRange: ExpressibleByArgument, Equatable {
    var lower: Double
    var upper: Double

    init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        // Trimmed only when needed: trimming by Character loads Unicode tables (0.3 ms of a plot).
        guard parts.count == 2,
              let lower = Double(parts[0]) ?? Double(parts[0].trimmed) ?? Self.constant(parts[0]),
              let upper = Double(parts[1]) ?? Double(parts[1].trimmed) ?? Self.constant(parts[1])
        else { return nil }
        self.init(lower: lower, upper: upper)
    }

    /// The value of an end written as an expression without variables (`2pi`, `-pi/2`, `e^3`);
    /// nil for anything else. Numbers never get here, so a plain range costs no parse.
    static func constant(_ text: Substring) -> Double? {
        guard let program = try? ExpressionParser.parse(String(text)), program.parameters.isEmpty,
              !program.names(Coordinates.xVariable) else { return nil }
        return program.evaluate(using: [:]).result
    }

    /// The largest magnitude an end may have, leaving headroom below Double's 1.8e308 for the
    /// margins and tick steps worked out from the range.
    static let largestEnd = 1e300

    /// The finest spacing of pixels graphed, in units in the last place of the ends: finer
    /// spacing would put neighbouring pixels at the same Double.
    static let finestPixelInULPs = 4.0

    /// Why this range cannot be graphed across `pixels` pixels, or nil when it can.
    func problem(pixels: Int) -> String? {
        guard lower.isFinite, upper.isFinite else { return "both ends must be finite numbers" }
        guard lower < upper else { return "the minimum must be less than the maximum" }
        let magnitude = max(abs(lower), abs(upper))
        guard magnitude <= Self.largestEnd else {
            return "each end must lie within ±\(Self.format(Self.largestEnd)) (numbers this large overflow)"
        }
        let pixel = (upper - lower) / Double(max(pixels, 1))
        let finest = max(Self.finestPixelInULPs * magnitude.ulp, Double.leastNormalMagnitude)
        guard pixel >= finest else {
            return "the range is too narrow to graph: a pixel would span \(cFormat("%.3g", pixel)), "
                + "finer than Double resolves near \(Self.format(magnitude))"
        }
        return nil
    }

    var closedRange: ClosedRange<Double> { lower...upper }

    /// Throws a validation error naming `option` unless both ends are finite and within
    /// ±`largestEnd`, in either order: an interval to integrate over (`--area`), not to graph.
    func validateEnds(as option: String) throws {
        guard lower.isFinite, upper.isFinite, max(abs(lower), abs(upper)) <= Self.largestEnd else {
            throw ValidationError("\(option) \(Self.format(lower)):\(Self.format(upper)): "
                                  + "both ends must be finite numbers within ±\(Self.format(Self.largestEnd))")
        }
    }

    var defaultValueDescription: String { "\(Self.format(lower)):\(Self.format(upper))" }

    /// Why this range cannot be graphed across `pixels` pixels on a log axis, or nil when it can:
    /// both ends above 0, and neighbouring pixels (a ratio apart) at distinct Doubles.
    func logProblem(pixels: Int) -> String? {
        guard lower.isFinite, upper.isFinite else { return "both ends must be finite numbers" }
        guard lower > 0 else {
            let suggestion = upper > 0 ? " (such as \(Self.format(upper / 1e4)):\(Self.format(upper)))" : ""
            return "a log axis shows only numbers above 0: the minimum must be greater than 0" + suggestion
        }
        guard lower < upper else { return "the minimum must be less than the maximum" }
        guard upper <= Self.largestEnd, lower >= 1 / Self.largestEnd else {
            return "each end must lie within \(Self.format(1 / Self.largestEnd)) to \(Self.format(Self.largestEnd))"
        }
        let ratio = (upper / lower - 1) / Double(max(pixels, 1))
        guard ratio >= Self.finestPixelInULPs * Double.ulpOfOne else {
            return "the range is too narrow to graph: neighbouring pixels would be the same Double"
        }
        return nil
    }

    /// Throws a validation error naming `option` when the range cannot be graphed across `pixels`
    /// (on a log axis when `log`).
    func validate(as option: String, pixels: Int = 1, log: Bool = false) throws {
        if let problem = log ? logProblem(pixels: pixels) : problem(pixels: pixels) {
            throw ValidationError("\(option) \(Self.format(lower)):\(Self.format(upper)): \(problem)")
        }
    }

    /// `value` as typed, in the fewest digits that name it: `-10`, `5.000000000001`, `1e+308`.
    static func format(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}

/// The y range: fixed, or fitted to the visible curve.
enum VerticalRange: ExpressibleByArgument, Equatable {
    case fixed(AxisRange)
    case auto

    init?(argument: String) {
        if argument == "auto" {
            self = .auto
        } else if let range = AxisRange(argument: argument) {
            self = .fixed(range)
        } else {
            return nil
        }
    }

    /// As typed: argument-parser's default, `String(describing:)`, reflects on the enum.
    var defaultValueDescription: String {
        switch self {
        case .auto: "auto"
        case .fixed(let range): range.defaultValueDescription
        }
    }
}

/// An image size in pixels typed as `WxH`, e.g. `1600x1000`.
struct ImageSize: ExpressibleByArgument, Equatable {
    /// The sides gcview renders; other sizes are refused. The same bounds as every size from outside.
    static let sides = SizeLimits.side

    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.init(width: width, height: height)
    }

    var defaultValueDescription: String { "\(width)x\(height)" }

    /// Throws a validation error naming `option` when a side is out of range.
    func validate(as option: String) throws {
        guard Self.sides.contains(width), Self.sides.contains(height) else {
            throw ValidationError("\(option) \(width)x\(height): each side must be \(Self.sides.lowerBound) to \(Self.sides.upperBound) pixels")
        }
    }
}
