/// The format, the header and the columns' kinds, found from the first lines.
struct SniffResult {
    var format: DataFormat
    var hasHeader: Bool
    /// The keys of JSON lines, in the order they first appear.
    var jsonKeys: [String] = []
    /// For each column of the sample, how many of its data cells were numbers and times.
    var evidence: [ColumnEvidence] = []
}

/// How the cells of a column in the sample read.
struct ColumnEvidence {
    var numbers = 0
    var times = 0

    /// Whether the column holds times more than numbers.
    var isTime: Bool { times > numbers }
    /// Whether the column holds anything to draw.
    var isData: Bool { numbers + times > 0 }
}

/// Finds the format from a sample: JSON lines when the first line is an object; else, among the
/// separators tab, `;`, `,` and `|` that cut at least 80% of the lines in two or more cells, the
/// one that cuts most lines into the same number of cells, more of them numbers breaking ties,
/// then that order; else whitespace columns.
/// The first row is a header when it has a cell that is text where later rows have numbers or
/// times, or when it is all text.
enum Sniffer {
    static let candidates: [UInt8] = [UInt8(ascii: "\t"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "|")]
    static let sampleRecords = 50

    static func sniff(_ sample: UnsafeBufferPointer<UInt8>, isWhole: Bool, options: TabularOptions) -> SniffResult {
        let format = options.format ?? guessFormat(sample, isWhole: isWhole)
        if format == .jsonLines {
            return SniffResult(format: format, hasHeader: false, jsonKeys: jsonKeys(sample, isWhole: isWhole))
        }
        let rows = records(sample, format: format, isWhole: isWhole)
        let looksLikeHeader = rows.first.map { isHeader($0, rest: rows.dropFirst(), format: format) } ?? false
        let hasHeader = options.hasHeader ?? looksLikeHeader
        var evidence: [ColumnEvidence] = []
        for row in rows.dropFirst(hasHeader ? 1 : 0) {
            for (column, cell) in row.enumerated() {
                if evidence.count <= column { evidence.append(ColumnEvidence()) }
                switch kind(of: cell, format: format) {
                case .number: evidence[column].numbers += 1
                case .time: evidence[column].times += 1
                case .gap, .text: break
                }
            }
        }
        return SniffResult(format: format, hasHeader: hasHeader, evidence: evidence)
    }

    private static func guessFormat(_ sample: UnsafeBufferPointer<UInt8>, isWhole: Bool) -> DataFormat {
        if let first = sample.first(where: { ![0x20, 0x09, 0x0D, 0x0A].contains($0) }), first == UInt8(ascii: "{") {
            return .jsonLines
        }
        var best: (format: DataFormat, share: Double, numbers: Int)?
        for separator in candidates {
            let rows = records(sample, format: .separated(separator), isWhole: isWhole)
            let widths = rows.map(\.count)
            guard let width = mostCommon(widths), width > 1 else { continue }
            // Cutting 80% of the lines in two or more qualifies (a ragged file is still CSV); the
            // most lines of one width wins.
            guard Double(widths.count(where: { $0 > 1 })) >= 0.8 * Double(widths.count) else { continue }
            let share = Double(widths.count(where: { $0 == width })) / Double(widths.count)
            let numbers = rows.reduce(0) { total, row in
                total + row.count(where: { kind(of: $0, format: .separated(separator)) != .text })
            }
            if best.map({ share > $0.share || (share == $0.share && numbers > $0.numbers) }) ?? true {
                best = (.separated(separator), share, numbers)
            }
        }
        return best?.format ?? .whitespace
    }

    private static func mostCommon(_ values: [Int]) -> Int? {
        var counts: [Int: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }

    private static func isHeader(_ first: [[UInt8]], rest: ArraySlice<[[UInt8]]>, format: DataFormat) -> Bool {
        let firstKinds = first.map { kind(of: $0, format: format) }
        guard firstKinds.contains(.text) else { return false }
        if rest.isEmpty || !firstKinds.contains(where: { $0 != .text && $0 != .gap }) { return true }
        return firstKinds.indices.contains { column in
            firstKinds[column] == .text && rest.contains { row in
                column < row.count && [.number, .time].contains(kind(of: row[column], format: format))
            }
        }
    }

    enum CellKind { case number, time, gap, text }

    static func kind(of cell: [UInt8], format: DataFormat) -> CellKind {
        cell.withUnsafeBufferPointer { bytes in
            switch NumberParser.cell(bytes, decimalComma: format == .separated(UInt8(ascii: ";"))) {
            case .number: .number
            case .gap: .gap
            case .text: ISODate.epochSeconds(bytes) != nil ? .time : .text
            }
        }
    }

    /// The sample's first records, each cell's bytes (quotes removed; doubled quotes left, which
    /// makes no number or time either way); blank lines and comments left out.
    static func records(_ sample: UnsafeBufferPointer<UInt8>, format: DataFormat, isWhole: Bool) -> [[[UInt8]]] {
        var scanner = RecordScanner(format: format, fieldLimit: 4096)
        var rows: [[[UInt8]]] = []
        var start = 0
        while start < sample.count, rows.count < sampleRecords {
            scanner.startRecord(at: start)
            let end = scanner.scan(sample, atEnd: true)
            // An incomplete last record of a partial sample counts only when it is the only one.
            if end == sample.count, !isWhole, !rows.isEmpty, !endsWithLineBreak(sample) { break }
            let cells = scanner.fields.map { Array(sample[$0.start..<$0.end]) }
            if !(cells.isEmpty || (cells.count == 1 && cells[0].isEmpty)) { rows.append(cells) }
            guard let end, end > start else { break }
            start = end
        }
        return rows
    }

    private static func endsWithLineBreak(_ sample: UnsafeBufferPointer<UInt8>) -> Bool {
        sample.last == UInt8(ascii: "\n") || sample.last == UInt8(ascii: "\r")
    }

    /// The keys of the sample's JSON lines, in the order they first appear.
    private static func jsonKeys(_ sample: UnsafeBufferPointer<UInt8>, isWhole: Bool) -> [String] {
        var keys: [String] = []
        var known = Set<[UInt8]>()
        var object = JSONLine()
        var lines = 0
        var start = 0
        while start < sample.count, lines < sampleRecords {
            let end = sample[start...].firstIndex(of: UInt8(ascii: "\n")) ?? sample.count
            if end == sample.count, !isWhole, lines > 0 { break }
            if object.read(UnsafeBufferPointer(rebasing: sample[start..<end])) {
                lines += 1
                for member in object.members where !known.contains(Array(object.bytes(member.key))) {
                    known.insert(Array(object.bytes(member.key)))
                    keys.append(String(decoding: object.bytes(member.key), as: UTF8.self))
                }
            }
            start = end + 1
        }
        return keys
    }
}
