#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How an axis maps values to positions, which the viewport maps linearly to pixels.
public enum AxisScale: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
    /// The position is the value.
    case linear
    /// The position is the value's decimal logarithm: each decade takes the same pixels, and
    /// values ≤ 0 lie outside the axis.
    case log

    /// The position of `value` on a log axis: log10 of it, NaN for values ≤ 0 (not on the axis).
    @inline(__always)
    public static func logPosition(of value: Double) -> Double {
        value > 0 ? log10(value) : .nan
    }

    /// The value at `position` on a log axis: 10 to that power (0 or infinity beyond the Doubles).
    @inline(__always)
    public static func value(atLogPosition position: Double) -> Double {
        // Whole decades exactly: pow(10, 2) is 100, where exp10 could be an ulp off.
        pow(10, position)
    }

    /// The position of `value` on this axis.
    public func position(of value: Double) -> Double {
        self == .linear ? value : Self.logPosition(of: value)
    }

    /// The value at `position` on this axis.
    public func value(at position: Double) -> Double {
        self == .linear ? position : Self.value(atLogPosition: position)
    }

    /// The positions of the ends of `range`; nil when an end has none (≤ 0 on a log axis).
    public func positions(of range: ClosedRange<Double>) -> ClosedRange<Double>? {
        guard self == .log else { return range }
        let low = Self.logPosition(of: range.lowerBound), high = Self.logPosition(of: range.upperBound)
        guard low.isFinite, high.isFinite else { return nil }
        return low...high
    }

    /// `f` as a function of the position along x on this axis: f(10^u) on a log axis, for the
    /// analyses (fit, statistics, points of interest) that sample evenly along the axis.
    public func substituting(_ f: @escaping (Double) -> Double?) -> (Double) -> Double? {
        self == .linear ? f : { f(Self.value(atLogPosition: $0)) }
    }
}
