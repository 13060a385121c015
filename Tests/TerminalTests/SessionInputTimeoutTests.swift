import Glibc
import Testing
@testable import Terminal

/// Input that must never hold the keyboard, and terminal replies that must never become keys.
extension SessionPseudoTerminalTests {
    @Test("A stray string start (ESC _ x) is abandoned after the timeout: the next q and Ctrl-C are keys")
    func strayStringStart() throws {
        try withEnteredSession { entered throws in
            entered.pty.type([0x1B, 0x5F, 0x78])  // tmux send-keys -H 1b 5f 78
            let abandoned = try events(from: entered.session) { _ in false }  // half a second, past the timeout
            #expect(abandoned.isEmpty, "the string start is dropped, not typed")
            entered.pty.type(Array("q".utf8))
            #expect(try events(from: entered.session) { !$0.isEmpty } == [.input(.key(.character("q")))])
            entered.pty.type([0x03])
            #expect(try events(from: entered.session) { !$0.isEmpty } == [.input(.key(.control("c")))])
        }
    }

    @Test("Ctrl-C typed into a stray string start ends it at once")
    func controlKeyEndsString() throws {
        try withEnteredSession { entered throws in
            entered.session.unfinishedTimeout = .seconds(60)
            entered.pty.type(Array("\u{1B}P>|x q\u{3}".utf8))
            #expect(try events(from: entered.session) { !$0.isEmpty } == [.input(.key(.control("c")))])
        }
    }

    @Test("A paste start without its end delivers the pasted text after the timeout")
    func unfinishedPaste() throws {
        try withEnteredSession { entered throws in
            entered.pty.type(Array("\u{1B}[200~1+2".utf8))
            #expect(try events(from: entered.session) { !$0.isEmpty } == [.input(.paste("1+2"))])
            entered.pty.type(Array("q".utf8))
            #expect(try events(from: entered.session) { !$0.isEmpty } == [.input(.key(.character("q")))])
        }
    }

    @Test("Detection replies arriving late, while the app runs, are replies and never keys",
          arguments: ["kitty", "xterm", "xterm-vt340", "mlterm", "bel-osc"])
    func lateRepliesAreNotKeys(_ fixture: String) throws {
        let replies = try ReplyFixtures.bytes(fixture)
        try withEnteredSession { entered throws in
            entered.pty.type(replies)
            entered.pty.type(Array("q".utf8))
            let collected = try events(from: entered.session) { $0.last == .input(.key(.character("q"))) }
            #expect(collected.last == .input(.key(.character("q"))))
            let keys = collected.dropLast().filter { if case .input(.reply) = $0 { false } else { true } }
            #expect(keys.isEmpty, "\(keys)")
        }
    }
}
