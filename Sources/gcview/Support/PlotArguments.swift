import ArgumentParser
import Foundation

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
        guard parts.count == 2,
              let lower = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let upper = Double(parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        self.init(lower: lower, upper: upper)
    }

    /// Why this range cannot be graphed, or nil when it can.
    var problem: String? {
        guard lower.isFinite, upper.isFinite else { return "both ends must be finite numbers" }
        guard lower < upper else { return "the minimum must be less than the maximum" }
        guard (upper - lower).isFinite, upper - lower > max(abs(upper), abs(lower)) * 1e-12 else {
            return "the range is too narrow to graph"
        }
        return nil
    }

    var closedRange: ClosedRange<Double> { lower...upper }

    var defaultValueDescription: String { String(format: "%g:%g", lower, upper) }

    /// Throws a validation error naming `option` when the range cannot be graphed.
    func validate(as option: String) throws {
        if let problem { throw ValidationError("\(option) \(String(format: "%g:%g", lower, upper)): \(problem)") }
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
}

/// An image size in pixels typed as `WxH`, e.g. `1600x1000`.
struct ImageSize: ExpressibleByArgument, Equatable {
    /// The sides gcview renders; other sizes are refused.
    static let sides = 16...10_000

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
