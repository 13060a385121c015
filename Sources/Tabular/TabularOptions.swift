/// What the caller says about the bytes; everything left nil is found from the first lines.
package struct TabularOptions: Equatable, Sendable {
    /// The format, or nil to sniff it.
    package var format: DataFormat?
    /// Whether the first row names the columns, or nil to sniff it.
    package var hasHeader: Bool?
    /// The columns to read (`--columns date,temp,rain`): the first is x, each other a series; one
    /// alone is y against the row number. Nil: every column the first lines hold numbers or
    /// times in.
    package var columns: [ColumnSelector]?
    /// The longest line (or record) kept, in bytes; the rest of a longer one is passed over and
    /// counted. 1 MiB: a hundred thousand numbers a row.
    package var lineLimit: Int
    /// How much of the start is looked at to find the format and header, in bytes.
    package var sniffLimit: Int

    package init(format: DataFormat? = nil, hasHeader: Bool? = nil, columns: [ColumnSelector]? = nil,
                 lineLimit: Int = 1 << 20, sniffLimit: Int = 64 << 10) {
        self.format = format
        self.hasHeader = hasHeader
        self.columns = columns
        self.lineLimit = max(16, lineLimit)
        self.sniffLimit = max(16, sniffLimit)
    }
}

/// A column named by its header or by its 1-based number.
package enum ColumnSelector: Equatable, Sendable, CustomStringConvertible {
    case name(String)
    case number(Int)

    /// `date,temp,3` as selectors: a whole number is a column number (unless a header has that
    /// name, which the reader checks first), anything else a name.
    package static func list(_ text: String) -> [ColumnSelector] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let trimmed = part.trimmingSpaces
            if let number = Int(trimmed), number > 0 { return .number(number) }
            return .name(trimmed)
        }
    }

    package var description: String {
        switch self {
        case let .name(name): "'\(name)'"
        case let .number(number): "column \(number)"
        }
    }
}

/// Why no table could be read at all.
package enum TabularError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A column asked for by name that no header has.
    case noColumn(named: String, columns: [String])
    /// A column number past the last column.
    case noColumnNumber(Int, columnCount: Int)
    /// No column was asked for (`--columns ,`).
    case noColumnsChosen

    package var description: String {
        switch self {
        case let .noColumn(name, columns):
            columns.isEmpty ? "no column is named '\(name)': the data has no header"
                : "no column is named '\(name)' (the columns are \(columns.map { "'\($0)'" }.joined(separator: ", ")))"
        case let .noColumnNumber(number, count):
            "there is no column \(number): the data has \(count) column\(count == 1 ? "" : "s")"
        case .noColumnsChosen: "no column was chosen"
        }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
