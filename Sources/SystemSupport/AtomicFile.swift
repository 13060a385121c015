import Glibc
import SystemPackage

/// Replaces a regular file whole: the bytes go to a temporary file beside it (`NAME.PID.RANDOM.tmp`),
/// which is fsynced and renamed over the target, so a reader or a crash sees the old file or the new one.
package enum AtomicFile {
    /// What failed, with the path it failed on and the error the system gave.
    package struct Failure: Error, CustomStringConvertible {
        /// The file the failing call was made on (the temporary file or the target).
        package var file: FilePath
        /// The system's error.
        package var errno: Errno
        /// The file as text, for tests and messages (`file.shown` keeps every byte visible).
        package var path: String { file.string }
        /// The system's words for the error, such as "Permission denied".
        package var description: String { errno.description }
    }

    /// The longest file name the file systems gcview writes to take, in bytes (`NAME_MAX`).
    package static let longestName = 255

    /// Writes `bytes` to `target` atomically. The new file is created with `permissions` (less the umask),
    /// or gets exactly `kept` (the replaced file's bits) when given. On failure the old file is left as it
    /// was and the temporary file is removed.
    package static func replace(_ target: String, with bytes: some Sequence<UInt8>,
                               permissions: UInt32 = 0o666, keeping kept: UInt32? = nil) throws(Failure) {
        try replace(FilePath(target), with: bytes, permissions: permissions, keeping: kept)
    }

    /// Writes `bytes` to `target` atomically; see `replace(_:with:permissions:keeping:)` taking a string.
    package static func replace(_ target: FilePath, with bytes: some Sequence<UInt8>,
                               permissions: UInt32 = 0o666, keeping kept: UInt32? = nil) throws(Failure) {
        let temporary = temporaryPath(for: target)
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                temporary, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec, .noFollow],
                permissions: FilePermissions(rawValue: permissions))
        } catch {
            throw Failure(file: temporary, errno: (error as? Errno) ?? .ioError)
        }
        do throws(Errno) {
            defer { try? descriptor.close() }
            if let kept { try SystemCall.setPermissions(descriptor, to: FilePermissions(rawValue: kept)) }
            do { _ = try descriptor.writeAll(bytes) } catch { throw (error as? Errno) ?? .ioError }
            try SystemCall.synchronize(descriptor)
        } catch {
            try? SystemCall.unlink(temporary)
            throw Failure(file: temporary, errno: error)
        }
        do throws(Errno) {
            try SystemCall.rename(temporary, to: target)
        } catch {
            try? SystemCall.unlink(temporary)
            throw Failure(file: target, errno: error)
        }
        synchronizeDirectory(of: target)
    }

    /// A fresh temporary name beside `target`: `NAME.PID.RANDOM.tmp`, RANDOM eight hexadecimal digits.
    /// NAME is the target's name cut to `longestStem` bytes, so the whole name fits `longestName`.
    package static func temporaryPath(for target: String) -> String {
        temporaryPath(for: FilePath(target)).string
    }

    /// A fresh temporary path beside `target`, as bytes; see `temporaryPath(for:)` taking a string.
    package static func temporaryPath(for target: FilePath) -> FilePath {
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let suffix = ".\(getpid())." + String(repeating: "0", count: 8 - random.count) + random + ".tmp"
        return sibling(of: target, named: stem(of: target) + Array(suffix.utf8))
    }

    /// The most bytes of the target's name a temporary name keeps: room for the longest suffix,
    /// `.PID.RANDOM.tmp` with a ten-digit PID.
    static let longestStem = longestName - ".2147483647.ffffffff.tmp".utf8.count

    /// The target's name as temporary names begin with it.
    static func stem(of target: FilePath) -> [UInt8] {
        Array(target.lastComponentBytes.prefix(longestStem))
    }

    /// The process that made `name`, when `name` is a temporary name of `target`'s; nil otherwise.
    package static func owner(ofTemporary name: [UInt8], for target: FilePath) -> pid_t? {
        let stem = stem(of: target)
        guard name.count > stem.count, name.starts(with: stem) else { return nil }
        let parts = name.dropFirst(stem.count).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, parts[3].elementsEqual(Array("tmp".utf8)),
              parts[2].count == 8, parts[2].allSatisfy({ Self.isHexadecimalDigit($0) }),
              !parts[1].isEmpty, parts[1].count <= 10, parts[1].allSatisfy({ (0x30...0x39).contains($0) }),
              let pid = pid_t(String(decoding: parts[1], as: UTF8.self)), pid > 0 else { return nil }
        return pid
    }

    private static func isHexadecimalDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// Removes temporary files of `target` left by a process killed mid-write: those whose process
    /// is gone. Files of this process and of live ones are left alone. Best effort.
    package static func removeStaleTemporaries(of target: FilePath) {
        let folder = target.removingLastComponent()
        let listed = folder.isEmpty ? FilePath(".") : folder
        guard let directory = listed.withPlatformString({ opendir($0) }) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard let pid = owner(ofTemporary: name, for: target), pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? SystemCall.unlink(sibling(of: target, named: name))
        }
    }

    /// The path of `name` in the folder holding `target` (relative when `target` is a bare name).
    static func sibling(of target: FilePath, named name: [UInt8]) -> FilePath {
        var folder = target.removingLastComponent().bytes
        if !folder.isEmpty, folder.last != UInt8(ascii: "/") { folder.append(UInt8(ascii: "/")) }
        return FilePath(bytes: folder + name)
    }

    /// Fsyncs the directory holding `target`, so the rename itself is on disk; best effort.
    private static func synchronizeDirectory(of target: FilePath) {
        var directory = target
        directory.removeLastComponent()
        if directory.isEmpty { directory = "." }
        guard let descriptor = try? FileDescriptor.open(directory, .readOnly, options: [.directory, .closeOnExec])
        else { return }
        try? SystemCall.synchronize(descriptor)
        try? descriptor.close()
    }
}
