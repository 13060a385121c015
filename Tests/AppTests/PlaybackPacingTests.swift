@testable import App
import Raster
import Terminal
import Testing

/// Issue 49, item 4: in kitty 0.41 through tmux 3.5a the graph froze while a slider played. tmux
/// throws away what it has for a client that falls behind (more than eight bytes a cell waiting),
/// pictures through its passthrough included, and keeps throwing everything away while more comes:
/// `#{client_discarded}` grew 1.4 MB a second while kitty got a picture now and then. Each picture
/// of a playback is now followed by DA1 through the passthrough, and the next waits for kitty's
/// answer: tmux holds one picture for kitty at a time. Driven on a hand clock, with a terminal that
/// answers late, or never.
@Suite("Playback through tmux: one picture waits for the terminal to take the last")
struct PlaybackPacingTests {
    static let answer = TerminalReply(kind: .csi, bytes: Array("\u{1B}[?62;4c".utf8))

    static func controller(_ graphicsProtocol: GraphicsProtocol) -> AppController {
        let controller = SliderTests.controller("sin(a x)", graphicsProtocol, window: WindowSize(columns: 100, rows: 30))
        controller.apply(.graph)
        SliderTests.type("\t ", into: controller)
        return controller
    }

    /// How many kitty pictures `frame` transmits.
    static func pictures(in frame: [UInt8]) -> Int {
        String(decoding: frame, as: UTF8.self).components(separatedBy: "_Ga=T").count - 1
    }

    /// Whether `frame` asks the terminal outside tmux for its DA1.
    static func asks(_ frame: [UInt8]) -> Bool {
        String(decoding: frame, as: UTF8.self).contains("\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\")
    }

    /// Runs the loop as the app does, a millisecond a step for `duration` from `start`: advance,
    /// draw, and deliver the terminal's answer `delay` after each question (never when nil). Returns
    /// the most pictures sent while an answer was awaited, the pictures sent, and the playback's moves.
    static func run(_ controller: AppController, from start: ContinuousClock.Instant, for duration: Duration,
                    answeringAfter delay: Duration?) -> (inFlight: Int, pictures: Int, moves: Int) {
        var inFlight = 0, most = 0, pictures = 0, moves = 0
        var answerDue: ContinuousClock.Instant?
        var last = controller.model.playback?.frame
        var now = start
        while now < start + duration {
            if let due = answerDue, now >= due {
                controller.handle(.input(.reply(answer)))
                answerDue = nil
                inFlight = 0
            }
            controller.advancePlayback(to: now)
            let frame = controller.frame(at: now)
            let sent = Self.pictures(in: frame)
            pictures += sent
            inFlight += sent
            most = max(most, inFlight)
            if Self.asks(frame), let delay { answerDue = now + delay }
            if controller.model.playback?.frame != last { moves += 1 }
            last = controller.model.playback?.frame
            now += .milliseconds(1)
        }
        return (most, pictures, moves)
    }

    @Test("kitty placeholders: each picture asks; the next waits for the answer, then goes at once")
    func waitsForTheAnswer() throws {
        let controller = Self.controller(.kittyPlaceholders)
        let start = ContinuousClock.now
        // A terminal that takes 150 ms over each picture: about 6 a second, not the playback's 20.
        let played = Self.run(controller, from: start, for: .seconds(2), answeringAfter: .milliseconds(150))
        #expect(played.inFlight == 1, "pictures sent before the terminal took the last: \(played.inFlight)")
        #expect((10...14).contains(played.pictures), "one picture for each answer: \(played.pictures) in 2 s")
        // The first picture shows where the playback starts; each after it, a move.
        #expect(abs(played.moves - played.pictures) <= 1, "the slider moves with the picture: \(played.moves) moves, \(played.pictures) pictures")
    }

    @Test("kitty placeholders: a terminal that never answers still plays, a picture each half second, then unpaced")
    func noAnswer() throws {
        let controller = Self.controller(.kittyPlaceholders)
        let start = ContinuousClock.now
        let waiting = Self.run(controller, from: start, for: .milliseconds(1400), answeringAfter: nil)
        #expect((3...4).contains(waiting.pictures), "a picture each 500 ms while waiting: \(waiting.pictures)")
        // Three questions in a row went unanswered: the playback goes at its own pace, asking nothing.
        let free = Self.run(controller, from: start + .milliseconds(1600), for: .seconds(1), answeringAfter: nil)
        #expect(free.pictures >= 15, "20 frames a second again: \(free.pictures)")
        #expect(controller.pacing?.isPacing == false)
    }

    @Test("sixel and kitty: pictures are never held, nothing is asked", arguments: [GraphicsProtocol.sixel, .kitty])
    func otherBackends(graphicsProtocol: GraphicsProtocol) throws {
        let controller = Self.controller(graphicsProtocol)
        #expect(controller.pacing == nil)
        let played = Self.run(controller, from: .now, for: .seconds(1), answeringAfter: nil)
        #expect(played.moves >= 15, "20 frames a second: \(played.moves)")
    }
}
