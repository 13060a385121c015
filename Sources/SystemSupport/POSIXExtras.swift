#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import SystemPackage

// The few POSIX calls swift-system 1.8 does not wrap, each in its style: typed `Errno`, retried
// after a signal where the call can be interrupted.

extension FilePath {
    /// The absolute path with every symbolic link, `.` and `..` resolved: `realpath(3)`.
    public func resolvingSymbolicLinks() throws(Errno) -> FilePath {
        guard let resolved = withPlatformString({ realpath($0, nil) }) else { throw Errno(rawValue: errno) }
        defer { free(resolved) }
        return FilePath(platformString: resolved)
    }
}

extension FileDescriptor {
    /// Turns `O_NONBLOCK` on or off: `fcntl(2)` with `F_GETFL` and `F_SETFL`.
    public func setNonBlocking(_ nonBlocking: Bool) throws(Errno) {
        let flags = fcntl(rawValue, F_GETFL)
        guard flags >= 0 else { throw Errno(rawValue: errno) }
        let wanted = nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        guard wanted == flags || fcntl(rawValue, F_SETFL, wanted) == 0 else { throw Errno(rawValue: errno) }
    }

    /// The options `open(2)` takes beyond swift-system's names: `O_NOCTTY`, so opening a
    /// terminal never makes it this process's controlling terminal.
    public static var noControllingTerminal: OpenOptions { OpenOptions(rawValue: O_NOCTTY) }
}
