import FoundationEssentials
import SystemPackage
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// A path `--output` writes to, treated by what is there: a regular file (or nothing) is replaced
/// atomically; a character device or FIFO is written through in place; a symbolic link is
/// followed, so the link stays and its target gets the bytes; anything else is refused.
struct OutputFile {
    /// Why the bytes could not be written, in words for the error line.
    struct Failure: Error {
        var reason: String
    }

    let path: FilePath

    /// Writes `bytes` to the path, as described on the type.
    func write(_ bytes: [UInt8]) throws(Failure) {
        var info = stat()
        guard path.withPlatformString({ lstat($0, &info) }) == 0 else {
            guard errno == ENOENT else { throw Failure(reason: Self.errorText()) }
            return try replaceAtomically(path, with: bytes, mode: nil)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            try replaceAtomically(path, with: bytes, mode: info.st_mode & 0o7777)
        case S_IFLNK:
            try writeThroughLink(bytes)
        case S_IFCHR, S_IFIFO:
            try writeInPlace(path, bytes, creating: false)
        case S_IFDIR:
            throw Failure(reason: "it is a directory")
        case S_IFBLK:
            throw Failure(reason: "it is a block device; gcview does not write to disks")
        case S_IFSOCK:
            throw Failure(reason: "it is a socket")
        default:
            throw Failure(reason: "it is not a file gcview can write")
        }
    }

    /// Follows a symbolic link: its target is written as if named directly; a link to nothing
    /// creates its target.
    private func writeThroughLink(_ bytes: [UInt8]) throws(Failure) {
        guard let resolved = path.withPlatformString({ realpath($0, nil) }) else {
            guard errno == ENOENT else { throw Failure(reason: Self.errorText()) }
            return try writeInPlace(path, bytes, creating: true)
        }
        let target = FilePath(platformString: resolved)
        free(resolved)
        try OutputFile(path: target).write(bytes)
    }

    /// Writes into a temporary file beside `target`, then renames it over `target`, so a reader
    /// sees the old file or the new one. A replaced file keeps its permissions.
    private func replaceAtomically(_ target: FilePath, with bytes: [UInt8], mode: mode_t?) throws(Failure) {
        do throws(AtomicFile.Failure) {
            try AtomicFile.replace(target, with: bytes, keeping: mode)
        } catch {
            throw Failure(reason: error.description)
        }
    }

    /// Opens `target` for writing without replacing it: a FIFO with no reader is refused rather
    /// than waited on, and a reader that goes away is an error rather than SIGPIPE.
    private func writeInPlace(_ target: FilePath, _ bytes: [UInt8], creating: Bool) throws(Failure) {
        let flags = O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (creating ? O_CREAT | O_TRUNC : 0)
        let descriptor = target.withPlatformString { open($0, flags, 0o666) }
        guard descriptor >= 0 else {
            if errno == ENXIO { throw Failure(reason: "it is a FIFO with no reader") }
            throw Failure(reason: Self.errorText())
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Failure(reason: Self.errorText()) }
        if info.st_mode & S_IFMT == S_IFREG, ftruncate(descriptor, 0) != 0 { throw Failure(reason: Self.errorText()) }
        // Blocking from here on: a reader is there, and a device takes its time.
        let status = fcntl(descriptor, F_GETFL)
        guard status >= 0, fcntl(descriptor, F_SETFL, status & ~O_NONBLOCK) == 0 else {
            throw Failure(reason: Self.errorText())
        }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        if let failure = Self.writeAll(bytes, to: descriptor) {
            throw Failure(reason: failure)
        }
    }

    /// Writes every byte, retrying after signals; returns the error text on failure.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> String? {
        do {
            _ = try FileDescriptor(rawValue: descriptor).writeAll(bytes)
            return nil
        } catch Errno.brokenPipe {
            return "the reader went away"
        } catch {
            return String(cString: strerror(((error as? Errno) ?? .ioError).rawValue))
        }
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
