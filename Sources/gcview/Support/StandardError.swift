import SystemPackage

/// gcview's one-line messages on standard error.
enum StandardError {
    /// Writes `line` and a newline; a closed or full standard error is not worth failing over.
    static func write(_ line: String) {
        _ = try? FileDescriptor.standardError.writeAll(Array((line + "\n").utf8))
    }
}

extension StringProtocol {
    /// The text without white space at either end.
    var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
