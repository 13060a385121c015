import Terminal
import TestSupport
import Testing

/// `CellStyle.selectGraphicRendition` writes short sequences that decode back to the style.
@Suite("SGR sequences")
struct SessionStyleSequenceTests {
    static let colors: [TerminalColor?] = [nil, .ansi(3), .ansi(12), .indexed(200), .rgb(255, 0, 128), .rgb(0, 0, 0)]

    /// The parameter strings of the SGR sequences in `bytes`, which must hold nothing else.
    static func sequences(_ bytes: [UInt8]) -> [String]? {
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.split(separator: "\u{1B}[", omittingEmptySubsequences: false)
        guard parts.first == "", parts.dropFirst().allSatisfy({ $0.hasSuffix("m") }) else { return nil }
        return parts.dropFirst().map { String($0.dropLast()) }
    }

    @Test("Every style: at most 5 parameters a sequence, and decoded back it is the style")
    func everyStyle() throws {
        for foreground in Self.colors {
            for background in Self.colors {
                for attributes in 0..<8 {
                    let style = CellStyle(foreground: foreground, background: background, isBold: attributes & 1 != 0,
                                          isUnderlined: attributes & 2 != 0, isInverse: attributes & 4 != 0)
                    let sequences = try #require(Self.sequences(style.selectGraphicRendition))
                    #expect(sequences.allSatisfy { SGRState.parameterCount($0) <= 5 }, "\(sequences)")
                    // From any rendition, the sequences set exactly this one.
                    var state = SGRState()
                    state.apply("1;4;7;31;42")
                    for sequence in sequences {
                        let known = state.apply(sequence)
                        #expect(known, "\(sequence)")
                    }
                    #expect(state.isBold == style.isBold && state.isUnderlined == style.isUnderlined && state.isInverse == style.isInverse)
                    #expect(state.foreground == Self.decoded(foreground) && state.background == Self.decoded(background), "\(sequences)")
                }
            }
        }
    }

    @Test("The focused title bar's style, bold on 24-bit colours, is three short sequences")
    func boldOnTwoColours() throws {
        let style = CellStyle(foreground: .rgb(1, 2, 3), background: .rgb(4, 5, 6), isBold: true)
        #expect(try #require(Self.sequences(style.selectGraphicRendition)) == ["0;1", "38;2;1;2;3", "48;2;4;5;6"])
        #expect(Self.sequences(CellStyle(foreground: .ansi(1), background: .ansi(2), isBold: true).selectGraphicRendition) == ["0;1;31;42"])
    }

    static func decoded(_ color: TerminalColor?) -> SGRState.Color? {
        switch color {
        case .ansi(let number)?: .ansi(Int(number))
        case .indexed(let index)?: .indexed(Int(index))
        case .rgb(let red, let green, let blue)?: .rgb(Int(red), Int(green), Int(blue))
        // SGR 39 and 49: the terminal's own colour, as if none were set.
        case .terminalDefault?, nil: nil
        }
    }
}
