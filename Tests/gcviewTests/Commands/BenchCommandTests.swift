import Foundation
import Testing

/// `gcview bench` at a small `--size` prints its whole table and exits 0: the lines that need the
/// app's layout say they were skipped (it once printed half the table, then failed).
@Suite("gcview bench at small sizes")
struct BenchCommandTests {
    @Test("a 16x16 bench prints every line it can and says which it skipped")
    func smallSize() throws {
        let size = "16x16"
        let finished = try run(Paths.gcview, ["bench", "--size", size, "--runs", "1", "--x", "-3:3"], timeout: 240)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stderr.isEmpty, "\(finished.stderr)")
        #expect(finished.stdout.contains("frame kitty"))
        #expect(finished.stdout.contains("interactive lines skipped: the app's layout has no graph pane of \(size) px"))
        #expect(finished.stdout.contains("restore of 400 history entries"))
        #expect(finished.stdout.contains("gif 800x500, 60 frames of sin(a x)*x, a = 1:3: "))
        #expect(finished.stdout.contains("plot 800x500, a whole gcview plot process: "))
        // tan has two poles in (−3, 3), at ±π/2; floor five jumps, at −2 … 2.
        let points = finished.stdout.split(separator: "\n").filter { $0.hasPrefix("points ") }
        #expect(points.count == 4)
        #expect(points.contains { $0.hasPrefix("points tan(x)") && $0.contains(" 2 poles") })
        #expect(points.contains { $0.hasPrefix("points floor(x)") && $0.contains(" 5 jumps") })
    }
}
