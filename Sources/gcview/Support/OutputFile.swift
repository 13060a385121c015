import FoundationEssentials
import SystemPackage
import SystemSupport
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
        let info: Stat
        do {
            info = try path.stat(followTargetSymlink: false)
        } catch Errno.noSuchFileOrDirectory {
            return try replaceAtomically(path, with: bytes, mode: nil)
        } catch {
            throw Failure(reason: Self.reason(error))
        }
        switch info.type {
        case .regular:
            try replaceAtomically(path, with: bytes, mode: info.permissions.rawValue)
        case .symbolicLink:
            try writeThroughLink(bytes)
        case .characterSpecial, .fifo:
            try writeInPlace(path, bytes, creating: false)
        case .directory:
            throw Failure(reason: "it is a directory")
        case .blockSpecial:
            throw Failure(reason: "it is a block device; gcview does not write to disks")
        case .socket:
            throw Failure(reason: "it is a socket")
        default:
            throw Failure(reason: "it is not a file gcview can write")
        }
    }

    /// Follows a symbolic link: its target is written as if named directly; a link to nothing
    /// creates its target.
    private func writeThroughLink(_ bytes: [UInt8]) throws(Failure) {
        let target: FilePath
        do {
            target = try path.resolvingSymbolicLinks()
        } catch .noSuchFileOrDirectory {
            return try writeInPlace(path, bytes, creating: true)
        } catch {
            throw Failure(reason: error.description)
        }
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
        var options: FileDescriptor.OpenOptions = [.nonBlocking, .closeOnExec, FileDescriptor.noControllingTerminal]
        if creating { options.formUnion([.create, .truncate]) }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(target, .writeOnly, options: options,
                                                 permissions: creating ? FilePermissions(rawValue: 0o666) : nil)
        } catch Errno.noSuchAddressOrDevice {
            throw Failure(reason: "it is a FIFO with no reader")
        } catch {
            throw Failure(reason: Self.reason(error))
        }
        defer { try? descriptor.close() }
        do {
            if try descriptor.stat().type == .regular { try descriptor.resize(to: 0) }
            // Blocking from here on: a reader is there, and a device takes its time.
            try descriptor.setNonBlocking(false)
            let previous = signal(SIGPIPE, SIG_IGN)
            defer { signal(SIGPIPE, previous) }
            _ = try descriptor.writeAll(bytes)
        } catch Errno.brokenPipe {
            throw Failure(reason: "the reader went away")
        } catch {
            throw Failure(reason: Self.reason(error))
        }
    }

    /// An error of the POSIX edge in words: `strerror(3)`'s text for an `Errno`.
    private static func reason(_ error: any Error) -> String {
        (error as? Errno)?.description ?? "\(error)"
    }
}
