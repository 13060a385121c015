/// One cell of a record: where its bytes are in the buffer (quotes removed) and what else is
/// known about them.
struct FieldSpan: Equatable {
    var start: Int
    var end: Int
    var mark: Mark

    enum Mark: UInt8 {
        /// The bytes are the cell.
        case plain
        /// A quoted cell with doubled quotes inside: the bytes are as written (text, never a number).
        case escapedQuotes
        /// Bytes after a closing quote (`"ab"cd`): text.
        case malformed
        /// JSON `null`: a gap.
        case null
        /// A JSON line without this key: a gap.
        case missing
        /// A JSON list, object, `true` or `false`: skipped.
        case nonScalar
    }

    var count: Int { end - start }
}

/// What each byte means to the scanner.
/// What each byte means to the scanner. A cell without quotes goes on over the first two.
enum ByteClass: UInt8 {
    case ordinary, quote, separator, lineFeed, carriageReturn

    /// Whether the byte continues a cell that did not start with a quote.
    var continuesUnquoted: Bool { rawValue <= ByteClass.quote.rawValue }
}

/// Cuts bytes into records and records into cells, resumable: bytes may end anywhere (inside a
/// quoted cell, between CR and LF) and the scan goes on from there when more arrive.
///
/// RFC 4180: a cell that starts with `"` is quoted, may hold separators, line breaks and doubled
/// quotes, and ends at a lone `"`; a quote inside an unquoted cell is an ordinary byte (as
/// Python's csv module reads it). Records end at LF, CR or CRLF outside quotes. In whitespace mode
/// runs of spaces and tabs separate, leading and trailing ones are ignored, and a line whose first
/// cell starts with `#` is a comment.
struct RecordScanner {
    private(set) var fields: [FieldSpan] = []
    /// How many cells the current record has, including those past `fieldLimit`, which are not kept.
    private(set) var fieldCount = 0
    /// Line breaks inside quoted cells of the current record.
    private(set) var embeddedLineBreaks = 0
    /// Where the current record starts.
    private(set) var recordStart = 0
    var fieldLimit: Int

    private let classes: [ByteClass]
    private let collapsesSeparators: Bool
    private var position = 0
    private var state = State.fieldStart
    private var fieldStart = 0
    private var contentEnd = 0
    private var mark = FieldSpan.Mark.plain

    private enum State { case fieldStart, unquoted, quoted, quoteInQuoted, afterQuoted, carriageReturn, comment }

    /// A scanner for `format`; JSON lines are cut into lines of one cell each.
    init(format: DataFormat, fieldLimit: Int) {
        var classes = [ByteClass](repeating: .ordinary, count: 256)
        classes[Int(UInt8(ascii: "\n"))] = .lineFeed
        classes[Int(UInt8(ascii: "\r"))] = .carriageReturn
        switch format {
        case let .separated(separator):
            classes[Int(UInt8(ascii: "\""))] = .quote
            classes[Int(separator)] = .separator
        case .whitespace:
            classes[Int(UInt8(ascii: "\""))] = .quote
            classes[Int(UInt8(ascii: " "))] = .separator
            classes[Int(UInt8(ascii: "\t"))] = .separator
        case .jsonLines: break
        }
        self.classes = classes
        collapsesSeparators = format == .whitespace
        self.fieldLimit = fieldLimit
        fields.reserveCapacity(16)
    }

    /// Starts the next record at `start`.
    mutating func startRecord(at start: Int) {
        recordStart = start
        position = start
        state = .fieldStart
        fields.removeAll(keepingCapacity: true)
        fieldCount = 0
        embeddedLineBreaks = 0
    }

    /// Moves every offset `distance` bytes down, after the caller dropped that many bytes from
    /// the front of its buffer.
    mutating func shift(by distance: Int) {
        recordStart -= distance
        position -= distance
        fieldStart -= distance
        contentEnd -= distance
        for index in fields.indices {
            fields[index].start -= distance
            fields[index].end -= distance
        }
    }

    /// Scans on in `bytes`; the end of the current record (past its line break) once it is whole,
    /// or nil when more bytes are needed. At the end of the input (`atEnd`) the last record is
    /// whole wherever it stops.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool) -> Int? {
        let count = bytes.count
        var index = position
        while true {
            switch state {
            case .fieldStart:
                if collapsesSeparators {
                    while index < count, classes[Int(bytes[index])] == .separator { index += 1 }
                    if index == count && !atEnd { position = index; return nil }
                    if index == count { return index }
                    let byteClass = classes[Int(bytes[index])]
                    if byteClass == .lineFeed { return index + 1 }
                    if byteClass == .carriageReturn { index += 1; state = .carriageReturn; continue }
                    if fieldCount == 0, bytes[index] == UInt8(ascii: "#") { state = .comment; continue }
                }
                // Whether the cell is quoted is known only from its first byte.
                if index == count && !atEnd { position = index; return nil }
                mark = .plain
                if index < count, classes[Int(bytes[index])] == .quote {
                    index += 1
                    fieldStart = index
                    state = .quoted
                } else {
                    fieldStart = index
                    state = .unquoted
                }
            case .unquoted:
                while index < count, classes[Int(bytes[index])].continuesUnquoted { index += 1 }
                if index == count {
                    if !atEnd { position = index; return nil }
                    endField(at: index)
                    return index
                }
                endField(at: index)
                if let end = afterCell(bytes, &index) { return end }
            case .quoted:
                while index < count, classes[Int(bytes[index])] != .quote {
                    if bytes[index] == UInt8(ascii: "\n") { embeddedLineBreaks += 1 }
                    index += 1
                }
                if index == count {
                    if !atEnd { position = index; return nil }
                    mark = .malformed
                    endField(at: index)
                    return index
                }
                contentEnd = index
                index += 1
                state = .quoteInQuoted
            case .quoteInQuoted:
                if index == count {
                    if !atEnd { position = index; return nil }
                    endField(at: contentEnd)
                    return index
                }
                if classes[Int(bytes[index])] == .quote {
                    mark = .escapedQuotes
                    index += 1
                    state = .quoted
                } else {
                    state = .afterQuoted
                }
            case .afterQuoted:
                while index < count, classes[Int(bytes[index])].continuesUnquoted {
                    mark = .malformed
                    index += 1
                }
                if index == count {
                    if !atEnd { position = index; return nil }
                    endField(at: contentEnd)
                    return index
                }
                endField(at: contentEnd)
                if let end = afterCell(bytes, &index) { return end }
            case .carriageReturn:
                if index == count {
                    if !atEnd { position = index; return nil }
                    return index
                }
                return bytes[index] == UInt8(ascii: "\n") ? index + 1 : index
            case .comment:
                while index < count, case let byteClass = classes[Int(bytes[index])],
                      byteClass != .lineFeed && byteClass != .carriageReturn {
                    index += 1
                }
                if index == count {
                    if !atEnd { position = index; return nil }
                    return index
                }
                if classes[Int(bytes[index])] == .lineFeed { return index + 1 }
                index += 1
                state = .carriageReturn
            }
        }
    }

    /// After a cell, at the byte that ended it (a separator or a line break): the record's end
    /// when that was a line feed; else nil, with the state set to go on.
    private mutating func afterCell(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int? {
        switch classes[Int(bytes[index])] {
        case .lineFeed: return index + 1
        case .carriageReturn: state = .carriageReturn
        default: state = .fieldStart
        }
        index += 1
        return nil
    }

    private mutating func endField(at end: Int) {
        if fields.count < fieldLimit { fields.append(FieldSpan(start: fieldStart, end: end, mark: mark)) }
        fieldCount += 1
    }
}
