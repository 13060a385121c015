import Foundation
import Testing

/// The bytes a pan step costs in kitty, counted on a pseudo-terminal: `script` runs the app on
/// one, as a user's terminal would, and the test reads every byte the app writes to it.
@Suite("Kitty pan bytes through a pty")
struct KittyPanBytesTests {
    /// The app running under `script`, with its terminal's output readable.
    final class App {
        let process = Process()
        let input = Pipe(), output = Pipe()
        private var pending = [UInt8]()

        init(state: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            // No terminal answers the probe: it waits its cap, and --protocol picks kitty.
            process.arguments = ["-qfec", "stty cols 120 rows 32; exec \(Paths.gcview) --state \(state) --theme dark --protocol kitty",
                                 "/dev/null"]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = output
            try launch(process)
            _ = fcntl(output.fileHandleForReading.fileDescriptor, F_SETFL, O_NONBLOCK)
        }

        deinit {
            if process.isRunning { process.terminate() }
        }

        func type(_ text: String) {
            input.fileHandleForWriting.write(Data(text.utf8))
        }

        /// The bytes of the next whole frame (synchronized update begin to end), waiting up to `timeout` seconds.
        func nextFrame(timeout: TimeInterval = 20) -> [UInt8]? {
            let begin = Array("\u{1B}[?2026h".utf8), end = Array("\u{1B}[?2026l".utf8)
            var buffer = [UInt8](repeating: 0, count: 65536)
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let start = pending.firstRange(of: begin)?.lowerBound,
                   let stop = pending[start...].firstRange(of: end)?.upperBound {
                    let frame = Array(pending[start..<stop])
                    pending.removeFirst(stop)
                    return frame
                }
                var descriptor = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 50) > 0 else { continue }
                let count = read(output.fileHandleForReading.fileDescriptor, &buffer, buffer.count)
                if count > 0 { pending += buffer[..<count] } else if count == 0 { return nil }
            }
            return nil
        }

        /// The frames drawn until none comes for `quiet` seconds (a panorama rendered ahead swapping in).
        func framesUntilQuiet(_ quiet: TimeInterval = 2) -> [[UInt8]] {
            var frames = [[UInt8]]()
            while let frame = nextFrame(timeout: quiet) { frames.append(frame) }
            return frames
        }

        /// The frames drawn until one contains `marker`.
        func frames(until marker: String) -> [[UInt8]] {
            var frames = [[UInt8]]()
            while let frame = nextFrame() {
                frames.append(frame)
                if String(decoding: frame, as: UTF8.self).contains(marker) { break }
            }
            return frames
        }
    }

    /// The ids of the patches laid over labels a pan's window cuts (the app's first id is 7001).
    static let patchIDs = 7008...7011

    /// `frame` split three ways: the step itself; a panorama swapped in (its `a=t` transmission
    /// and the old pictures' deletion), and how many bytes those took; and the patches over labels
    /// the window cuts (their transmissions and deletions, with the cursor moves around them), and theirs.
    static func separating(_ frame: [UInt8]) -> (step: [UInt8], swap: Int, patches: Int) {
        // The frame as pieces: kitty commands with their keys, cursor moves, and single bytes.
        enum Piece { case kitty(String), cursorMove, other }
        var pieces = [(bytes: ArraySlice<UInt8>, piece: Piece)]()
        var index = 0
        while index < frame.count {
            if frame[index...].starts(with: [0x1B, 0x5F, 0x47]), let end = frame[index...].firstRange(of: [0x1B, 0x5C])?.upperBound {
                let keys = String(decoding: frame[(index + 3)..<end].prefix { $0 != UInt8(ascii: ";") && $0 != 0x1B }, as: UTF8.self)
                pieces.append((frame[index..<end], .kitty(keys)))
                index = end
            } else if frame[index...].starts(with: [0x1B, 0x5B]),
                      let final = frame[(index + 2)...].firstIndex(where: { !(0x30...0x3F).contains($0) }), frame[final] == UInt8(ascii: "H") {
                pieces.append((frame[index...final], .cursorMove))
                index = final + 1
            } else {
                pieces.append((frame[index..<(index + 1)], .other))
                index += 1
            }
        }
        func isPatch(_ keys: String) -> Bool {
            keys.split(separator: ",").contains { $0.hasPrefix("i=") && Int($0.dropFirst(2)).map(patchIDs.contains) == true }
        }
        var step = [UInt8](), swap = 0, patches = 0
        var inTransmission = false, inPatch = false, afterPatch = false
        for (position, (bytes, piece)) in pieces.enumerated() {
            switch piece {
            case .kitty(let keys):
                let continues = keys.hasPrefix("m=")
                afterPatch = (continues && inPatch) || (!continues && isPatch(keys))
                if afterPatch {
                    patches += bytes.count
                    inPatch = keys.hasSuffix("m=1")
                    continue
                }
                let isSwap = keys.hasPrefix("a=t,") || keys.hasPrefix("a=d,") || (inTransmission && continues)
                if keys.hasPrefix("a=t,") || (inTransmission && continues) { inTransmission = keys.hasSuffix("m=1") }
                if isSwap { swap += bytes.count } else { step += bytes }
            case .cursorMove:
                // A cursor move before a patch, or back right after one, is the patch's.
                var beforePatch = false
                if pieces.indices.contains(position + 1), case .kitty(let keys) = pieces[position + 1].piece { beforePatch = isPatch(keys) }
                if beforePatch || afterPatch { patches += bytes.count } else { step += bytes }
                afterPatch = false
            case .other:
                step += bytes
                afterPatch = false
            }
        }
        return (step, swap, patches)
    }

    /// The most bytes the patches of one step may take (measured in `KittyPanoramaTests`: up to
    /// 1 201 bytes in a 1200x560 pane; a whole picture of it is 13 to 15 KB).
    static let patchLimit = 3_000

    /// The app with a state file of its own, sin(x)*x typed and graphed.
    static func appGraphing() throws -> App {
        let state = Paths.temporaryFolder().appendingPathComponent("state.json").path
        let app = try App(state: state)
        // Keys typed during the probe would be flushed with its unanswered queries: wait for the first screen.
        #expect(app.nextFrame() != nil, "the calculator's first screen")
        app.type(":sin(x)*x\r")
        app.type("g")
        return app
    }

    @Test("Inside the margin each arrow-key pan writes at most 100 bytes besides patches over labels the window cuts; crossing it sends a new picture")
    func panBytes() throws {
        let app = try Self.appGraphing()
        let graphed = app.frames(until: "\u{1B}_Ga=T")
        #expect(graphed.last.map { String(decoding: $0, as: UTF8.self).contains(",w=") } == false,
                "the graph arrives whole at once")
        let swapped = app.frames(until: "\u{1B}_Ga=t,")
        #expect(swapped.last.map { String(decoding: $0, as: UTF8.self).contains(",w=") } == true,
                "then its panorama, rendered on another thread, swaps in with a window over it")
        var steps = [Int]()
        var crossed = false
        for _ in 1...8 {
            app.type("\u{1B}[C")
            let frame = try #require(app.nextFrame(), "a frame for each pan key")
            // A panorama rendered ahead may be swapped in by the same frame: that is not the step's
            // cost. Patches over labels the window cuts are counted apart.
            let (step, _, patchBytes) = Self.separating(frame)
            #expect(patchBytes <= Self.patchLimit, "patches of \(patchBytes) bytes")
            // Past the panorama before the next one is ready: the picture whole (and the layers deleted).
            if String(decoding: step, as: UTF8.self).contains("\u{1B}_Ga=T") {
                crossed = true
                break
            }
            steps.append(step.count)
        }
        app.type("q")
        #expect(steps.count >= 4 && steps.allSatisfy { $0 <= 100 }, "bytes per step inside the margin: \(steps)")
        #expect(crossed, "walking on past the margin transmits a new panorama")
        app.process.waitUntilExit()
    }

    static func placements(in frame: [UInt8]) -> Int {
        String(decoding: frame, as: UTF8.self).components(separatedBy: "\u{1B}_Ga=p,").count - 1
    }

    @Test("With the x labels pinned to the bottom edge a step across them places the graph alone (at most 100 bytes besides patches); one along them places their strip too (at most 130)")
    func pinnedLabelBytes() throws {
        let app = try Self.appGraphing()
        _ = app.frames(until: "\u{1B}_Ga=t,")
        // Nine steps up take the x axis below the pane; the panorama rendered ahead for that view
        // brings its labels in a strip of their own (ids 7005 or 7006).
        for _ in 1...9 {
            app.type("\u{1B}[A")
            _ = app.nextFrame()
        }
        let settled = app.framesUntilQuiet().map { String(decoding: $0, as: UTF8.self) }
        #expect(settled.contains { $0.contains("a=t,") && ($0.contains("i=7005,") || $0.contains("i=7006,")) },
                "the pinned labels' strip was sent")
        var along = [Int](), across = [Int]()
        for key in ["\u{1B}[C", "\u{1B}[D", "\u{1B}[B", "\u{1B}[A", "\u{1B}[D", "\u{1B}[C", "\u{1B}[A", "\u{1B}[B"] {
            app.type(key)
            let frame = try #require(app.nextFrame(), "a frame for each pan key")
            let (step, swap, patchBytes) = Self.separating(frame)
            #expect(patchBytes <= Self.patchLimit, "patches of \(patchBytes) bytes")
            guard swap == 0, !String(decoding: step, as: UTF8.self).contains("\u{1B}_Ga=T") else { continue }
            let sideways = key == "\u{1B}[C" || key == "\u{1B}[D"
            #expect(Self.placements(in: step) == (sideways ? 2 : 1), "\(sideways ? "along" : "across"): \(step.count) bytes")
            if sideways { along.append(step.count) } else { across.append(step.count) }
        }
        app.type("q")
        #expect(along.count >= 3 && along.allSatisfy { $0 <= 130 }, "steps along the pinned labels: \(along)")
        #expect(across.count >= 3 && across.allSatisfy { $0 <= 100 }, "steps across them: \(across)")
        app.process.waitUntilExit()
    }
}
