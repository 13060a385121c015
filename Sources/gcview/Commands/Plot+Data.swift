import ArgumentParser
import Figure
import Raster
import Tabular

/// The user's data on `plot`'s command line: which words are data, reading it, and the items
/// and x range it gives the figure.
extension Plot {
    /// `words` parted into expressions and data sources (`-`, or a name with a data file's
    /// ending that exists), with each `--data` file after them; at most one standard input.
    static func splitData(_ words: [String], given files: [String]) throws -> (expressions: [String], sources: [DataSource]) {
        var expressions: [String] = [], sources: [DataSource] = []
        for (index, word) in words.enumerated() {
            // A lone '-' between two words of an expression typed unquoted (`x ^ 2 - 3`) is its
            // minus; first or last, or beside a data file, it is standard input.
            let isMinus = word == "-" && index > 0 && index < words.count - 1
                && [words[index - 1], words[index + 1]].allSatisfy { DataSource.operand($0) == nil }
            if !isMinus, let source = DataSource.operand(word) { sources.append(source) } else { expressions.append(word) }
        }
        for file in files {
            guard !file.isEmpty else { throw ValidationError("--data needs a file name") }
            sources.append(file == "-" ? DataSource(path: nil)
                           : DataSource(path: RawArguments.process.path(of: "--data", parsed: file)))
        }
        if sources.filter({ $0.path == nil }).count > 1 { throw ValidationError("standard input ('-') can be read only once") }
        return (expressions, sources)
    }

    /// `--columns`, `--style`, `--hist`, `--bins` and `--density` only with data, and sensible.
    func validateDataOptions() throws {
        let dataOptions = [columns != nil ? "--columns" : nil, style != nil ? "--style" : nil, hist ? "--hist" : nil].compactMap { $0 }
        if dataSources.isEmpty, let first = dataOptions.first {
            throw ValidationError("\(first) is for data: name a file (data.csv, --data FILE) or '-' for standard input")
        }
        if !hist, bins != nil || density { throw ValidationError("--\(bins != nil ? "bins" : "density") needs --hist") }
        if let bins, !(1...10_000).contains(bins) { throw ValidationError("--bins must be 1 to 10000") }
        if hist, style != nil, style != .bars { throw ValidationError("--hist draws bars; it takes no --style") }
        if let columns, ColumnSelector.list(columns).contains(.name("")) {
            throw ValidationError("--columns \(columns.firstLine): a column is empty; name columns as x,y or 1,2")
        }
    }

    /// Every data source read, its notes on stderr, as the figure's data items: each series
    /// one, or with `--hist` one histogram a source. Throws when a source has nothing to draw.
    func readData() throws -> [FigureData] {
        let options = TabularOptions(columns: columns.map(ColumnSelector.list))
        var items: [FigureData] = []
        for source in dataSources {
            let (table, notes) = try DataInput(source: source, options: options).read()
            notes.forEach(StandardError.write)
            if let reason = table.nothingToDrawReason { throw DataError.nothingToDraw(source.shown, reason: reason) }
            let series = hist ? [try histogram(of: table, from: source)] : FigureData.series(of: table, style: style)
            for item in series {
                let off = item.countOff(xScale: axisScale(xScale), yScale: axisScale(yScale))
                if off > 0 {
                    let axes = [xScale == .log ? "x" : nil, yScale == .log ? "y" : nil].compactMap { $0 }.joined(separator: " or ")
                    StandardError.write("gcview: \(source.shown): \(off) row\(off == 1 ? "" : "s") of '\(item.name.sanitisedForTerminal)' not drawn: "
                                        + "\(axes) at or below 0 has no place on a log axis")
                }
            }
            items += series
        }
        guard items.count + relations.count <= Self.maximumCurves else {
            throw ValidationError("at most \(Self.maximumCurves) series and expressions can be plotted together (got \(items.count + relations.count))")
        }
        return items
    }

    /// The x range of the data when `--x` is not given: its extent with a margin; nil without data
    /// or with `--x`.
    func dataXRange(of data: [FigureData]) throws -> ClosedRange<Double>? {
        guard givenXRange == nil, let range = data.xRange(scale: axisScale(xScale)) else { return nil }
        try AxisRange(lower: range.lowerBound, upper: range.upperBound).validate(as: "the data's x", pixels: size?.width ?? 1,
                                                                                log: xScale == .log)
        return range
    }

    private func axisScale(_ choice: ScaleChoice) -> AxisScale { choice == .log ? .log : .linear }
}

extension PlaneData.Style: ArgumentChoice {}

extension Plot {
    /// The histogram of `table`'s first series (the one column chosen, or the first of them) as
    /// bars: counts, or densities with `--density`; bins by Freedman–Diaconis or `--bins`.
    func histogram(of table: DataTable, from source: DataSource) throws -> FigureData {
        guard let series = table.series.first,
              let histogram = Histogram(series.values.compactMap { $0 }, bins: bins) else {
            throw DataError.nothingToDraw(source.shown, reason: "no number to count")
        }
        if table.series.count > 1 {
            StandardError.write("gcview: note: --hist counts one column: '\(series.name.sanitisedForTerminal)' (choose another with --columns)")
        }
        return FigureData(name: series.name + (density ? " (density)" : ""), x: histogram.centres, xKind: series.kind,
                          y: histogram.heights(density: density), style: .bars, barWidth: histogram.binWidth)
    }
}
