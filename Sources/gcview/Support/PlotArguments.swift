import ArgumentParser
import Foundation

/// A closed numeric range typed as `MIN:MAX`, e.g. `-10:10`.
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
              let upper = Double(parts[1].trimmingCharacters(in: .whitespaces)),
              lower.isFinite, upper.isFinite, lower < upper,
              (upper - lower).isFinite, (upper - lower) > abs(upper) * 1e-12
        else { return nil }
        self.init(lower: lower, upper: upper)
    }

    var closedRange: ClosedRange<Double> { lower...upper }
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
struct PixelSize: ExpressibleByArgument, Equatable {
    /// The largest side gcview renders; larger images are refused.
    static let maximumSide = 10_000

    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (16...Self.maximumSide).contains(width), (16...Self.maximumSide).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }
}
