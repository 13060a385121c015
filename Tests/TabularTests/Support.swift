import Foundation
import Tabular
import TestSupport

/// Reads `text` whole with `options`.
func table(_ text: String, _ options: TabularOptions = TabularOptions()) throws -> DataTable {
    try TabularReader.read(Array(text.utf8), options: options)
}

/// Reads `bytes` in chunks of `size` bytes.
func table(_ bytes: [UInt8], chunk size: Int, _ options: TabularOptions = TabularOptions()) throws -> DataTable {
    var reader = TabularReader(options: options)
    var start = 0
    while start < bytes.count {
        try reader.consume(bytes[start..<min(bytes.count, start + size)])
        start += size
    }
    return try reader.finish()
}

/// Python 3, the tests' independent reference (its csv, json and datetime modules).
enum Python {
    /// What `script` prints given `input` on standard input; fails the test when python fails.
    static func run(_ script: String, input: Data) throws -> Data {
        guard let finished = try Spawn.run("/usr/bin/env", ["python3", "-c", script], environment: nil,
                                           stdin: input, timeout: 60) else { throw PythonFailed(message: "timed out") }
        guard finished.status == 0 else {
            throw PythonFailed(message: String(decoding: finished.stderr, as: UTF8.self))
        }
        return finished.stdout
    }

    /// `script`'s standard output as JSON.
    static func json(_ script: String, input: Data) throws -> Any {
        try JSONSerialization.jsonObject(with: try run(script, input: input), options: [.fragmentsAllowed])
    }
}

struct PythonFailed: Error { var message: String }
