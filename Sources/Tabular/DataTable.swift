/// The user's data as the graph needs it: one x column and one or more series over it.
package struct DataTable: Equatable, Sendable {
    /// The x values, one a drawn row (rows with no readable x are skipped and counted).
    package var x: [Double]
    /// What x is: a column's name, or the row number when one column alone was chosen.
    package var xName: String
    /// Whether x is a column's values (numbers or times) or the 1-based row number.
    package var xKind: AxisKind
    /// The series over x, each as long as `x`.
    package var series: [DataSeries]
    /// What was left out, and the first example of it.
    package var skips: SkipReport
    /// How the bytes were read: the format, separator and header found or given.
    package var layout: Layout

    package init(x: [Double], xName: String, xKind: AxisKind, series: [DataSeries], skips: SkipReport, layout: Layout) {
        self.x = x
        self.xName = xName
        self.xKind = xKind
        self.series = series
        self.skips = skips
        self.layout = layout
    }

    /// How many rows were drawn.
    package var rowCount: Int { x.count }
}

/// What the values of an axis are.
package enum AxisKind: Equatable, Sendable {
    /// Plain numbers.
    case number
    /// Seconds since 1970-01-01T00:00:00Z, read from ISO 8601 dates or times.
    case time
    /// The 1-based number of the data row (not counting the header or blank lines).
    case rowNumber
}

/// One series: a column's values over the table's x, nil where the cell was a gap.
package struct DataSeries: Equatable, Sendable {
    /// The column's header, or `column N` when the file has none.
    package var name: String
    /// Plain numbers or times.
    package var kind: AxisKind
    /// One value a row of the table; nil is a gap (empty, `NA`, `NaN`, `null`, text), never a zero.
    package var values: [Double?]

    package init(name: String, kind: AxisKind, values: [Double?]) {
        self.name = name
        self.kind = kind
        self.values = values
    }

    /// How many rows have no value.
    package var gapCount: Int { values.count(where: { $0 == nil }) }
}

/// The format the bytes were read in.
package enum DataFormat: Equatable, Sendable {
    /// Values between a separator byte (`,` for CSV, tab for TSV, `;`, `|`), quoted as RFC 4180
    /// quotes them.
    case separated(UInt8)
    /// Columns separated by runs of spaces or tabs, as gnuplot's `.dat` files; `#` starts a comment line.
    case whitespace
    /// One flat JSON object a line: `{"t": 1, "y": 2.5, "note": null}`.
    case jsonLines
}

/// How the bytes were read.
package struct Layout: Equatable, Sendable {
    package var format: DataFormat
    /// Whether the first row named the columns.
    package var hasHeader: Bool
    /// The columns' names: the header's, the JSON keys, or `column 1`, `column 2`, … .
    package var columnNames: [String]

    package init(format: DataFormat, hasHeader: Bool, columnNames: [String]) {
        self.format = format
        self.hasHeader = hasHeader
        self.columnNames = columnNames
    }
}
