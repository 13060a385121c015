import Codecs
import FoundationEssentials
import SystemPackage
import SystemSupport
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// A path `--output` writes to, treated by what is there: nothing is created atomically; a
/// regular file is replaced atomically, but only when it is empty or a file gcview marked as its
/// own (`PictureMark`), unless `replacesAnyFile` (`--force`); a character device or FIFO is written
/// through in place; a symbolic link is followed, so the link stays and its target gets the bytes
/// (under the same rules); anything else is refused.
struct OutputFile {
    /// Why the bytes could not be written, in words for the error line.
    struct Failure: Error {
        var reason: String
    }

    let path: FilePath
    /// Whether a regular file without gcview's mark may be replaced (`--force`).
    var replacesAnyFile = false

    /// What `write` would do with the path, found without writing.
    private enum Plan {
        /// Nothing is there: create it atomically.
        case create
        /// A regular file that may be replaced, with its permissions.
        case replace(mode: mode_t)
        /// A character device or FIFO, written through.
        case writeThrough
        /// A symbolic link, to follow.
        case followLink
    }

    /// Throws what `write` would throw before it writes a byte, so that a refused file costs no
    /// drawing: a file gcview may not replace, or a kind of file it cannot write.
    func check() throws(Failure) {
        guard case .followLink = try plan() else { return }
        guard let target = try linkTarget() else { return }
        try OutputFile(path: target, replacesAnyFile: replacesAnyFile).check()
    }

    /// Writes `bytes` to the path, as described on the type.
    func write(_ bytes: [UInt8]) throws(Failure) {
        switch try plan() {
        case .create:
            try replaceAtomically(path, with: bytes, mode: nil)
        case .replace(let mode):
            try replaceAtomically(path, with: bytes, mode: mode)
        case .writeThrough:
            try writeInPlace(path, bytes, creating: false)
        case .followLink:
            try writeThroughLink(bytes)
        }
    }

    private func plan() throws(Failure) -> Plan {
        let info: Stat
        do {
            info = try path.stat(followTargetSymlink: false)
        } catch Errno.noSuchFileOrDirectory {
            return .create
        } catch {
            throw Failure(reason: Self.reason(error))
        }
        switch info.type {
        case .regular:
            if !replacesAnyFile, info.size != 0 { try checkOwnPicture() }
            return .replace(mode: info.permissions.rawValue)
        case .symbolicLink:
            return .followLink
        case .characterSpecial, .fifo:
            return .writeThrough
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

    /// Throws unless the regular file at the path begins with gcview's mark: its first bytes read
    /// without following a link or waiting (`open(2)` with `O_NOFOLLOW | O_NONBLOCK`).
    private func checkOwnPicture() throws(Failure) {
        let options: FileDescriptor.OpenOptions = [.noFollow, .nonBlocking, .closeOnExec, FileDescriptor.noControllingTerminal]
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: options)
        } catch {
            throw Failure(reason: "it cannot be read to see whether gcview wrote it (\(Self.reason(error))); --force replaces it")
        }
        defer { try? descriptor.close() }
        guard PictureMark.isMarked(descriptor.readPrefix(upTo: PictureMark.prefixLength)) else {
            // Not "gcview did not write it": a file from a gcview older than its mark has none.
            throw Failure(reason: "it does not carry gcview's mark, and gcview replaces only the files it marked (--force replaces it)")
        }
    }

    /// The file a symbolic link at the path leads to, or nil when it leads nowhere (the link's
    /// target is then created).
    private func linkTarget() throws(Failure) -> FilePath? {
        do {
            return try path.resolvingSymbolicLinks()
        } catch .noSuchFileOrDirectory {
            return nil
        } catch {
            throw Failure(reason: error.description)
        }
    }

    /// Follows a symbolic link: its target is written as if named directly; a link to nothing
    /// creates its target.
    private func writeThroughLink(_ bytes: [UInt8]) throws(Failure) {
        guard let target = try linkTarget() else { return try writeInPlace(path, bytes, creating: true) }
        try OutputFile(path: target, replacesAnyFile: replacesAnyFile).write(bytes)
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
