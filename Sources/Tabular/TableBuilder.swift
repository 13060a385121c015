/// Which columns become x and the series, and how each is read.
struct ColumnPlan {
    struct Column {
        var index: Int
        var name: String
        var kind: AxisKind
    }

    /// x's column, or nil for the row number.
    var x: Column?
    var series: [Column]

    /// The columns chosen by `selectors` (or, when nil, every column with numbers or times in the
    /// sample) among `names`, typed by `evidence`.
    static func resolve(_ selectors: [ColumnSelector]?, names: [String], evidence: [ColumnEvidence],
                        hasHeader: Bool) throws(TabularError) -> ColumnPlan {
        var indices: [Int] = []
        if let selectors {
            guard !selectors.isEmpty else { throw .noColumnsChosen }
            for selector in selectors { indices.append(try index(of: selector, in: names, hasHeader: hasHeader)) }
        } else {
            indices = names.indices.filter { $0 < evidence.count && evidence[$0].isData }
            if indices.isEmpty { indices = Array(names.indices) }
        }
        let columns = indices.map { index in
            Column(index: index, name: names[index],
                   kind: index < evidence.count && evidence[index].isTime ? .time : .number)
        }
        guard let first = columns.first else { return ColumnPlan(x: nil, series: []) }
        return columns.count == 1 ? ColumnPlan(x: nil, series: [first]) : ColumnPlan(x: first, series: Array(columns.dropFirst()))
    }

    private static func index(of selector: ColumnSelector, in names: [String], hasHeader: Bool) throws(TabularError) -> Int {
        switch selector {
        case let .name(name):
            if hasHeader, let exact = names.firstIndex(of: name) { return exact }
            let folded = name.lowercased()
            if hasHeader, let loose = names.firstIndex(where: { $0.lowercased() == folded }) { return loose }
            throw .noColumn(named: name, columns: hasHeader ? names : [])
        case let .number(number):
            if hasHeader, let exact = names.firstIndex(of: String(number)) { return exact }
            guard number >= 1, number <= names.count else { throw .noColumnNumber(number, columnCount: names.count) }
            return number - 1
        }
    }
}

/// Gathers the table row by row from records' cells.
struct TableBuilder {
    let plan: ColumnPlan
    let layout: Layout
    /// How many cells a row should have (the header's count, or the first row's).
    var expectedWidth: Int?
    private let decimalComma: Bool
    private var x: [Double] = []
    private var values: [[Double?]]
    private(set) var skips = SkipReport()
    private var dataRows = 0

    init(plan: ColumnPlan, layout: Layout, expectedWidth: Int?) {
        self.plan = plan
        self.layout = layout
        self.expectedWidth = expectedWidth
        decimalComma = layout.format == .separated(UInt8(ascii: ";"))
        values = Array(repeating: [], count: plan.series.count)
    }

    /// Takes one record: its cells' spans in `base`, how many cells it had, and its first line.
    mutating func take(_ fields: [FieldSpan], fieldCount: Int, in base: UnsafeBufferPointer<UInt8>, line: Int) {
        dataRows += 1
        if let expectedWidth, fieldCount != expectedWidth, layout.format != .jsonLines {
            skips.noteRagged(SkipProblem(line: line, kind: .width(found: fieldCount, expected: expectedWidth)))
        } else if expectedWidth == nil {
            expectedWidth = fieldCount
        }
        let xValue: Double
        if let column = plan.x {
            guard column.index < fields.count else {
                skips.skipRow(SkipProblem(line: line, kind: .noX(column: column.index + 1)))
                return
            }
            let field = fields[column.index]
            switch value(of: field, in: base, kind: column.kind) {
            case let .number(number): xValue = number
            case .gap:
                skips.skipRow(SkipProblem(line: line, kind: .noX(column: column.index + 1)))
                return
            case .text:
                skips.skipRow(problem(field, in: base, column: column, line: line))
                return
            }
        } else {
            xValue = Double(dataRows)
        }
        x.append(xValue)
        for (series, column) in plan.series.enumerated() {
            guard column.index < fields.count else {
                values[series].append(nil)
                continue
            }
            let field = fields[column.index]
            switch value(of: field, in: base, kind: column.kind) {
            case let .number(number): values[series].append(number)
            case .gap: values[series].append(nil)
            case .text:
                values[series].append(nil)
                skips.skipCell(problem(field, in: base, column: column, line: line))
            }
        }
    }

    /// Counts a row passed over whole (too long, not an object).
    mutating func skipRow(_ problem: SkipProblem) {
        skips.skipRow(problem)
    }

    /// The table gathered so far.
    /// How many rows have been drawn so far.
    var rowCount: Int { x.count }

    func table() -> DataTable {
        let series = zip(plan.series, values).map { column, values in
            DataSeries(name: column.name, kind: column.kind, values: values)
        }
        return DataTable(x: x, xName: plan.x?.name ?? "row", xKind: plan.x?.kind ?? .rowNumber,
                         series: series, skips: skips, layout: layout)
    }

    private func value(of field: FieldSpan, in base: UnsafeBufferPointer<UInt8>, kind: AxisKind) -> CellValue {
        switch field.mark {
        case .null, .missing: return .gap
        case .nonScalar, .malformed, .escapedQuotes: return .text
        case .plain: break
        }
        let bytes = UnsafeBufferPointer(rebasing: base[field.start..<field.end])
        guard kind == .time else { return NumberParser.cell(bytes, decimalComma: decimalComma) }
        if let seconds = ISODate.epochSeconds(bytes) { return .number(seconds) }
        return NumberParser.cell(bytes) == .gap ? .gap : .text
    }

    private func problem(_ field: FieldSpan, in base: UnsafeBufferPointer<UInt8>, column: ColumnPlan.Column,
                         line: Int) -> SkipProblem {
        if field.mark == .nonScalar { return SkipProblem(line: line, kind: .jsonValue(key: column.name)) }
        let bytes = UnsafeBufferPointer(rebasing: base[field.start..<field.end])
        return SkipProblem(line: line, kind: .text(shownText(bytes), column: column.index + 1))
    }
}
