import Glibc
import SystemPackage

/// The POSIX calls swift-system lacks (window size, fsync, fchmod, rename, unlink, mkdir, flock, readlink), wrapped once, errors typed as `Errno`.
public enum SystemCall {
    /// The window size of `descriptor` from `TIOCGWINSZ`, or nil when it has none.
    public static func windowSize(of descriptor: Int32) -> WindowSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return WindowSize(columns: Int(size.ws_col), rows: Int(size.ws_row),
                          pixelWidth: Int(size.ws_xpixel), pixelHeight: Int(size.ws_ypixel))
    }

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
    public static func rename(_ source: FilePath, to target: FilePath) throws(Errno) {
        let status = source.withPlatformString { from in target.withPlatformString { to in Glibc.rename(from, to) } }
        guard status == 0 else { throw Errno(rawValue: errno) }
    }

    /// Removes the name `path` (`unlink`).
    public static func unlink(_ path: FilePath) throws(Errno) {
        guard path.withPlatformString({ Glibc.unlink($0) }) == 0 else { throw Errno(rawValue: errno) }
    }

    /// Creates `folder` and any missing folders above it with `permissions` (`mkdir -p`); an
    /// existing folder is fine. Throws the error of the first folder that could not be made.
    public static func makeFolders(_ folder: FilePath, permissions: FilePermissions) throws(Errno) {
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
    public static func lockExclusively(_ descriptor: FileDescriptor) throws(Errno) {
        while flock(descriptor.rawValue, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Errno(rawValue: errno) }
        }
    }

    /// What the symbolic link `path` points to (`readlink`), as bytes; nil when it is no link or unreadable.
    static func linkTarget(_ path: FilePath) -> [UInt8]? {
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
}
