import SystemPackage

/// Why `FileDescriptor.readAll(atMost:)` gave up.
package enum BoundedReadFailure: Error {
    /// The file holds more than the limit.
    case tooLarge
    /// `read(2)` failed.
    case failed(Errno)
}

extension FileDescriptor {
    /// Every byte left to read (`read(2)` until it returns 0), refusing more than `limit`, without
    /// trusting a size measured before reading. The state file and fonts are read through it.
    package func readAll(atMost limit: Int, expecting size: Int = 0) throws(BoundedReadFailure) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(min(max(size, 0), limit))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { try read(into: $0) }
            } catch {
                throw .failed((error as? Errno) ?? .ioError)
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            if bytes.count > limit { throw .tooLarge }
        }
    }

    /// The file's first bytes, at most `limit` of them (`pread(2)` from offset 0 until `limit` or
    /// the end, whatever the descriptor's offset): what a check of a file's kind reads. A failed
    /// read ends it early, with the bytes read so far.
    package func readPrefix(upTo limit: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(limit, 0))
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                try? self.read(fromAbsoluteOffset: Int64(count), into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
            }
            guard let read, read > 0 else { break }
            count += read
        }
        return Array(bytes.prefix(count))
    }
}
