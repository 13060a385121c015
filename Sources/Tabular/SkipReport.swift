/// What a read left out, for the caller's one line: `3 rows skipped: line 17 has 'abc' in column 2`.
///
/// Lines are the file's own line numbers, counted from 1 with the header, as an editor shows them
/// (a quoted newline inside a CSV cell counts too), so a user can go straight to the line.
package struct SkipReport: Equatable, Sendable {
    /// Rows not drawn at all: no readable x, a line too long, a JSON line that is not an object.
    package var skippedRows = 0
    /// Cells left out of a drawn row because they held text where a number was wanted.
    package var skippedCells = 0
    /// Rows with more or fewer cells than the header (or the first row) has: drawn with what they
    /// have (a missing cell is a gap), but counted, because they usually mean a broken file.
    package var raggedRows = 0
    /// The first problem met, of any kind.
    package var first: SkipProblem?

    package init() {}

    /// Whether nothing was left out.
    package var isEmpty: Bool { skippedRows == 0 && skippedCells == 0 && raggedRows == 0 }

    /// One line saying what was left out and the first example, or nil when nothing was.
    package var summary: String? {
        guard !isEmpty, let first else { return nil }
        var counts: [String] = []
        if skippedRows > 0 { counts.append(Self.plural(skippedRows, "row") + " skipped") }
        if skippedCells > 0 { counts.append(Self.plural(skippedCells, "cell") + " skipped") }
        if raggedRows > 0 { counts.append(Self.plural(raggedRows, "row") + " of another width") }
        return counts.joined(separator: ", ") + ": " + first.description
    }

    mutating func skipRow(_ problem: SkipProblem) {
        skippedRows += 1
        if first == nil { first = problem }
    }

    mutating func skipCell(_ problem: SkipProblem) {
        skippedCells += 1
        if first == nil { first = problem }
    }

    mutating func noteRagged(_ problem: SkipProblem) {
        raggedRows += 1
        if first == nil { first = problem }
    }

    private static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

/// One problem, where it was.
package struct SkipProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file's line the row starts on, from 1.
    package var line: Int
    package var kind: Kind

    package enum Kind: Equatable, Sendable {
        /// Text where a number was wanted, in the 1-based column, shown shortened and escaped.
        case text(String, column: Int)
        /// Nothing (a gap) in the x column, the 1-based `column`.
        case noX(column: Int)
        /// A row of `found` cells where the header has `expected`.
        case width(found: Int, expected: Int)
        /// A line longer than the reader keeps; the rest of it was passed over.
        case lineTooLong(limit: Int)
        /// A JSON line that is not a flat object.
        case notAnObject
        /// A value of a JSON line that is neither a number, a string nor null, under `key`.
        case jsonValue(key: String)
    }

    package init(line: Int, kind: Kind) {
        self.line = line
        self.kind = kind
    }

    package var description: String {
        switch kind {
        case let .text(text, column): "line \(line) has '\(text)' in column \(column)"
        case let .noX(column): "line \(line) has no value in column \(column), the x column"
        case let .width(found, expected): "line \(line) has \(found) cell\(found == 1 ? "" : "s"), not \(expected)"
        case let .lineTooLong(limit): "line \(line) is longer than \(limit / 1024) KiB"
        case .notAnObject: "line \(line) is not a JSON object"
        case let .jsonValue(key): "line \(line) has a list, object or true/false under '\(key)'"
        }
    }
}

/// Bytes from the file as text fit for a message: at most `limit` characters, invalid UTF-8 and
/// control characters written `\xHH`, a quote written `\'`. The caller still passes the whole
/// line through its terminal-safety rule; this keeps the note short and readable on its own.
package func shownText(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int = 24) -> String {
    var shown = ""
    var characters = 0
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    decoding: while characters < limit {
        switch decoder.decode(&iterator) {
        case let .scalarValue(scalar):
            if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                shown += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
            } else if scalar == "'" {
                shown += "\\'"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        case .error: shown += "\\x??"
        case .emptyInput: break decoding
        }
        characters += 1
    }
    if characters == limit, iterator.next() != nil { shown += "…" }
    return shown
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
