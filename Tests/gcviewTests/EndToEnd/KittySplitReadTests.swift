import Foundation
import Raster
import Testing

/// kitty reads what a program writes in pieces of its own choosing. A frame must show the same
/// wherever a read ends: this replays the app's own bytes into kitty, cut inside the first picture
/// of a synchronized frame, where kitty 0.26 used to lose the picture (a black graph pane with only
/// the label patches on it, seen now and then when the machine was busy).
@Suite("kitty: a frame read in two parts", .serialized, .needs(EndToEnd.x11 + ["/usr/bin/kitty", "/usr/bin/script"]))
struct KittySplitReadTests {
    static let begin = Array("\u{1B}[?2026h".utf8), end = Array("\u{1B}[?2026l".utf8)
    static let transmission = Array("\u{1B}_Ga=t,".utf8)

    @Test("The panorama swapped in after `g` shows when kitty gets its frame in two reads, cut inside the picture it transmits first")
    func frameCutInsideItsFirstPicture() throws {
        let folder = Paths.temporaryFolder()
        let log = folder.appendingPathComponent("app.log").path
        let state = folder.appendingPathComponent("state.json").path
        let display = try VirtualDisplay()

        // The app as a user runs it in kitty, under `script`, which copies every byte it writes to
        // the log: up to the frame swapping in the panorama rendered ahead (it transmits with a=t).
        var frames: [UInt8]?
        do {
            let gcview = "\(Paths.gcview) --state \(state) --theme dark"
            let window = try TerminalWindow(.kitty, on: display, columns: 120, rows: 32,
                                            command: "\(ReadyMarker.command); read -r _; script -qfc '\(gcview)' \(log); sleep 600")
            try window.startCalculator()
            try window.type(":sin(x)*x\r")
            try window.type("g")
            _ = waitUntil(timeout: 60) {
                frames = Self.framesUntilSwap(in: (try? Data(contentsOf: URL(fileURLWithPath: log))).map { [UInt8]($0) } ?? [])
                return frames != nil
            }
        }
        let recorded = try #require(frames, "the app swapped in a panorama within 60 s")

        // The same bytes again in a fresh kitty, in two writes a second apart, cut a thousand bytes
        // into the first transmission of the swap's frame: kitty reads them in two parts.
        let swapFrame = try #require(recorded.ranges(of: Self.begin).last?.lowerBound)
        let cut = try #require(recorded[swapFrame...].firstRange(of: Self.transmission)?.lowerBound) + 1000
        let replay = folder.appendingPathComponent("replay.bin").path
        try Data(recorded).write(to: URL(fileURLWithPath: replay))
        let window = try TerminalWindow(.kitty, on: display, columns: 120, rows: 32,
                                        command: "\(ReadyMarker.command); read -r _; stty -echo; head -c \(cut) \(replay); "
                                            + "sleep 1; tail -c +\(cut + 1) \(replay); sleep 600")
        try window.startCalculator()
        // The first part shows the whole picture the swap replaces: look once the second has come,
        // and the screen has settled (two screenshots a second apart agree).
        Thread.sleep(forTimeInterval: 2)
        var shot = try window.screenshot(), previous = shot
        _ = try waitUntil(timeout: 20) {
            Thread.sleep(forTimeInterval: 1)
            shot = try window.screenshot()
            defer { previous = shot }
            return shot.pixels == previous.pixels
        }
        let curve = Theme.dark.curveColor(0)
        func curvePixels(_ shot: Screenshot) -> Int {
            shot.graphBox.map { shot.count(of: curve, in: $0.minY..<($0.maxY + 1), columns: $0.minX...$0.maxX) } ?? 0
        }
        let drawn = curvePixels(shot) > 1000 && shot.graphBox.flatMap { shot.axisColumn(in: $0) } != nil
        shot.save(as: "kitty-split-read")
        #expect(drawn, "the graph pane shows sin(x)×x and its y axis (\(curvePixels(shot)) curve pixels); see .build/e2e-screenshots/kitty-split-read.png")
    }

    /// The app's bytes in `log` from its first escape sequence to the end of the first frame that
    /// transmits a picture with a=t (a panorama swapped in), nil until that frame is whole.
    static func framesUntilSwap(in log: [UInt8]) -> [UInt8]? {
        guard let start = log.firstIndex(of: 0x1B), let swap = log.firstRange(of: transmission)?.lowerBound,
              let stop = log[swap...].firstRange(of: end)?.upperBound else { return nil }
        return Array(log[start..<stop])
    }
}
