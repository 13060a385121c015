@testable import App
import Foundation
import Raster
import SizeClass
import Terminal
import Testing

/// Issue 21, item 8: the keypad and the status line as a person meets them, in rendered text
/// frames at 80x24 (calculator alone), 120x32 and 240x50 (split view).
@Suite("Smaller truths on screen")
struct SmallerTruthsTests {
    static let sizes = [(80, 24), (120, 32), (240, 50)]

    static func controller(columns: Int, rows: Int, theme: Theme = .dark) -> AppController {
        AppController(model: AppModel(), window: WindowSize(columns: columns, rows: rows), cell: PixelSize(width: 10, height: 20),
                      presenter: GraphPresenter(backend: UnicodeBackend(), glyphs: nil), theme: theme)
    }

    /// The text the controller's last frame left on screen, row by row, one character a cell.
    static func screen(_ controller: AppController) throws -> [[Character]] {
        _ = controller.frame()
        let buffer = try #require(controller.onScreen)
        return (0..<buffer.rows).map { row in (0..<buffer.columns).map { buffer[$0, row].character } }
    }

    /// Where `text` starts on `screen`: every (column, row).
    static func find(_ text: String, on screen: [[Character]]) -> [(column: Int, row: Int)] {
        let wanted = Array(text)
        return screen.enumerated().flatMap { row, cells in
            cells.indices.filter { column in
                column + wanted.count <= cells.count && Array(cells[column..<(column + wanted.count)]) == wanted
            }.map { (column: $0, row: row) }
        }
    }

    /// The width of the boxed button whose label is at (column, row): from its left │ to its right │.
    static func boxWidth(at column: Int, row: Int, on screen: [[Character]]) -> Int? {
        let cells = screen[row]
        guard let left = cells[..<column].lastIndex(of: "│"), let right = cells[column...].firstIndex(of: "│") else { return nil }
        return right - left + 1
    }

    @Test("The digit keys are one width, read from the boxes drawn", arguments: sizes)
    func digitKeysOneWidth(columns: Int, rows: Int) throws {
        let screen = try Self.screen(Self.controller(columns: columns, rows: rows))
        var widths = [String: Int]()
        for digit in (0...9).map(String.init) + ["."] {
            // The digit alone in its box: the cells either side of it are blank.
            let places = Self.find(" \(digit) ", on: screen).filter { Self.boxWidth(at: $0.column + 1, row: $0.row, on: screen) != nil }
            let place = try #require(places.first, "\(digit) at \(columns)x\(rows)")
            widths[digit] = Self.boxWidth(at: place.column + 1, row: place.row, on: screen)
        }
        #expect(Set(widths.values).count == 1, "\(columns)x\(rows): \(widths.sorted { $0.key < $1.key })")
    }

    @Test("Short one-row keypads keep the digit keys one width too", arguments: [(80, 20), (67, 7), (18, 10), (101, 21)])
    func digitKeysOneWidthShort(columns: Int, rows: Int) throws {
        let controller = Self.controller(columns: columns, rows: rows)
        let area = try #require(controller.layout.calculator)
        let frames = CalculatorView.buttons(in: area, layout: controller.layout)
        let digits = frames.filter { $0.label.count == 1 && $0.label.first?.isWholeNumber == true }
        #expect(digits.count == 10)
        #expect(Set(digits.map(\.rect.columns)).count == 1, "\(columns)x\(rows): \(digits.map { ($0.label, $0.rect.columns) })")
    }

    @Test("⌫ reads del and →M reads sto, and clicking them deletes and stores", arguments: sizes)
    func legibleWords(columns: Int, rows: Int) throws {
        let controller = Self.controller(columns: columns, rows: rows)
        for character in "12" { controller.handle(.input(.key(.character(character)))) }
        let screen = try Self.screen(controller)
        let text = screen.map { String($0) }.joined(separator: "\n")
        #expect(!text.contains("⌫") && !text.contains("→M"), "the hard-to-read symbols are not drawn")
        let del = try #require(Self.find("del", on: screen).first)
        ControllerFrameTests.click(controller, column: del.column + 1, row: del.row)
        #expect(controller.model.keypad.display == "1", "del deleted the 2")
        // sto does what the →M key (M) does.
        let keyed = Self.controller(columns: columns, rows: rows)
        for character in "1M" { keyed.handle(.input(.key(.character(character)))) }
        let sto = try #require(Self.find("sto", on: screen).first)
        ControllerFrameTests.click(controller, column: sto.column + 1, row: sto.row)
        #expect(controller.model.keypad.display == keyed.model.keypad.display)
        #expect(controller.model.keypad.descriptionLine == keyed.model.keypad.descriptionLine)
        #expect(controller.model.keypad != Self.controller(columns: columns, rows: rows).model.keypad)
    }

    /// WCAG 2 relative luminance of an sRGB colour.
    static func luminance(_ color: TerminalColor?) -> Double? {
        guard case .rgb(let red, let green, let blue)? = color else { return nil }
        func linear(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    @Test("↗ is drawn, with at least 3:1 contrast, before anything is graphed",
          arguments: [(80, 24, Theme.dark), (120, 32, .dark), (240, 50, .light), (80, 20, .dark), (80, 20, .light)])
    func graphButtonLegible(columns: Int, rows: Int, theme: Theme) throws {
        let controller = Self.controller(columns: columns, rows: rows, theme: theme)
        #expect(!controller.model.canGraph)
        let screen = try Self.screen(controller)
        let area = try #require(controller.layout.calculator)
        let button = try #require(CalculatorView.buttons(in: area, layout: controller.layout).first { $0.label == ButtonGrid.graphLabel })
        let place = try #require(Self.find(ButtonGrid.graphLabel, on: screen).first { place in
            (button.rect.column..<(button.rect.column + button.rect.columns)).contains(place.column)
                && (button.rect.row..<(button.rect.row + button.rect.rows)).contains(place.row)
        }, "↗ drawn on its button at \(columns)x\(rows)")
        let cell = try #require(controller.onScreen)[place.column, place.row]
        let ink = try #require(Self.luminance(cell.style.foreground))
        let paper = try #require(Self.luminance(cell.style.background ?? .rgb(theme.background.red, theme.background.green, theme.background.blue)))
        let contrast = (max(ink, paper) + 0.05) / (min(ink, paper) + 0.05)
        #expect(contrast >= 3, "↗ at \(columns)x\(rows): contrast \(contrast)")
    }

    /// The status line's text.
    static func statusLine(_ controller: AppController) throws -> String {
        String(try screen(controller)[controller.layout.statusRow])
    }

    @Test("The status line offers + − zoom exactly when + zooms the graph",
          arguments: [(120, 32), (240, 50), (80, 24)])
    func statusTellsWhoTakesPlus(columns: Int, rows: Int) throws {
        let controller = Self.controller(columns: columns, rows: rows)
        for character in "m=g" { controller.handle(.input(.key(.character(character)))) }
        // Split view: calculator focus, then graph focus; compact: the pushed graph.
        let states = controller.layout.isSplit ? 2 : 1
        for state in 0..<states {
            if state == 1 { controller.handle(.input(.key(.tab))) }
            let status = try Self.statusLine(controller)
            let before = try #require(controller.model.camera).scaleX
            let pending = controller.model.keypad.descriptionLine
            controller.handle(.input(.key(.character("+"))))
            let zoomed = try #require(controller.model.camera).scaleX != before
            #expect(status.contains("+ − zoom") == zoomed, "\(columns)x\(rows) state \(state): \"\(status)\", + zoomed: \(zoomed)")
            if !zoomed { #expect(controller.model.keypad.descriptionLine != pending, "+ went to the calculator") }
        }
    }
}
