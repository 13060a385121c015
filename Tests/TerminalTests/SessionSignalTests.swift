import Glibc
import Testing
@testable import Terminal

/// A signal whose default action ends the process, named for the test report.
struct EndingSignal: Sendable, CustomTestStringConvertible {
    let number: Int32
    var testDescription: String { SignalRelay.name(of: number) }

    /// The signals issue 14 found wrecking the terminal, and the other ones that end a process by default.
    static let all: [EndingSignal] = [
        SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGVTALRM, SIGSYS,
        SIGXFSZ, SIGPROF, SIGPWR, SIGSTKFLT, SIGIO, SIGQUIT, SIGABRT, __libc_current_sigrtmin() + 3,
    ].map(EndingSignal.init)
}

/// Sets `signal` to its default action for the length of `body`, then puts back what was there.
func withDefaultAction(for signal: Int32, _ body: () throws -> Void) rethrows {
    var original = sigaction()
    var byDefault = sigaction()
    sigemptyset(&byDefault.sa_mask)
    sigaction(signal, &byDefault, &original)  // a zeroed action is SIG_DFL
    defer { sigaction(signal, &original, nil) }
    try body()
}

extension SessionPseudoTerminalTests {
    @Test("A signal that ends the process restores the terminal first and says which it was",
          arguments: EndingSignal.all)
    func endingSignalRestores(_ signal: EndingSignal) throws {
        try withDefaultAction(for: signal.number) {
            try withEnteredSession { entered throws in
                let stderr = try CapturedOutput()
                let child = try forkChild(sending: [signal.number], standardError: stderr.writeEnd)
                var status: Int32 = 0
                waitpid(child, &status, 0)
                #expect(status & 0x7F == signal.number, "ended by the signal itself, not exit \(status >> 8)")
                let restored = entered.pty.read(until: TerminalModes.restore)
                #expect(restored.contains(TerminalModes.restore), "alternate screen, mouse and cursor restored")
                #expect(sameBytes(entered.pty.attributes(), entered.before), "termios restored")
                #expect(stderr.text().hasSuffix(": terminated by \(signal.testDescription)\n"))
            }
        }
    }

    @Test("A signal the parent ignored stays ignored while the session runs")
    func ignoredSignalStaysIgnored() throws {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = unsafeBitCast(Int(1), to: __sighandler_t.self)  // SIG_IGN
        var original = sigaction()
        sigaction(SIGUSR2, &ignore, &original)
        defer { sigaction(SIGUSR2, &original, nil) }
        try withEnteredSession { entered throws in
            let child = try forkChild(sending: [SIGUSR2])
            var status: Int32 = 0
            waitpid(child, &status, 0)
            #expect(status == 0, "the child ignored SIGUSR2 and exited 0")
            #expect(entered.session.isActive)
            #expect(!entered.pty.read(until: TerminalModes.restore).contains(TerminalModes.restore))
        }
    }
}
