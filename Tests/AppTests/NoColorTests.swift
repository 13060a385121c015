@testable import App
import AppTestSupport
import Raster
import Terminal
import TestSupport
import Testing

/// NO_COLOR (no-color.org): the app's text and the braille graph carry no colour, and what
/// colour told apart is told by attributes; the text drawn over the braille graph still hides it.
@Suite("Text without colour (NO_COLOR)")
struct NoColorTests {
    /// A 100 x 30 controller (split view) on the braille fallback, coloured or not.
    static func controller(inColour: Bool) -> AppController {
        AppController(model: AppModel(), window: WindowSize(columns: 100, rows: 30), cell: PixelSize(width: 10, height: 20),
                      presenter: GraphPresenter(backend: UnicodeBackend(inColour: inColour), glyphs: nil),
                      theme: .dark, inColour: inColour)
    }

    /// SGR parameters that name a colour: 30–38 and 40–48 (38 and 48 with what follows), 90–97, 100–107.
    static func namesColour(_ parameters: String) -> Bool {
        parameters.split(separator: ";", omittingEmptySubsequences: false).contains { part in
            guard let number = Int(part) else { return false }
            return (30...38).contains(number) || (40...48).contains(number) || (90...97).contains(number) || (100...107).contains(number)
        }
    }

    @Test("Without colour no frame names a colour, in a session that shows every kind of styled text")
    func noColourWritten() {
        for inColour in [true, false] {
            let controller = Self.controller(inColour: inColour)
            var coloured = [String](), sequences = 0
            for action in [nil] + PortableStylingTests.script + [.graph, .toggleTable] {
                if let action { controller.apply(action) }
                for piece in FrameInspector(controller.frame()).pieces {
                    guard case .csi(let parameters, UInt8(ascii: "m")) = piece else { continue }
                    sequences += 1
                    if Self.namesColour(parameters) { coloured.append(parameters) }
                }
            }
            #expect(sequences > 20, "the frames were styled")
            if inColour {
                #expect(!coloured.isEmpty, "in colour, colours are written")
            } else {
                #expect(coloured.isEmpty, "without colour: \(coloured.prefix(5))")
            }
        }
    }

    @Test("Without colour, what colour told apart is still told apart: a pressed key, the title bar, the display")
    func attributesInstead() {
        let styles = TextStyles(isDark: true, inColour: false)
        let all = [styles.text, styles.dim, styles.display, styles.button, styles.operation, styles.pressed, styles.border,
                   styles.focusedBorder, styles.bar, styles.error, styles.paper]
        #expect(all.allSatisfy { ($0.foreground == nil || $0.foreground == .terminalDefault) && $0.background == nil })
        #expect(Set([styles.text, styles.pressed, styles.bar, styles.display]).count == 4)
        #expect(styles.pressed.isInverse && styles.pressed.isUnderlined && styles.bar.isInverse && styles.display.isBold)
    }

    @Test("The table and help over the braille graph hide it, coloured or not: every cell the frame drew shows its own character",
          arguments: [true, false], [AppAction.toggleTable, .toggleHelp])
    func overlaysHideTheGraph(inColour: Bool, overlay: AppAction) throws {
        let controller = Self.controller(inColour: inColour)
        var screen = StyledScreen(columns: 100, rows: 30)
        for action in [AppAction.openExpressionLine, .editExpression(.insert("sin(x)*x")), .editExpression(.submit), .graph, overlay] {
            controller.apply(action)
            screen.take(controller.frame())
        }
        let drawn = try #require(controller.onScreen)
        let pane = try #require(controller.layout.graph)
        // The overlay's box, from its layout, not from the styles the frame drew it in.
        let box = try #require(ListBox.overlay(of: controller.model, in: controller.layout)).list.box
        #expect(box.row >= pane.row && box.column >= pane.column, "the box stands in the graph pane")
        func isBraille(_ character: Character) -> Bool {
            character.unicodeScalars.first.map { (0x2801...0x28FF).contains($0.value) } == true
        }
        var around = 0, through = [String]()
        for row in pane.row..<(pane.row + pane.rows) {
            for column in pane.column..<(pane.column + pane.columns) where drawn[column, row].width != 0 {
                let shown = screen[column, row].character
                let inBox = (box.row..<(box.row + box.rows)).contains(row) && (box.column..<(box.column + box.columns)).contains(column)
                if !inBox, isBraille(shown) { around += 1 }
                if inBox, shown != drawn[column, row].character {
                    through.append("(\(column), \(row)) \(shown) for '\(drawn[column, row].character)'")
                }
            }
        }
        #expect(around > 100, "the braille graph is on screen around the overlay")
        #expect(through.isEmpty, "\(through.count) cells of the box show the graph through it: \(through.prefix(4))")
        #expect(screen.problems.isEmpty, "\(screen.problems.prefix(3))")
    }
}
