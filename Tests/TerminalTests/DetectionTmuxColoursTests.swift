import Foundation
import Raster
import Testing
@testable import Terminal

/// tmux 3.4 and later answer OSC 10 and 11 with the colours of the terminal outside, and say nothing
/// until their client has heard them: a pane started with its session can ask too early. The probe
/// asks such a tmux again, a few times, a few milliseconds apart, and no other terminal.
@Suite("Detection inside tmux: the colours asked again")
struct DetectionTmuxColoursTests {
    static let tmux = ["TMUX": "/tmp/tmux-0/default,4242,0", "TMUX_PANE": "%3"]
    static let white = "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\"
    static let black = "\u{1B}]10;rgb:0000/0000/0000\u{1B}\\"
    static let deviceAttributes = "\u{1B}[?1;2;4c"

    /// A stand-in terminal on a pseudo-terminal: it answers the n-th batch of queries (each ends in
    /// DA1) with `answers[n]`, and the batches after the last answer with DA1 alone; it counts the batches.
    final class ScriptedTerminal: @unchecked Sendable {
        let pty: PseudoTerminal
        private let lock = NSLock()
        private var count = 0
        private var running = true
        var batches: Int { lock.withLock { count } }

        init(answers: [String]) throws {
            pty = try PseudoTerminal()
            let master = pty.master
            Thread { [self] in
                var seen = [UInt8]()
                var buffer = [UInt8](repeating: 0, count: 1024)
                while lock.withLock({ running }) {
                    var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                    guard poll(&request, 1, 10) > 0 else { continue }
                    let read = Glibc.read(master, &buffer, buffer.count)
                    guard read > 0 else { return }
                    seen += buffer[0..<read]
                    while let end = seen.firstRange(of: Array("\u{1B}[c".utf8)) {
                        seen.removeSubrange(..<end.upperBound)
                        let batch = lock.withLock { () -> Int in count += 1; return count - 1 }
                        let answer = batch < answers.count ? answers[batch] : DetectionTmuxColoursTests.deviceAttributes
                        _ = Array(answer.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                    }
                }
            }.start()
        }

        func stop() { lock.withLock { running = false } }

        func detect(environment: [String: String]) -> TerminalCapabilities {
            TerminalProbe.detect(input: pty.slave, output: pty.slave, winsize: WindowSize(columns: 80, rows: 24),
                                 timeout: .seconds(2), override: .unicode, environment: environment)
        }
    }

    static func first(named name: String) -> String {
        "\u{1B}P>|\(name)\u{1B}\\" + deviceAttributes
    }

    @Test("tmux 3.5a that has not heard the colours yet: asked again, the light background is found")
    func askedAgain() throws {
        let terminal = try ScriptedTerminal(answers: [Self.first(named: "tmux 3.5a"), Self.black + Self.white + Self.deviceAttributes])
        defer { terminal.stop() }
        let capabilities = terminal.detect(environment: Self.tmux)
        #expect(capabilities.isDark == false)
        #expect(capabilities.background == RGB(255, 255, 255))
        #expect(capabilities.foreground == RGB(0, 0, 0))
        #expect(terminal.batches == 2)
    }

    @Test("tmux that learns the colours only at the third asking: still found")
    func thirdAsking() throws {
        let terminal = try ScriptedTerminal(answers: [Self.first(named: "tmux 3.4"), Self.deviceAttributes,
                                                      Self.white + Self.deviceAttributes])
        defer { terminal.stop() }
        #expect(terminal.detect(environment: Self.tmux).isDark == false)
        #expect(terminal.batches == 3)
    }

    @Test("A tmux whose terminal never tells: asked a bounded number of times, then unknown")
    func neverTold() throws {
        let terminal = try ScriptedTerminal(answers: [Self.first(named: "tmux next-3.6")])
        defer { terminal.stop() }
        let start = ContinuousClock.now
        let capabilities = terminal.detect(environment: Self.tmux)
        #expect(capabilities.background == nil)
        #expect(terminal.batches == 1 + TerminalProbe.colourRetries)
        // A correctness bound (the retries end), not a speed test.
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test("Not asked again: tmux 3.3a (never answers with the terminal's colours), other terminals, answered ones")
    func notAskedAgain() throws {
        let cases: [(answer: String, environment: [String: String])] = [
            (Self.first(named: "tmux 3.3a"), Self.tmux),
            (Self.first(named: "XTerm(379)"), [:]),
            (Self.first(named: "XTerm(379)"), Self.tmux),  // a name that is not tmux's: no release to go by
            (Self.deviceAttributes, Self.tmux),  // no XTVERSION
            (Self.white + Self.first(named: "tmux 3.5a"), Self.tmux),
        ]
        for (answer, environment) in cases {
            let terminal = try ScriptedTerminal(answers: [answer])
            defer { terminal.stop() }
            _ = terminal.detect(environment: environment)
            #expect(terminal.batches == 1, "\(answer.debugDescription) \(environment)")
        }
    }

    @Test("tmux's release read from its XTVERSION name")
    func release() {
        func release(_ name: String?) -> [Int]? {
            var replies = ProbeReplies()
            replies.terminalName = name
            return replies.tmuxRelease.map { [$0.major, $0.minor] }
        }
        #expect(release("tmux 3.5a") == [3, 5])
        #expect(release("tmux 3.4") == [3, 4])
        #expect(release("tmux 10.12") == [10, 12])
        #expect(release("tmux next-3.6") == [3, 6])
        #expect(release("tmux master") == nil)
        #expect(release("tmux 3") == nil)
        #expect(release("XTerm(379)") == nil)
        #expect(release("tmuxx 3.5") == nil)
        #expect(release(nil) == nil)
    }
}

/// A tmux client that has just attached may not have told tmux its name (XTVERSION) or colours yet:
/// the probe asks again while tmux says the client is new, for a bounded time.
@Suite("Detection inside tmux: a client that has just attached is waited for")
struct DetectionStartingClientTests {
    static let now = 1_795_800_000
    static let kittyLine = "\tclipboard,focus\txterm-kitty\t%d\t%@\n"

    static func clients(created: Int?, name: String?) -> TmuxAnswer {
        .clients(TmuxClients(clients: [TmuxClients.Client(features: [], name: name ?? "xterm-kitty",
                                                          namedItself: name != nil, created: created)],
                             allowsPassthrough: true))
    }

    @Test("tmux's listing with when each client attached; the earlier three fields still read")
    func listing() throws {
        let fresh = try #require(TmuxClients(listing: Array("clipboard\txterm-kitty\t1795800000\t\n".utf8)))
        #expect(fresh.clients == [.init(features: ["clipboard"], name: "xterm-kitty", namedItself: false, created: 1_795_800_000)])
        let named = try #require(TmuxClients(listing: Array("\txterm-kitty\t1795800000\tkitty(0.41.1)\n".utf8)))
        #expect(named.clients == [.init(features: [], name: "kitty(0.41.1)", namedItself: true, created: 1_795_800_000)])
        // The earlier format, as the recorded fixtures have it: no time, an XTVERSION with a tab in it.
        let earlier = try #require(TmuxClients(listing: Array("sixel\txterm\tXTerm(379)\n".utf8)))
        #expect(earlier.clients == [.init(features: ["sixel"], name: "XTerm(379)", namedItself: true, created: nil)])
        let tabbed = try #require(TmuxClients(listing: Array("\txterm\tod\td\tname\n".utf8)))
        #expect(tabbed.clients.map { $0.name } == ["od?d?name"], "the tabs sanitized as control characters are")
        #expect(tabbed.clients.first?.created == nil)
    }

    @Test("Waited for: a new client not yet named, or a tmux 3.4+ with no colours and a new client")
    func whoIsWaitedFor() {
        var replies = ProbeReplies()
        replies.terminalName = "tmux 3.5a"
        replies.deviceAttributes = [1, 2, 4]
        let tmux = DetectionTmuxColoursTests.tmux
        func waits(_ answer: TmuxAnswer, _ replies: ProbeReplies) -> Bool {
            TerminalProbe.isWaiting(for: answer, replies: replies, environment: tmux, now: Self.now)
        }
        var told = replies
        told.background = RGB(255, 255, 255)
        #expect(waits(Self.clients(created: Self.now, name: nil), told), "new and not named")
        #expect(waits(Self.clients(created: Self.now - 2, name: nil), told), "two seconds: tmux's times are whole seconds")
        #expect(!waits(Self.clients(created: Self.now - 3, name: nil), told), "an old client that never named itself")
        #expect(!waits(Self.clients(created: nil, name: nil), told), "no time said")
        #expect(!waits(Self.clients(created: Self.now + 5, name: nil), told), "a time ahead of the clock")
        #expect(!waits(Self.clients(created: Self.now, name: "kitty(0.41.1)"), told), "named and told")
        #expect(waits(Self.clients(created: Self.now, name: "kitty(0.41.1)"), replies), "named, colours not told yet")
        var older = replies
        older.terminalName = "tmux 3.3a"
        #expect(!waits(Self.clients(created: Self.now, name: "kitty(0.41.1)"), older), "tmux 3.3a never passes the colours on")
        #expect(!waits(.unavailable("no tmux"), replies))
    }

    @Test("A kitty that names itself and tells its colours after a while: both are found, tmux asked until then")
    func kittyArrives() throws {
        // The pane's terminal (tmux) answers the colours from the third asking on.
        let terminal = try DetectionTmuxColoursTests.ScriptedTerminal(answers: [
            DetectionTmuxColoursTests.deviceAttributes, DetectionTmuxColoursTests.deviceAttributes,
            DetectionTmuxColoursTests.black + DetectionTmuxColoursTests.white + DetectionTmuxColoursTests.deviceAttributes,
        ])
        defer { terminal.stop() }
        var replies = ProbeReplies()
        replies.terminalName = "tmux 3.5a"
        replies.deviceAttributes = [1, 2, 4]
        var askings = 0
        let (settled, tmux) = TerminalProbe.awaitingStartingClients(
            replies, tmux: Self.clients(created: Self.now, name: nil), input: terminal.pty.slave, output: terminal.pty.slave,
            environment: DetectionTmuxColoursTests.tmux, now: { Self.now },
            askingTmux: {
                askings += 1
                return Self.clients(created: Self.now, name: askings >= 4 ? "kitty(0.41.1)" : nil)
            })
        #expect(settled.background == RGB(255, 255, 255))
        #expect(settled.foreground == RGB(0, 0, 0))
        #expect(tmux == Self.clients(created: Self.now, name: "kitty(0.41.1)"))
        #expect(askings == 4)
        #expect(terminal.batches == 3, "the colours are not asked again once told")
        if case .clients(let clients) = tmux {
            #expect(clients.clients.allSatisfy { $0.showsKittyPlaceholders })
        }
    }

    @Test("A new client that never names itself: waited for a bounded time, then left as it is")
    func neverNamed() throws {
        let terminal = try DetectionTmuxColoursTests.ScriptedTerminal(answers: [])
        defer { terminal.stop() }
        var replies = ProbeReplies()
        replies.terminalName = "tmux 3.5a"
        replies.deviceAttributes = [1, 2, 4]
        replies.background = RGB(0, 0, 0)
        var askings = 0
        let start = ContinuousClock.now
        let (_, tmux) = TerminalProbe.awaitingStartingClients(
            replies, tmux: Self.clients(created: Self.now, name: nil), input: terminal.pty.slave, output: terminal.pty.slave,
            environment: DetectionTmuxColoursTests.tmux, now: { Self.now },
            askingTmux: { askings += 1; return Self.clients(created: Self.now, name: nil) })
        let waited = ContinuousClock.now - start
        #expect(tmux == Self.clients(created: Self.now, name: nil))
        #expect(askings >= 2)
        // Correctness bounds on the wait (it ends, and not before its time), not a speed test.
        #expect(waited >= StartingClient.longestWait && waited < StartingClient.longestWait + .milliseconds(400), "waited \(waited)")
        #expect(terminal.batches == 0, "the colours were known: not asked")
    }

    @Test("An old client, or one that has named itself with the colours told: no wait, tmux not asked again")
    func noWait() throws {
        var replies = ProbeReplies()
        replies.terminalName = "tmux 3.5a"
        replies.deviceAttributes = [1, 2, 4]
        replies.background = RGB(0, 0, 0)
        for answer in [Self.clients(created: Self.now - 60, name: nil), Self.clients(created: Self.now, name: "XTerm(379)")] {
            var askings = 0
            _ = TerminalProbe.awaitingStartingClients(replies, tmux: answer, input: -1, output: -1,
                                                      environment: DetectionTmuxColoursTests.tmux, now: { Self.now },
                                                      askingTmux: { askings += 1; return answer })
            #expect(askings == 0)
        }
    }
}
