import SystemPackage

/// What every command writes to standard output goes through here: written whole with
/// `write(2)`, never into stdio's buffer, whose failure at exit nobody sees. A full disk, a
/// closed descriptor or a device that refuses the bytes (`> /dev/full`, `>&-`) is then an error
/// the command ends with, one line and exit status 2, not a truncated answer and exit 0.
enum StandardOutput {
    /// Why standard output took not all of the bytes: `strerror(3)`'s words for the errno.
    struct Failure: Error, CustomStringConvertible {
        var reason: String
        var description: String { "cannot write standard output: \(reason)" }
    }

    /// Writes `bytes`, all of them, or throws why not.
    static func write(_ bytes: [UInt8]) throws(Failure) {
        do {
            _ = try FileDescriptor.standardOutput.writeAll(bytes)
        } catch {
            throw Failure(reason: (error as? Errno)?.description ?? "\(error)")
        }
    }

    /// Writes `text` and a newline, as `print` would, or throws why not.
    static func write(line text: String) throws(Failure) {
        try write(Array((text + "\n").utf8))
    }
}
