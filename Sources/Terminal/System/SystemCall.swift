import Glibc
import SystemPackage

/// The POSIX calls swift-system lacks (window size, fsync, fchmod, rename), wrapped once, errors typed as `Errno`.
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
        guard Glibc.rename(source.string, target.string) == 0 else { throw Errno(rawValue: errno) }
    }
}
