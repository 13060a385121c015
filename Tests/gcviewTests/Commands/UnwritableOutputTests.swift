import Foundation
import Testing

/// Every command whose answer goes to standard output fails when it cannot be written: a full
/// disk (`/dev/full`) or a closed descriptor (`>&-`) is one line on stderr and exit status 2,
/// never a truncated answer and exit 0.
@Suite("Standard output that cannot be written")
struct UnwritableOutputTests {
    /// Each command that prints an answer, in its plain and JSON forms.
    static let commands: [[String]] = [
        ["plot", "sin(x)", "--size", "64x64", "--protocol", "sixel"],
        ["plot", "sin(x)", "--size", "64x64", "--protocol", "unicode"],
        ["points", "sin(x)", "--x", "-3:3"],
        ["points", "sin(x)", "--x", "-3:3", "--json"],
        ["eval", "--at", "2", "x^2"],
        ["eval", "--json", "2^10"],
        ["press", "7", "+", "9", "="],
        ["press", "--json", "1", "/", "0", "="],
        ["keys"],
        ["probe"],
        ["--version"],
        ["eval", "--help"],
        ["--generate-completion-script", "fish"],
        ["--generate-completion-script", "bash"],
    ]

    /// Where standard output goes, as the shell redirects it, and what writing there fails with.
    static let destinations: [(redirection: String, reason: String)] = [
        (">/dev/full", "No space left on device"),
        (">&-", "Bad file descriptor"),
    ]

    @Test("One line, exit 2, for a full device and for a closed standard output",
          arguments: commands, destinations.indices)
    func unwritable(arguments: [String], destination: Int) throws {
        let (redirection, reason) = Self.destinations[destination]
        let finished = try run("/bin/sh", ["-c", "exec \"$@\" \(redirection) </dev/null", "sh", Paths.gcview] + arguments)
        #expect(finished.status == 2, "\(arguments) \(redirection): exit \(finished.status), \(finished.stderr)")
        #expect(finished.stderr == "gcview: cannot write standard output: \(reason)\n", "\(arguments) \(redirection)")
    }

    @Test("Written whole where it can be: the same commands to a pipe exit as before", arguments: commands)
    func writable(arguments: [String]) throws {
        let finished = try run(Paths.gcview, arguments, stdin: Data())
        // 1 over 0 is an error value: status 1, with its answer printed.
        #expect(finished.status == (arguments.contains("/") ? 1 : 0), "\(arguments): \(finished.stderr)")
        #expect(!finished.stdout.isEmpty && finished.stdout.hasSuffix("\n") || arguments.first == "plot", "\(arguments)")
    }
}
