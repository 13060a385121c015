import Foundation
import TestSupport
import Testing

/// `gcview plot --x-time`: x read as seconds since 1970-01-01 UTC, its labels dates in every format.
@Suite("Plotting over time")
struct PlotTimeAxisTests {
    /// The texts of the SVG's `<text>` elements.
    static func texts(ofSVG svg: String) -> [String] {
        svg.components(separatedBy: "</text>").dropLast().compactMap { $0.components(separatedBy: ">").last }
    }

    @Test("--x-time labels x as UTC dates: five days from 2026-12-30 read Dec 30 … Jan 3, New Year as 2027-01-01")
    func daysAcrossNewYear() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph.svg")
        // 1798588800 is 2026-12-30T00:00:00Z (python: datetime(2026, 12, 30) - datetime(1970, 1, 1)).
        let result = try run(Paths.gcview, ["plot", "sin(x / 86400)", "--x-time", "--x", "1798588800:1799020800",
                                            "--size", "720x400", "--output", file.path])
        try #require(result.status == 0, "\(result.stderr)")
        let texts = Self.texts(ofSVG: try String(contentsOf: file, encoding: .utf8))
        for day in ["Dec 30", "Dec 31", "2027-01-01", "Jan 2", "Jan 3"] {
            #expect(texts.contains(day), "\(day) among \(texts)")
        }
        #expect(!texts.contains { $0.contains("e+") || $0.hasPrefix("179") }, "no label reads as a number: \(texts)")
    }

    @Test("--x-time with --x-scale log is refused in one line, exit 2")
    func refusedOnALogAxis() throws {
        let result = try run(Paths.gcview, ["plot", "x", "--x-time", "--x-scale", "log", "--x", "1:1e9", "--output", "/dev/null"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--x-time") && result.stderr.split(separator: "\n").count <= 2, "\(result.stderr)")
    }
}
