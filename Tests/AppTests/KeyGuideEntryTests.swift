@testable import App
import Foundation
import SizeClass
import Testing

/// Help keeps each key beside what it does at every width (issue 49: at 120 columns the help read
/// "W  the screen  d" / "newest only"). `LineFitting` breaks a help line at its widest gap, so
/// entries must stand further apart (3 spaces or more) than a key from its words (2).
@Suite("The key guide's entries")
struct KeyGuideEntryTests {
    /// A line's entries: the text between gaps of three or more spaces, after its indent.
    static func entries(of line: String) -> [String] {
        line.trimmingCharacters(in: .whitespaces).components(separatedBy: "   ")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test("Every entry is one key and its words: at most one gap of two spaces in it")
    func oneKeyAnEntry() {
        for line in KeyGuide.lines {
            for entry in Self.entries(of: line) {
                #expect(entry.components(separatedBy: "  ").count <= 2, "'\(entry)' in '\(line)'")
            }
        }
    }

    @Test("Wrapped to any width a help box has, a key stays beside its first word", arguments: Array(43...140))
    func keysBesideTheirWords(width: Int) {
        for line in KeyGuide.lines {
            let wrapped = LineFitting.wrapped(line, to: width)
            for entry in Self.entries(of: line) {
                let parts = entry.components(separatedBy: "  ")
                guard parts.count == 2, let word = parts[1].split(separator: " ").first else { continue }
                let start = parts[0] + "  " + word
                #expect(wrapped.contains { $0.contains(start) }, "'\(start)' cut at \(width): \(wrapped)")
            }
        }
    }
}
