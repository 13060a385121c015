/// How many curves a graph image holds and how many coverage levels each has: where in the
/// palette each curve's ink lies (after the fixed `PaletteSlot`s).
public struct PaletteLayout: Equatable, Sendable {
    /// The number of curves.
    public let curveCount: Int
    /// The coverage levels of each curve (anti-aliasing steps, the last one full ink).
    public let levelsPerCurve: Int

    /// A layout of `curveCount` curves with `levelsPerCurve` levels each (at least one).
    public init(curveCount: Int, levelsPerCurve: Int) {
        self.curveCount = max(curveCount, 0)
        self.levelsPerCurve = max(levelsPerCurve, 1)
    }

    /// The layout of `curves` curves in a palette of at most `limit` colours (a sixel terminal's
    /// registers; nil or over 256 means 256): as many levels as fit, up to `PaletteSlot.curveLevels`,
    /// and at least one, dropping the curves that do not fit even so.
    public init(curves: Int, paletteLimit limit: Int?) {
        let room = min(limit ?? 256, 256) - Int(PaletteSlot.firstCurve)
        let wanted = max(curves, 0)
        let levels = wanted == 0 ? PaletteSlot.curveLevels : min(max(room / wanted, 1), PaletteSlot.curveLevels)
        self.init(curveCount: min(wanted, max(room, 1) / levels), levelsPerCurve: levels)
    }

    /// One curve with every level: the layout of a plain graph.
    public static let single = PaletteLayout(curveCount: 1, levelsPerCurve: PaletteSlot.curveLevels)

    /// The number of colours in the palette.
    public var count: Int { Int(PaletteSlot.firstCurve) + curveCount * levelsPerCurve }

    /// The index of coverage level `level` (1…`levelsPerCurve`) of curve `curve` (from 0).
    public func slot(curve: Int, level: Int) -> UInt8 {
        UInt8(clamping: Int(PaletteSlot.firstCurve) + curve * levelsPerCurve + level - 1)
    }

    /// The full-ink index of curve `curve`.
    public func fullInk(ofCurve curve: Int) -> UInt8 {
        slot(curve: curve, level: levelsPerCurve)
    }

    /// The curve (from 0) and level (from 1) an index paints, or nil for the fixed slots.
    public func curveInk(at index: UInt8) -> (curve: Int, level: Int)? {
        let offset = Int(index) - Int(PaletteSlot.firstCurve)
        guard offset >= 0, offset < curveCount * levelsPerCurve else { return nil }
        return (offset / levelsPerCurve, offset % levelsPerCurve + 1)
    }
}
