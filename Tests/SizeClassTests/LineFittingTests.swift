import SizeClass
import Testing
import TestSupport
import TextCells

/// Lines too wide for their box: wrapped or shortened at spaces, never cut inside a word.
@Suite("Line fitting")
struct LineFittingTests {
    /// The words of `text`: what wrapping must keep, in order.
    static func words(_ text: String) -> [Substring] {
        text.split(separator: " ")
    }

    /// A random line: an indent, then words of 1 to `longest` letters (some wide), with gaps of 1 to 4 spaces.
    static func randomLine(_ random: inout SplitMix64, longest: Int) -> String {
        var line = String(repeating: " ", count: Int.random(in: 0...4, using: &random))
        for index in 0..<Int.random(in: 1...14, using: &random) {
            if index > 0 { line += String(repeating: " ", count: Int.random(in: 1...4, using: &random)) }
            for _ in 0..<Int.random(in: 1...longest, using: &random) {
                line.append(random.chance(0.1) ? "数" : random.pick(["a", "b", "(", "±", "→", "x"]))
            }
        }
        return line
    }

    @Test("Wrapping fits every line, keeps every word in order and splits none that fits a line")
    func wrappingKeepsWords() {
        var random = SplitMix64(seed: 21)
        for _ in 0..<2000 {
            let line = Self.randomLine(&random, longest: 6)
            let width = Int.random(in: 24...60, using: &random)
            let lines = LineFitting.wrapped(line, to: width)
            for wrapped in lines {
                #expect(CellWidth.of(wrapped) <= width, "\(wrapped.debugDescription) is wider than \(width)")
            }
            // Words of at most 6 wide characters (12 cells) fit after any indent (at most half of 24 or more).
            #expect(lines.flatMap(Self.words) == Self.words(line), "\(line.debugDescription) at \(width): \(lines)")
            if CellWidth.of(line) <= width { #expect(lines == [line]) }
        }
    }

    @Test("Continuation lines are indented under the line's first column, or two cells in")
    func continuationIndent() {
        let help = "  a   add it to the graph in a colour of its own (up to 6);"
        let lines = LineFitting.wrapped(help, to: 40)
        #expect(lines.count == 2)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("      ") && !$0.hasPrefix("       ") },
                "continued under \"add\": \(lines)")
        let narrow = LineFitting.wrapped("  0-9 . + - * / ^ =   digits, operations, equals (Enter)", to: 20)
        #expect(narrow.contains { $0.hasSuffix("operations,") }, "no hanging indent that splits a word: \(narrow)")
        #expect(narrow.dropFirst().allSatisfy { $0.hasPrefix("    ") && !$0.hasPrefix("     ") }, "\(narrow)")
        let plain = LineFitting.wrapped("one two three four five six seven", to: 12)
        #expect(plain.dropFirst().allSatisfy { $0.hasPrefix("  ") && $0.dropFirst(2).first != " " }, "\(plain)")
    }

    @Test("A break falls at the widest gap, so a key stays with what it does")
    func breaksBetweenEntries() {
        let line = "  c  C (clear all)    n  ± (change sign)    s  √"
        for width in 24...47 {
            let lines = LineFitting.wrapped(line, to: width)
            #expect(lines.contains { $0.contains("n  ± (change sign)") }, "width \(width): \(lines)")
            #expect(lines.contains { $0.contains("s  √") }, "width \(width): \(lines)")
        }
        let issue = "  r  history   Tab  focus (split view)   Esc  back / close   q  quit"
        let lines = LineFitting.wrapped(issue, to: 56)
        #expect(lines.contains { $0.hasSuffix("q  quit") }, "\(lines)")
    }

    @Test("Only a word wider than a whole line is split, and nothing of it is lost")
    func longWordSplit() {
        let lines = LineFitting.wrapped("see abcdefghijklmnopqrstuvwxyz now", to: 10)
        #expect(lines.allSatisfy { CellWidth.of($0) <= 10 }, "\(lines)")
        #expect(lines.joined().filter { $0 != " " } == "seeabcdefghijklmnopqrstuvwxyznow")
        #expect(lines.first == "see", "the long word starts a line of its own: \(lines)")
    }

    @Test("Shortening ends at a word, with room for \" …\", and fits")
    func shorteningAtWords() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<2000 {
            let line = Self.randomLine(&random, longest: 5)
            let width = Int.random(in: 12...50, using: &random)
            let short = LineFitting.shortened(line, to: width)
            #expect(CellWidth.of(short) <= width, "\(short.debugDescription) at \(width)")
            guard short != line else {
                #expect(CellWidth.of(line) <= width)
                continue
            }
            #expect(short.hasSuffix(" …"), "\(short.debugDescription)")
            let kept = String(short.dropLast(2))
            #expect(line.hasPrefix(kept) && kept.last != " " && !kept.allSatisfy { $0 == " " }, "\(kept.debugDescription)")
            #expect(line.dropFirst(kept.count).first == " ", "cut mid-word: \(kept.debugDescription) of \(line.debugDescription)")
            // As many words as fit: one more would not leave room for " …".
            let next = line.dropFirst(kept.count).drop { $0 == " " }.prefix { $0 != " " }
            let longer = String(line.prefix(line.count - line.dropFirst(kept.count).count)) + String(line.dropFirst(kept.count).prefix { $0 == " " }) + next
            #expect(CellWidth.of(longer) + 2 > width, "\(longer.debugDescription) and \" …\" would fit \(width)")
        }
    }

    @Test("The issue's last help line keeps whole words: no \"q qu‥\"")
    func issueLine() {
        let line = "  r  history   Tab  focus (split view)   Esc  back / close   q  quit"
        #expect(LineFitting.shortened(line, to: 64) == "  r  history   Tab  focus (split view)   Esc  back / close   q …")
        #expect(LineFitting.shortened(line, to: 61) == "  r  history   Tab  focus (split view)   Esc  back / close …")
        #expect(LineFitting.shortened("History (Enter or a click graphs, Esc closes)", to: 20) == "History (Enter or …")
    }

    @Test("A first word wider than the line is cut with an ellipsis, the one cut inside a word")
    func firstWordTooLong() {
        #expect(LineFitting.shortened("sin(cos(tan(x)))+1 y", to: 8) == "sin(cos…")
        #expect(LineFitting.shortened("abc", to: 1) == "")
    }
}
