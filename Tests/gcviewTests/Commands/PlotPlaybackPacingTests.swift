import Foundation
import Testing

/// Issue 49, item 4: `plot --animate` through tmux in kitty left the window frozen or black: tmux
/// discards a client's output while it falls behind, pictures included. With kitty's placeholders
/// (the protocol inside tmux) each frame now asks the terminal outside for its DA1 through the
/// passthrough, and the next frame waits for the answer (or half a second). On a pty, the test is
/// that terminal: it answers when it chooses.
@Suite("plot --animate through tmux's passthrough: a frame waits for the terminal to take the last", .serialized)
struct PlotPlaybackPacingTests {
    typealias AppOnPty = InteractivePtyTests.AppOnPty
    static let question = Array("\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\".utf8)

    static func count(_ needle: [UInt8], in bytes: [UInt8]) -> Int {
        guard bytes.count >= needle.count else { return 0 }
        return (0...(bytes.count - needle.count)).count { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// Kitty transmissions (`a=T`, the ESC doubled inside the passthrough) in `bytes`.
    static func pictures(in bytes: [UInt8]) -> Int { count(Array("\u{1B}\u{1B}_Ga=T".utf8), in: bytes) }

    @Test("Each frame asks; the next waits for the answer and comes right after it")
    func framesWaitForTheAnswer() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try AppOnPty(["plot", "sin(a x)", "--animate", "a=1:3", "--fps", "20", "--protocol", "kitty-placeholders",
                                "--size", "200x100", "--theme", "dark"], folder: folder)
        let deadline = Date().addingTimeInterval(15)
        while Self.pictures(in: app.output) < 1, Date() < deadline { usleep(10_000) }
        #expect(Self.count(Self.question, in: app.output) == 1, "the first frame asks")
        // Unanswered, 300 ms are six frames at 20 a second: none is sent.
        usleep(300_000)
        #expect(Self.pictures(in: app.output) == 1, "frames sent before an answer: \(Self.pictures(in: app.output))")
        for answered in 1...3 {
            app.type("\u{1B}[?62;4c")
            let next = Date().addingTimeInterval(2)
            while Self.pictures(in: app.output) <= answered, Date() < next { usleep(5_000) }
            usleep(150_000)
            #expect(Self.pictures(in: app.output) == answered + 1, "after answer \(answered): \(Self.pictures(in: app.output)) frames")
            #expect(Self.count(Self.question, in: app.output) == answered + 1, "each frame asks")
        }
        app.type("x")
        let (status, stderr) = app.finish()
        #expect(status == 0, "\(stderr)")
    }
}
