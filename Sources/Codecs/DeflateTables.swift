/// Constant tables of the deflate format (RFC 1951).
enum DeflateTables {
    /// The shortest match length of each length symbol 257–285.
    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]

    /// The number of extra bits after each length symbol 257–285.
    static let lengthExtraBits: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]

    /// The length symbol of each match length 0–258 (entries below 3 are unused).
    static let lengthSymbol: [UInt16] = (0...258).map { length in
        guard length >= 3 else { return 257 }
        let index = lengthBase.lastIndex { Int($0) <= length } ?? 0
        return UInt16(257 + index)
    }

    /// The literal/length code lengths of the fixed Huffman code: symbols 0–287, of which 286 and
    /// 287 never occur but take part in the code, so the canonical codes of the 9-bit literals
    /// (144–255) and of lengths 280–285 come out as RFC 1951 lists them.
    static let fixedLengths: [UInt8] = (0..<288).map { symbol in
        switch symbol {
        case 0..<144: 8
        case 144..<256: 9
        case 256..<280: 7
        default: 8
        }
    }

    /// The order in which code length code lengths are stored.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
}

/// A dynamic Huffman block header: literal/length code lengths, one distance code, and how they are stored.
struct DynamicCodes {
    /// Code lengths for literal/length symbols 0–285.
    let literalLengths: [UInt8]
    /// The run-length coded code length sequence: symbol 0–18 and its extra bits.
    private let sequence: [(symbol: Int, extra: UInt32)]
    private let codeLengthLengths: [UInt8]
    private let literalCount: Int
    private let storedCodeLengths: Int

    /// Codes for symbols with these frequencies (end of block included), and a single distance code 0 of length 1.
    init(literalFrequencies: [Int]) {
        literalLengths = Huffman.lengths(literalFrequencies, limit: 15)
        literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let all = Array(literalLengths[0..<literalCount]) + [1]
        var sequence = [(symbol: Int, extra: UInt32)]()
        var index = 0
        while index < all.count {
            let value = all[index]
            var end = index + 1
            while end < all.count && all[end] == value { end += 1 }
            var run = end - index
            if value == 0 {
                while run >= 11 {
                    let part = min(run, 138)
                    sequence.append((18, UInt32(part - 11)))
                    run -= part
                }
                if run >= 3 {
                    sequence.append((17, UInt32(run - 3)))
                    run = 0
                }
            } else {
                sequence.append((Int(value), 0))
                run -= 1
                while run >= 3 {
                    let part = min(run, 6)
                    sequence.append((16, UInt32(part - 3)))
                    run -= part
                }
            }
            for _ in 0..<run { sequence.append((Int(value), 0)) }
            index = end
        }
        self.sequence = sequence
        var frequencies = [Int](repeating: 0, count: 19)
        for entry in sequence { frequencies[entry.symbol] += 1 }
        let codeLengthLengths = Huffman.lengths(frequencies, limit: 7)
        self.codeLengthLengths = codeLengthLengths
        storedCodeLengths = max(4, (DeflateTables.codeLengthOrder.lastIndex { codeLengthLengths[$0] > 0 } ?? 0) + 1)
    }

    private static let extraBits = [16: 2, 17: 3, 18: 7]

    /// The size in bits of the header plus the Huffman codes (not extra bits) of symbols with these frequencies.
    func bits(_ frequencies: [Int]) -> Int {
        var total = 14 + 3 * storedCodeLengths
        for entry in sequence { total += Int(codeLengthLengths[entry.symbol]) + (Self.extraBits[entry.symbol] ?? 0) }
        for symbol in 0..<286 { total += frequencies[symbol] * Int(literalLengths[symbol]) }
        for symbol in 257..<286 { total += frequencies[symbol] }
        return total
    }

    /// Writes HLIT, HDIST, HCLEN, the code length code lengths and the code length sequence.
    func writeHeader(to sink: inout BitSink) {
        sink.put(UInt32(literalCount - 257), 5)
        sink.put(0, 5)
        sink.put(UInt32(storedCodeLengths - 4), 4)
        for position in 0..<storedCodeLengths {
            sink.put(UInt32(codeLengthLengths[DeflateTables.codeLengthOrder[position]]), 3)
        }
        let codes = Huffman.codes(codeLengthLengths)
        for entry in sequence {
            sink.put(codes[entry.symbol], Int(codeLengthLengths[entry.symbol]))
            if let extra = Self.extraBits[entry.symbol] { sink.put(entry.extra, extra) }
        }
    }
}
