import ArgumentParser
import SystemPackage
import SystemSupport
import Tabular

/// One data set named on the command line: a file, or standard input (`-`).
struct DataSource: Equatable {
    /// The file; nil for standard input.
    let path: FilePath?

    /// The name a message gives it: the path as typed (every byte visible), or `standard input`.
    var shown: String { path?.shown.sanitisedForTerminal ?? "standard input" }

    /// The endings that make an operand a data file when it names one that exists.
    static let endings = [".csv", ".tsv", ".dat", ".txt", ".json", ".jsonl"]

    /// `word` as a data source: `-`, or a name ending in a data file's ending that names an
    /// existing file; nil for any other word, which stays an expression whatever files exist
    /// (a file named `x` never changes what `x` means).
    static func operand(_ word: String) -> DataSource? {
        if word == "-" { return DataSource(path: nil) }
        let lowered = word.lowercased()
        guard endings.contains(where: { lowered.hasSuffix($0) }) else { return nil }
        let path = FilePath(word)
        guard (try? path.stat()) != nil else { return nil }
        return DataSource(path: path)
    }
}

/// Reading a data source whole through `TabularReader`, in bounded memory: at most `rowLimit`
/// rows are kept and `byteLimit` bytes read, so `/dev/zero`, a FIFO that never ends or a 10 GB
/// file stops with a note instead of filling memory or running forever.
struct DataInput {
    /// The most rows kept from one source: `plot -` on an endless `yes 1,2` peaked at 111 MB
    /// with 2 000 000 rows; 1 500 000 keeps it under 100 MB.
    static let rowLimit = 1_500_000
    /// The most bytes read from one source.
    static let byteLimit = 256 << 20

    let source: DataSource
    let options: TabularOptions

    /// The table read, and the notes to print: what was skipped, where reading stopped.
    func read(rowLimit: Int = Self.rowLimit, byteLimit: Int = Self.byteLimit) throws -> (table: DataTable, notes: [String]) {
        let descriptor = try open()
        defer { if source.path != nil { try? descriptor.close() } }
        var reader = TabularReader(options: options)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        var stop: String?
        do {
            while true {
                let count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
                if count == 0 { break }
                try reader.consume(chunk[..<count])
                total += count
                if reader.rowCount >= rowLimit {
                    stop = "stopped after \(rowLimit) rows; the rest was not read"
                    break
                }
                if total >= byteLimit {
                    stop = "stopped after the first \(byteLimit >> 20) MiB; the rest was not read"
                    break
                }
            }
        } catch let error as Errno {
            throw DataError.cannotRead(source.shown, reason: error.description)
        } catch let error as TabularError {
            throw DataError.columns(source.shown, error)
        }
        var table: DataTable
        do { table = try reader.finish() } catch { throw DataError.columns(source.shown, error) }
        if table.x.count > rowLimit { table.keepFirst(rowLimit) }
        var notes: [String] = []
        if let summary = table.skips.summary { notes.append("gcview: \(source.shown): \(summary.sanitisedForTerminal)") }
        if let stop { notes.append("gcview: \(source.shown): \(stop)") }
        return (table, notes)
    }

    /// The source opened for reading: a file that is not a directory, or standard input.
    private func open() throws -> FileDescriptor {
        guard let path = source.path else { return .standardInput }
        do {
            let descriptor = try FileDescriptor.open(path, .readOnly)
            if let kind = try? descriptor.stat().type, kind == .directory {
                try? descriptor.close()
                throw DataError.cannotRead(source.shown, reason: "it is a directory")
            }
            return descriptor
        } catch let error as Errno {
            throw DataError.cannotRead(source.shown, reason: error.description)
        }
    }
}

/// Why data could not be drawn: one line, exit 2.
enum DataError: Error, CustomStringConvertible {
    case cannotRead(String, reason: String)
    case columns(String, TabularError)
    case nothingToDraw(String, reason: String)

    var description: String {
        switch self {
        case let .cannotRead(name, reason): "cannot read \(name): \(reason)"
        case let .columns(name, error): "\(name): \(error.description.sanitisedForTerminal)"
        case let .nothingToDraw(name, reason): "\(name): nothing to draw: \(reason)"
        }
    }
}

extension DataTable {
    /// The table cut to its first `count` rows.
    mutating func keepFirst(_ count: Int) {
        x = Array(x.prefix(count))
        for index in series.indices { series[index].values = Array(series[index].values.prefix(count)) }
    }

    /// Why nothing of the table can be drawn, or nil when some series has a value.
    var nothingToDrawReason: String? {
        if series.isEmpty { return rowCount == 0 ? "no rows of numbers" : "no column of numbers" }
        if series.allSatisfy({ $0.gapCount == $0.values.count }) {
            return rowCount == 0 ? "no rows of numbers" : "no number in the chosen columns"
        }
        return nil
    }
}
