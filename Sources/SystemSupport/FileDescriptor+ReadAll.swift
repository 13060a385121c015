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
}
