import Glibc
import SystemPackage

/// Replaces a regular file whole: the bytes go to a temporary file beside it (`NAME.PID.RANDOM.tmp`),
/// which is fsynced and renamed over the target, so a reader or a crash sees the old file or the new one.
public enum AtomicFile {
    /// What failed, with the path it failed on and the error the system gave.
    public struct Failure: Error, CustomStringConvertible {
        /// The file the failing call was made on (the temporary file or the target).
        public var path: String
        /// The system's error.
        public var errno: Errno
        /// The system's words for the error, such as "Permission denied".
        public var description: String { errno.description }
    }

    /// Writes `bytes` to `target` atomically. The new file is created with `permissions` (less the umask),
    /// or gets exactly `kept` (the replaced file's bits) when given. On failure the old file is left as it
    /// was and the temporary file is removed.
    public static func replace(_ target: String, with bytes: some Sequence<UInt8>,
                               permissions: UInt32 = 0o666, keeping kept: UInt32? = nil) throws(Failure) {
        let temporary = temporaryPath(for: target)
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                FilePath(temporary), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                permissions: FilePermissions(rawValue: permissions))
        } catch {
            throw Failure(path: temporary, errno: (error as? Errno) ?? .ioError)
        }
        do throws(Errno) {
            defer { try? descriptor.close() }
            if let kept { try SystemCall.setPermissions(descriptor, to: FilePermissions(rawValue: kept)) }
            do { _ = try descriptor.writeAll(bytes) } catch { throw (error as? Errno) ?? .ioError }
            try SystemCall.synchronize(descriptor)
        } catch {
            _ = unlink(temporary)
            throw Failure(path: temporary, errno: error)
        }
        do throws(Errno) {
            try SystemCall.rename(FilePath(temporary), to: FilePath(target))
        } catch {
            _ = unlink(temporary)
            throw Failure(path: target, errno: error)
        }
        synchronizeDirectory(of: target)
    }

    /// A fresh temporary name beside `target`: `target.PID.RANDOM.tmp`.
    public static func temporaryPath(for target: String) -> String {
        "\(target).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// Fsyncs the directory holding `target`, so the rename itself is on disk; best effort.
    private static func synchronizeDirectory(of target: String) {
        var directory = FilePath(target)
        directory.removeLastComponent()
        if directory.isEmpty { directory = "." }
        guard let descriptor = try? FileDescriptor.open(directory, .readOnly, options: [.directory, .closeOnExec])
        else { return }
        try? SystemCall.synchronize(descriptor)
        try? descriptor.close()
    }
}
