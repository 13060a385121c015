import SystemPackage
import Glibc

/// Why a terminal operation failed; `errno` values are kept for the message.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// The file descriptor is not a terminal (stdin or stdout redirected).
    case notATerminal(fileDescriptor: Int32)
    /// Another `TerminalSession` has entered raw mode and not restored yet.
    case anotherSessionActive
    /// A system call failed, with its `errno`.
    case systemCall(String, Errno)

    public var description: String {
        switch self {
        case .notATerminal(let fd): "file descriptor \(fd) is not a terminal"
        case .anotherSessionActive: "another terminal session is active"
        case .systemCall(let name, let error): "\(name) failed: \(error.description)"
        }
    }

    /// The error for the system call `name` that just failed, from the current `errno`.
    static func lastError(_ name: String) -> TerminalError {
        .systemCall(name, Errno(rawValue: errno))
    }
}
