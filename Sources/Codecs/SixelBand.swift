/// The colour masks of one six-row sixel band, reused from band to band.
///
/// `masks[c * width + x]` holds the six bits of colour `c` in column `x`; `covered[x]` the bits
/// of all colours but the background. Both are zero again after `write`.
struct SixelBand: ~Copyable {
    private let width: Int
    /// How many colours the masks hold: the palette's.
    private let colors: Int
    /// Whether a pixel marked so far indexed past the palette (its masks left untouched).
    private(set) var markedPastPalette = false
    private let masks: UnsafeMutablePointer<UInt8>
    private let covered: UnsafeMutablePointer<UInt8>
    /// The first and last column each colour occupies in the band; `Int.max` and -1 when absent.
    private let low: UnsafeMutablePointer<Int>
    private let high: UnsafeMutablePointer<Int>
    /// One bit per colour present in the band, besides the background.
    private var present: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Empty masks for images `width` pixels wide using up to `colors` palette entries.
    init(width: Int, colors: Int) {
        self.width = width
        self.colors = colors
        masks = .allocate(capacity: colors * width)
        masks.initialize(repeating: 0, count: colors * width)
        covered = .allocate(capacity: width)
        covered.initialize(repeating: 0, count: width)
        low = .allocate(capacity: colors)
        low.initialize(repeating: .max, count: colors)
        high = .allocate(capacity: colors)
        high.initialize(repeating: -1, count: colors)
    }

    deinit {
        masks.deallocate()
        covered.deallocate()
        low.deallocate()
        high.deallocate()
    }

    /// Records the pixels of `row` (`width` indices) that are not `background`, as `bit`.
    mutating func mark(_ row: UnsafePointer<UInt8>, bit: UInt8, background: UInt8) {
        let pattern = UInt64(background) &* 0x0101_0101_0101_0101
        let raw = UnsafeRawPointer(row)
        var x = 0
        while x + 8 <= width {
            var difference = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: x, as: UInt64.self) ^ pattern)
            while difference != 0 {
                let byte = difference.trailingZeroBitCount >> 3
                mark(color: Int(row[x + byte]), column: x + byte, bit: bit)
                difference &= ~(0xFF << UInt64(byte * 8))
            }
            x += 8
        }
        while x < width {
            if row[x] != background { mark(color: Int(row[x]), column: x, bit: bit) }
            x += 1
        }
    }

    @inline(__always)
    private mutating func mark(color: Int, column: Int, bit: UInt8) {
        guard color < colors else { markedPastPalette = true; return }
        masks[color * width + column] |= bit
        covered[column] |= bit
        if column < low[color] { low[color] = column }
        if column > high[color] {
            if high[color] < 0 { setPresent(color) }
            high[color] = column
        }
    }

    @inline(__always)
    private mutating func setPresent(_ color: Int) {
        let bit = UInt64(1) << UInt64(color & 63)
        switch color >> 6 {
        case 0: present.0 |= bit
        case 1: present.1 |= bit
        case 2: present.2 |= bit
        default: present.3 |= bit
        }
    }

    /// Writes one line per colour present and clears the band.
    ///
    /// Sixel passes paint over each other, so the background is painted across the whole band
    /// (`full` holds the band's row bits) in one run, and each colour in ascending order may also
    /// cover pixels that a later colour paints over, whenever that lengthens a run. Every pixel
    /// still ends up in its own colour.
    mutating func write(to out: inout ByteWriter, background: UInt8, full: UInt8) {
        out.reserve(24)
        out.append(UInt8(ascii: "#"))
        out.appendDecimal(Int(background))
        Self.writeRun(width, full, to: &out)
        let words = [present.0, present.1, present.2, present.3]
        present = (0, 0, 0, 0)
        for (word, var bits) in words.enumerated() {
            while bits != 0 {
                let color = word * 64 + bits.trailingZeroBitCount
                bits &= bits - 1
                let start = low[color], end = high[color] + 1
                out.reserve(end + 24)
                out.append(UInt8(ascii: "$"))
                out.append(UInt8(ascii: "#"))
                out.appendDecimal(color)
                if start > 0 { Self.writeRun(start, 0, to: &out) }
                let line = masks + color * width
                // What is left of `covered` belongs to this colour and the ones painted after it.
                for x in start..<end { covered[x] &= ~line[x] }
                Self.writeRuns(line, overpainted: covered, from: start, to: end, to: &out)
                (line + start).update(repeating: 0, count: end - start)
                low[color] = .max
                high[color] = -1
            }
        }
        covered.update(repeating: 0, count: width)
    }

    /// Run-length codes `masks[start..<end]`, extending a run over a column whenever the run's bits
    /// include the column's own and the rest are painted over later (`later`); room must have been reserved.
    private static func writeRuns(_ masks: UnsafePointer<UInt8>, overpainted later: UnsafePointer<UInt8>,
                                  from start: Int, to end: Int, to out: inout ByteWriter) {
        var x = start
        while x < end {
            let value = masks[x]
            // A gap of this colour stays a gap: skip it eight columns at a time.
            var next = value == 0 ? ByteRun.end(of: 0, in: masks, from: x + 1, to: end) : x + 1
            while value != 0 && next < end {
                let own = masks[next]
                guard own & ~value == 0, value & ~(own | later[next]) == 0 else { break }
                next += 1
            }
            writeRun(next - x, value, to: &out)
            x = next
        }
    }

    /// `count` columns of sixel `bits`: `!count` for runs over 3, which is never longer than the run.
    @inline(__always)
    private static func writeRun(_ count: Int, _ bits: UInt8, to out: inout ByteWriter) {
        let char = 63 + bits
        if count > 3 {
            out.append(UInt8(ascii: "!"))
            out.appendDecimal(count)
            out.append(char)
        } else {
            out.append(char, times: count)
        }
    }
}
