import Foundation
import Testing

/// `plot` and `probe` say when there is no font for the labels instead of silently dropping them.
@Suite("Commands: a missing font is said")
struct FontTests {
    /// An environment whose font search finds nothing: `GCVIEW_FONT` names a file in an empty folder.
    static func withoutFont(_ folder: URL) -> [String: String] {
        ["GCVIEW_FONT": folder.appendingPathComponent("DejaVuSans.ttf").path]
    }

    @Test("plot warns in one line on stderr and still writes the graph")
    func plotWarns() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("graph.png").path
        let finished = try run(Paths.gcview, ["plot", "x", "--size", "200x100", "--output", output],
                               environment: Self.withoutFont(folder))
        #expect(finished.status == 0, "\(finished.stderr)")
        let lines = finished.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(finished.stderr)")
        #expect(lines.first?.hasPrefix("gcview: warning: no font found") == true, "\(finished.stderr)")
        #expect(lines.first?.hasSuffix("labels are not drawn") == true, "\(finished.stderr)")
        #expect(FileManager.default.fileExists(atPath: output))
    }

    @Test("plot with the system font says nothing on stderr")
    func plotQuiet() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("graph.png").path
        let finished = try run(Paths.gcview, ["plot", "x", "--size", "200x100", "--output", output])
        #expect(finished.status == 0)
        #expect(finished.stderr.isEmpty, "\(finished.stderr)")
    }

    @Test("probe reports the font's path, or that there is none")
    func probeReportsFont() throws {
        let found = try run(Paths.gcview, ["probe"])
        #expect(found.status == 0)
        #expect(found.stdout.split(separator: "\n").contains { $0.hasPrefix("font: /") && $0.hasSuffix(".ttf") },
                "\(found.stdout)")

        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try run(Paths.gcview, ["probe"], environment: Self.withoutFont(folder))
        #expect(missing.status == 0)
        #expect(missing.stdout.split(separator: "\n").contains { $0.hasPrefix("font: none: labels are not drawn") },
                "\(missing.stdout)")
    }
}
