import Foundation
import Raster
import Testing
@testable import Codecs

/// The readable braille fallback: labels and title as text in cells, the curve in its full colour,
/// and no label over a cell the curve passes through; checked against the true curve, not a golden.
@Suite("Unicode fallback: text labels")
struct GraphicsUnicodeLabelTests {
    /// One cell of a rendered line: the character and the colour it is drawn in.
    struct ShownCell {
        let character: Character
        let color: RGB?
    }

    /// Lines of SGR-coloured text split into cells.
    static func cells(_ lines: [String]) -> [[ShownCell]] {
        lines.map { line in
            var cells = [ShownCell]()
            var color: RGB?
            var scalars = line.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "\u{1B}" else {
                    cells.append(ShownCell(character: Character(scalar), color: color))
                    continue
                }
                var sequence = ""
                while let next = scalars.next(), next != "m" { sequence.unicodeScalars.append(next) }
                let numbers = sequence.dropFirst().split(separator: ";").compactMap { UInt8($0) }
                color = numbers.count == 5 ? RGB(numbers[2], numbers[3], numbers[4]) : nil
            }
            return cells
        }
    }

    static let columns = 100, rows = 30
    static let function: @Sendable (Double) -> Double? = { sin($0) * $0 }

    /// Curves that run where labels go: along the x labels' row, and across both axes' labels.
    static let crossings: [(name: String, function: @Sendable (Double) -> Double?)] = [
        ("sin(x)·x", function), ("-1.1", { _ in -1.1 }), ("x", { $0 }), ("-1.2 + x/40", { -1.2 + $0 / 40 }),
    ]

    /// The graph of `function` on [-10, 10] × [-12, 12] as braille lines, rendered as the app and plot do.
    static func render(theme: Theme, function: @escaping (Double) -> Double? = function) -> (lines: [[ShownCell]], viewport: Viewport) {
        let viewport = Viewport(width: columns * 2, height: rows * 4, xRange: -10...10, yRange: -12...12)
        var style = GraphStyle.sized(forTextHeight: 4, theme: theme, title: "y = sin(x) × x")
        style.lineWidth = 1
        let image = GraphRenderer(style: style, glyphs: CellGlyphs(width: 2, height: 4)).render(function, in: viewport)
        return (cells(UnicodeRenderer(background: 0).render(image, columns: columns, rows: rows)), viewport)
    }

    /// Whether the true curve passes through cell (`column`, `row`): its values over the cell's x span
    /// (sampled finely) reach the cell's y span.
    static func curvePasses(column: Int, row: Int, viewport: Viewport, function: (Double) -> Double? = function) -> Bool {
        let dotWidth = (viewport.xRange.upperBound - viewport.xRange.lowerBound) / Double(viewport.width)
        let dotHeight = (viewport.yRange.upperBound - viewport.yRange.lowerBound) / Double(viewport.height)
        let left = viewport.xRange.lowerBound + Double(column * 2) * dotWidth
        let top = viewport.yRange.upperBound - Double(row * 4) * dotHeight
        let bottom = top - 4 * dotHeight
        let values = (0...40).compactMap { function(left - dotWidth + Double($0) / 40 * 4 * dotWidth) }
        guard let low = values.min(), let high = values.max() else { return false }
        return high >= bottom - dotHeight && low <= top + dotHeight
    }

    @Test("The title and tick labels are text, each tick label beside its tick", arguments: [Theme.dark, .light])
    func labelsAreText(theme: Theme) {
        let (lines, viewport) = Self.render(theme: theme)
        let text = lines.map { String($0.map(\.character)) }
        #expect(text[0].contains("y = sin(x) × x"), "title: \(text[0])")
        // Numbers written as text, found with where they stand.
        var found = [(value: Double, column: Int, row: Int)]()
        for (row, line) in text.enumerated() {
            let characters = Array(line)
            var column = 0
            while column < characters.count {
                guard characters[column] == "-" || characters[column].isNumber else { column += 1; continue }
                var end = column
                while end < characters.count, characters[end] == "-" || characters[end].isNumber || characters[end] == "." { end += 1 }
                if let value = Double(String(characters[column..<end])) { found.append((value, column, row)) }
                column = end
            }
        }
        let xLabels = found.filter { $0.row != 0 && abs(Double($0.row) - Double(Self.rows) / 2) <= 2 }
        let yLabels = found.filter { abs(Double($0.row) - Double(Self.rows) / 2) > 2 && $0.row != 0 }
        #expect(xLabels.count >= 2 && yLabels.count >= 2, "labels found: \(found)")
        // Ticks step 1-2-5: each label is a multiple of its axis's step, next to where its value falls.
        for label in xLabels {
            let step = 5.0
            #expect(label.value.truncatingRemainder(dividingBy: step) == 0, "x label \(label.value)")
            let tickColumn = (label.value - viewport.xRange.lowerBound) / 20 * Double(Self.columns)
            let width = Double(String(label.value == label.value.rounded() ? String(Int(label.value)) : String(label.value)).count)
            #expect(abs(Double(label.column) + width / 2 - tickColumn) <= 2, "x label \(label.value) at column \(label.column)")
        }
        for label in yLabels {
            #expect(label.value.truncatingRemainder(dividingBy: 5) == 0, "y label \(label.value)")
            let tickRow = (viewport.yRange.upperBound - label.value) / 24 * Double(Self.rows)
            #expect(abs(Double(label.row) + 0.5 - tickRow) <= 1, "y label \(label.value) at row \(label.row)")
        }
    }

    @Test("No label character sits in a cell the curve passes through", arguments: [Theme.dark, .light], 0..<4)
    func labelsNeverHideTheCurve(theme: Theme, crossing: Int) {
        let curve = Self.crossings[crossing]
        let (lines, viewport) = Self.render(theme: theme, function: curve.function)
        var labels = 0
        for (row, line) in lines.enumerated() where row > 1 {
            for (column, cell) in line.enumerated() where cell.character != " " && !Self.isBraille(cell.character) {
                labels += 1
                #expect(!Self.curvePasses(column: column, row: row, viewport: viewport, function: curve.function),
                        "y = \(curve.name): '\(cell.character)' at \(column),\(row) hides the curve")
            }
        }
        #expect(labels > 0, "y = \(curve.name): some labels are left")
    }

    @Test("Cells the curve passes through away from the axes are the curve's full colour", arguments: [Theme.dark, .light])
    func fullCurveColour(theme: Theme) {
        let (lines, viewport) = Self.render(theme: theme)
        var checked = 0
        for (row, line) in lines.enumerated() where row > 2 && abs(row - Self.rows / 2) > 1 {
            for (column, cell) in line.enumerated() where abs(column - Self.columns / 2) > 1 && Self.isBraille(cell.character) {
                guard Self.curvePasses(column: column, row: row, viewport: viewport), cell.color != theme.label else { continue }
                // A cell near the curve holds curve dots, unless it only touches it: those are blank or other ink.
                if cell.color != theme.axis && cell.color != theme.grid {
                    #expect(cell.color == theme.curve, "cell \(column),\(row) is \(String(describing: cell.color))")
                    checked += 1
                }
            }
        }
        #expect(checked > 100, "checked \(checked) curve cells")
    }

    static func isBraille(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0x2800...0x28FF).contains($0.value) } ?? false
    }
}
