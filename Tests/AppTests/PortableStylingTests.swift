@testable import App
import AppTestSupport
import Raster
import SizeClass
import Terminal
import TestSupport
import Testing
import TextCells

extension SGRState {
    /// The rendition a terminal should show for `style`: its fields, named as SGR names them.
    init(_ style: CellStyle) {
        func color(_ color: TerminalColor?) -> Color? {
            switch color {
            case .ansi(let number)?: .ansi(Int(number))
            case .indexed(let index)?: .indexed(Int(index))
            case .rgb(let red, let green, let blue)?: .rgb(Int(red), Int(green), Int(blue))
            case .terminalDefault?, nil: nil
            }
        }
        self.init()
        isBold = style.isBold
        isUnderlined = style.isUnderlined
        isInverse = style.isInverse
        foreground = color(style.foreground)
        background = color(style.background)
    }
}

/// The text cells a terminal shows after a run of frames: cursor moves (CUP, CUU, CUD, CHA), SGR, erase and text.
struct StyledScreen {
    struct Cell: Equatable {
        var character: Character = " "
        var rendition = SGRState()
    }

    let columns: Int, rows: Int
    private(set) var cells: [Cell]
    private var rendition = SGRState(), column = 0, row = 0
    /// What this screen could not follow.
    private(set) var problems: [String] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Cell(), count: columns * rows)
    }

    subscript(column: Int, row: Int) -> Cell { cells[row * columns + column] }

    mutating func take(_ frame: [UInt8]) {
        for piece in FrameInspector(frame).pieces {
            switch piece {
            case .csi(let parameters, UInt8(ascii: "H")):
                let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
                row = (numbers.first ?? 1) - 1
                column = (numbers.count > 1 ? numbers[1] : 1) - 1
            case .csi(let parameters, UInt8(ascii: "A")): row -= max(Int(parameters) ?? 1, 1)
            case .csi(let parameters, UInt8(ascii: "B")): row += max(Int(parameters) ?? 1, 1)
            case .csi(let parameters, UInt8(ascii: "G")): column = max(Int(parameters) ?? 1, 1) - 1
            case .csi(let parameters, UInt8(ascii: "m")):
                if !rendition.apply(parameters) { problems.append("unknown SGR \(parameters)") }
            case .csi("2", UInt8(ascii: "J")):
                cells = Array(repeating: Cell(), count: columns * rows)
            case .text(let bytes):
                for character in String(decoding: bytes, as: UTF8.self) {
                    if (0..<columns).contains(column), (0..<rows).contains(row) {
                        cells[row * columns + column] = Cell(character: character, rendition: rendition)
                    }
                    column += CellWidth.of(character)
                }
            default: break
            }
        }
    }
}

/// Issue 21, item 7: short SGR sequences that every terminal reads (mlterm 3.9 loses the
/// background of a 12-parameter one), which still give every cell its style.
@Suite("Portable styling")
struct PortableStylingTests {
    /// A session that shows every kind of styled text: buttons pressed, the graph focused and
    /// unfocused, the popover with its (i) badge, help, history and an error.
    static let script: [AppAction] = [
        .press("7"), .press("×"), .press("M"), .press("+"), .press("1"), .graph, .toggleFocus,
        .togglePopover, .toggleFocus, .togglePopover, .toggleHelp, .dismiss, .openHistory, .dismiss,
        .openExpressionLine, .editExpression(.insert("2 +")), .editExpression(.submit), .dismiss,
        .openExpressionLine, .editExpression(.insert("exp(x)")), .editExpression(.submit), .graph, .fit,
        .togglePopover, .back, .press("9"),
    ]

    static func controller(columns: Int, rows: Int, backend: any GraphicsBackend, theme: Theme) -> AppController {
        AppController(model: AppModel(), window: WindowSize(columns: columns, rows: rows), cell: PixelSize(width: 10, height: 20),
                      presenter: GraphPresenter(backend: backend, glyphs: nil), theme: theme)
    }

    @Test("No SGR sequence in any frame has more than 5 parameters", arguments: [(80, 24), (120, 32), (240, 50)])
    func shortSequences(columns: Int, rows: Int) {
        var longest = 0, sequences = 0, tooLong = [String]()
        for backend in [GraphicsProtocol.kitty.backend(), GraphicsProtocol.unicode.backend()] {
            for theme in [Theme.dark, .light] {
                let controller = Self.controller(columns: columns, rows: rows, backend: backend, theme: theme)
                for action in [nil] + Self.script {
                    if let action { controller.apply(action) }
                    for piece in FrameInspector(controller.frame()).pieces {
                        guard case .csi(let parameters, UInt8(ascii: "m")) = piece else { continue }
                        let count = SGRState.parameterCount(parameters)
                        if count > 5 { tooLong.append("ESC[\(parameters)m has \(count) parameters") }
                        longest = max(longest, count)
                        sequences += 1
                    }
                }
            }
        }
        #expect(tooLong.isEmpty, "\(columns)x\(rows): \(tooLong.count) sequences, such as \(tooLong.prefix(3))")
        #expect(sequences > 20, "the frames were styled")
        #expect(longest == 5, "24-bit colours were written")
    }

    @Test("Decoded back, the sequences give every cell the character and style the app drew", arguments: [(80, 24), (120, 32), (240, 50)])
    func stylesSurvive(columns: Int, rows: Int) throws {
        for theme in [Theme.dark, .light] {
            let controller = Self.controller(columns: columns, rows: rows, backend: GraphicsProtocol.kitty.backend(), theme: theme)
            var screen = StyledScreen(columns: columns, rows: rows)
            var styledCells = 0
            for action in [nil] + Self.script {
                if let action { controller.apply(action) }
                screen.take(controller.frame())
                let drawn = try #require(controller.onScreen)
                var wrong = [String]()
                for row in 0..<rows {
                    for column in 0..<columns where drawn[column, row].width != 0 {
                        let cell = drawn[column, row], shown = screen[column, row]
                        if cell.style.background != nil { styledCells += 1 }
                        if shown.character != cell.character || shown.rendition != SGRState(cell.style) {
                            wrong.append("(\(column), \(row)) \(shown.character) \(shown.rendition) ≠ \(cell.character) \(SGRState(cell.style))")
                        }
                    }
                }
                #expect(wrong.isEmpty, "after \(String(describing: action)) at \(columns)x\(rows): \(wrong.prefix(3))")
            }
            #expect(screen.problems.isEmpty, "\(screen.problems.prefix(3))")
            #expect(styledCells > 0, "cells with a background were checked")
        }
    }
}
