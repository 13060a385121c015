#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemPackage

// The one POSIX edge beside swift-system: the few calls swift-system 1.8 does not wrap, each in
// its style (typed `Errno`, retried after a signal where the call can be interrupted). The
// terminal's own calls (termios, TIOCGWINSZ, poll, tcflush) stay in Terminal's session and probe.

/// The POSIX calls swift-system lacks (fsync, fchmod, rename, unlink, mkdir, flock, readlink, mmap), wrapped once, errors typed as `Errno`.
package enum SystemCall {
    /// Flushes the file's data to the disk (`fsync`), retrying after EINTR.
    static func synchronize(_ descriptor: FileDescriptor) throws(Errno) {
        while fsync(descriptor.rawValue) != 0 {
            guard errno == EINTR else { throw Errno(rawValue: errno) }
        }
    }

    /// Sets the permission bits of an open file (`fchmod`).
    static func setPermissions(_ descriptor: FileDescriptor, to permissions: FilePermissions) throws(Errno) {
        guard fchmod(descriptor.rawValue, mode_t(permissions.rawValue)) == 0 else { throw Errno(rawValue: errno) }
    }

    /// Renames `source` to `target`, replacing `target` atomically (`rename`).
    package static func rename(_ source: FilePath, to target: FilePath) throws(Errno) {
        let status = source.withPlatformString { from in target.withPlatformString { to in posixRename(from, to) } }
        guard status == 0 else { throw Errno(rawValue: errno) }
    }

    /// Removes the name `path` (`unlink`).
    package static func unlink(_ path: FilePath) throws(Errno) {
        guard path.withPlatformString({ posixUnlink($0) }) == 0 else { throw Errno(rawValue: errno) }
    }

    /// Creates `folder` and any missing folders above it with `permissions` (`mkdir -p`); an
    /// existing folder is fine. Throws the error of the first folder that could not be made.
    package static func makeFolders(_ folder: FilePath, permissions: FilePermissions) throws(Errno) {
        guard !folder.isEmpty, folder != FilePath("/") else { return }
        do throws(Errno) {
            let info = try folder.stat()
            guard info.type == .directory else { throw Errno.notDirectory }
            return
        } catch Errno.noSuchFileOrDirectory {
            // Made below, after its parent.
        }
        try makeFolders(folder.removingLastComponent(), permissions: permissions)
        guard folder.withPlatformString({ mkdir($0, mode_t(permissions.rawValue)) }) == 0 || errno == EEXIST else {
            throw Errno(rawValue: errno)
        }
    }

    /// Takes an exclusive advisory lock on the open file (`flock`), waiting for it; released when the
    /// descriptor is closed.
    package static func lockExclusively(_ descriptor: FileDescriptor) throws(Errno) {
        while flock(descriptor.rawValue, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Errno(rawValue: errno) }
        }
    }

    /// What the symbolic link `path` points to (`readlink`), as bytes; nil when it is no link or unreadable.
    package static func linkTarget(_ path: FilePath) -> [UInt8]? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = path.withPlatformString { link in
            buffer.withUnsafeMutableBufferPointer { space in
                guard let start = space.baseAddress else { return -1 }
                return readlink(link, start, space.count)
            }
        }
        guard count > 0, count < buffer.count else { return nil }
        return buffer[0..<count].map { UInt8(bitPattern: $0) }
    }

    /// The first `byteCount` bytes of the open file, mapped read-only and private (`mmap`): pages
    /// are read from the page cache when first touched, never copied. `byteCount` must be above 0.
    /// Reading past the file's end, should it shrink while mapped, raises SIGBUS, as for FreeType's
    /// own mapped fonts. `unmap` releases it.
    package static func mapReadOnly(_ descriptor: FileDescriptor, byteCount: Int) throws(Errno) -> UnsafeRawBufferPointer {
        guard byteCount > 0 else { throw Errno.invalidArgument }
        guard let start = mmap(nil, byteCount, PROT_READ, MAP_PRIVATE, descriptor.rawValue, 0), start != MAP_FAILED else {
            throw Errno(rawValue: errno)
        }
        return UnsafeRawBufferPointer(start: start, count: byteCount)
    }

    /// Releases a region `mapReadOnly` returned (`munmap`).
    package static func unmap(_ region: UnsafeRawBufferPointer) {
        guard let start = region.baseAddress else { return }
        munmap(UnsafeMutableRawPointer(mutating: start), region.count)
    }
}

/// `rename(2)` and `unlink(2)` by other names: inside `SystemCall`, its own methods of those names would hide them.
private func posixRename(_ source: UnsafePointer<CChar>, _ target: UnsafePointer<CChar>) -> Int32 { rename(source, target) }
private func posixUnlink(_ path: UnsafePointer<CChar>) -> Int32 { unlink(path) }

extension FilePath {
    /// The absolute path with every symbolic link, `.` and `..` resolved: `realpath(3)`.
    package func resolvingSymbolicLinks() throws(Errno) -> FilePath {
        guard let resolved = withPlatformString({ realpath($0, nil) }) else { throw Errno(rawValue: errno) }
        defer { free(resolved) }
        return FilePath(platformString: resolved)
    }
}

extension FileDescriptor {
    /// Turns `O_NONBLOCK` on or off: `fcntl(2)` with `F_GETFL` and `F_SETFL`.
    package func setNonBlocking(_ nonBlocking: Bool) throws(Errno) {
        let flags = fcntl(rawValue, F_GETFL)
        guard flags >= 0 else { throw Errno(rawValue: errno) }
        let wanted = nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        guard wanted == flags || fcntl(rawValue, F_SETFL, wanted) == 0 else { throw Errno(rawValue: errno) }
    }

    /// The options `open(2)` takes beyond swift-system's names: `O_NOCTTY`, so opening a
    /// terminal never makes it this process's controlling terminal.
    package static var noControllingTerminal: OpenOptions { OpenOptions(rawValue: O_NOCTTY) }
}
