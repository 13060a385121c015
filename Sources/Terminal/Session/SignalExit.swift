import Glibc

/// Ending the process as a signal would have, after the app asked to end by it was done (state
/// saved, terminal restored): the shell sees the signal, or 128 + its number.
public enum SignalExit {
    /// Says `gcview: terminated by SIGNAME` on stderr, then raises `signal` with its default action;
    /// if the process survives that (the signal is blocked in a way that cannot be undone), exits
    /// with 128 + the signal number.
    public static func end(by signal: Int32) -> Never {
        let program = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "gcview"
        let line = Array("\(program): terminated by \(SignalRelay.name(of: signal))\n".utf8)
        line.withUnsafeBufferPointer { SignalRelay.writeAll($0, to: STDERR_FILENO) }
        raiseWithDefaultAction(signal)
        _exit(128 + signal)
    }
}
