/// A zlib stream writer that only looks for runs of one byte (distance-1 matches), eight bytes at a time.
///
/// Made for up-filtered PNG scanlines of graph images, which are almost all runs: it is many
/// times faster than zlib there and compresses about as well as zlib's `Z_RLE` strategy. The
/// data goes out as one final block with dynamic or fixed Huffman codes, whichever is shorter.
/// The Adler-32 checksum is computed per run in closed form rather than byte by byte.
struct RunDeflater: ~Copyable {
    /// Literals as their byte value; a run of `n` copies of the previous byte as `256 + n`.
    private var tokens: UnsafeMutablePointer<UInt16>
    private var capacity: Int
    private var count = 0
    /// How often each literal/length symbol (0–285) occurs.
    private var frequencies = [Int](repeating: 0, count: 286)
    private var adler: (a: UInt64, b: UInt64) = (1, 0)
    /// The last byte appended, or -1 before the first.
    private var previous = -1

    private static let modulus: UInt64 = 65521

    /// A writer expecting about `tokens` literals and runs.
    init(tokens: Int = 16 * 1024) {
        capacity = max(tokens, 1024)
        self.tokens = .allocate(capacity: capacity)
    }

    deinit { tokens.deallocate() }

    /// Appends `length` uncompressed bytes.
    mutating func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        let symbols = DeflateTables.lengthSymbol
        var (a, b) = adler
        var index = 0
        while index < length {
            let value = bytes[index]
            guard Int(value) == previous else {
                tokens[count] = UInt16(value)
                count += 1
                frequencies[Int(value)] += 1
                a += UInt64(value)
                b += a
                previous = Int(value)
                index += 1
                if index & 4095 == 0 { (a, b) = (a % Self.modulus, b % Self.modulus) }
                continue
            }
            let end = ByteRun.end(of: value, in: bytes, from: index + 1, to: length)
            var run = end - index
            // Adler-32 over `run` copies of `value`: a grows by run * value, b by run * a + value * run(run+1)/2.
            let n = UInt64(run)
            a %= Self.modulus
            b = (b + n % Self.modulus * a + UInt64(value) * (n * (n + 1) / 2 % Self.modulus)) % Self.modulus
            a = (a + n % Self.modulus * UInt64(value)) % Self.modulus
            while run >= 3 {
                var match = min(run, 258)
                if run - match == 1 || run - match == 2 { match = run - 3 }
                tokens[count] = UInt16(256 + match)
                count += 1
                frequencies[Int(symbols[match])] += 1
                run -= match
            }
            for _ in 0..<run {
                tokens[count] = UInt16(value)
                count += 1
                frequencies[Int(value)] += 1
            }
            index = end
        }
        adler = (a % Self.modulus, b % Self.modulus)
    }

    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let fresh = UnsafeMutablePointer<UInt16>.allocate(capacity: grown)
        fresh.update(from: tokens, count: count)
        tokens.deallocate()
        tokens = fresh
        capacity = grown
    }

    /// Writes the zlib stream of everything appended to `out`.
    consuming func finish(to out: inout ByteWriter) {
        frequencies[256] = 1
        let dynamic = DynamicCodes(literalFrequencies: frequencies)
        let fixedLengths = DeflateTables.fixedLengths
        var extraBits = 0, fixedBits = 0
        for symbol in 0..<286 {
            fixedBits += frequencies[symbol] * Int(fixedLengths[symbol])
            if symbol > 256 {
                extraBits += frequencies[symbol] * Int(DeflateTables.lengthExtraBits[symbol - 257])
                fixedBits += frequencies[symbol] * 5
            }
        }
        let useDynamic = dynamic.bits(frequencies) < fixedBits
        let literalCodes = useDynamic ? Huffman.codes(dynamic.literalLengths) : Huffman.codes(fixedLengths)
        let literalLengths = useDynamic ? dynamic.literalLengths : fixedLengths
        let distanceLength = useDynamic ? 1 : 5

        // One table for every token: literals, and runs with their extra bits and distance code (always 0).
        var codes = [UInt32](repeating: 0, count: 515)
        var lengths = [UInt8](repeating: 0, count: 515)
        for value in 0..<256 {
            codes[value] = literalCodes[value]
            lengths[value] = literalLengths[value]
        }
        for run in 3...258 {
            let symbol = Int(DeflateTables.lengthSymbol[run])
            let extra = Int(DeflateTables.lengthExtraBits[symbol - 257])
            let base = Int(DeflateTables.lengthBase[symbol - 257])
            let length = Int(literalLengths[symbol])
            codes[256 + run] = literalCodes[symbol] | UInt32(run - base) << length
            lengths[256 + run] = UInt8(length + extra + distanceLength)
        }

        out.reserve(count * 4 + (extraBits + 7) / 8 + 4096)
        out.append(0x78)
        out.append(0x01)
        var sink = BitSink(out.end)
        sink.put(1, 1)
        sink.put(useDynamic ? 2 : 1, 2)
        if useDynamic { dynamic.writeHeader(to: &sink) }
        codes.withUnsafeBufferPointer { codes in
            lengths.withUnsafeBufferPointer { lengths in
                for index in 0..<count {
                    let token = Int(tokens[index])
                    sink.put(codes[token], Int(lengths[token]))
                }
            }
        }
        sink.put(literalCodes[256], Int(literalLengths[256]))
        out.advance(by: sink.flush())
        out.appendBigEndian(UInt32(adler.b << 16 | adler.a))
    }
}

/// Writes bits least significant first, 32 at a time, into memory reserved beforehand.
struct BitSink {
    private let start: UnsafeMutablePointer<UInt8>
    private var pointer: UnsafeMutablePointer<UInt8>
    private var bits: UInt64 = 0
    private var pending = 0

    init(_ start: UnsafeMutablePointer<UInt8>) {
        self.start = start
        pointer = start
    }

    /// Appends the low `count` (at most 32) bits of `code`.
    @inline(__always)
    mutating func put(_ code: UInt32, _ count: Int) {
        bits |= UInt64(code) << UInt64(pending)
        pending += count
        if pending >= 32 {
            UnsafeMutableRawPointer(pointer).storeBytes(of: UInt32(truncatingIfNeeded: bits).littleEndian, as: UInt32.self)
            pointer += 4
            bits >>= 32
            pending -= 32
        }
    }

    /// Writes out the last partial byte; returns how many bytes were written in all.
    mutating func flush() -> Int {
        while pending > 0 {
            pointer.pointee = UInt8(truncatingIfNeeded: bits)
            pointer += 1
            bits >>= 8
            pending -= 8
        }
        pending = 0
        return pointer - start
    }
}
