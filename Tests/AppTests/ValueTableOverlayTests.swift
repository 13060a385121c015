import Foundation
@testable import App
import Terminal
import Raster
import Testing

/// Issue 22, item 6: `T` opens a table of values over the graph in steps of the x ticks, each y
/// from the curve's closed form; it scrolls, and its row follows the trace.
@Suite("Table of values in the app")
struct ValueTableOverlayTests {
    static let layout = ScreenLayout(columns: 100, rows: 30, route: .graph)

    /// A model graphing `first` and `second` with the table open, the table as shown, and its rows split into cells.
    static func tableOf(_ first: String, and second: String) throws -> (AppModel, ListBox.Shown, [[String]]) {
        var model = AppModel.graphing(first, in: Panes.full)
        model.add(expression: second)
        model.apply(.toggleTable, graphPane: Panes.full)
        let shown = try #require(ListBox.overlay(of: model, in: Self.layout))
        return (model, shown, shown.lines.dropFirst().map { $0.split(separator: " ").map(String.init) })
    }

    @Test("T lists x in tick steps with sin(x) and x/2 beside them; ↓ scrolls; the traced x's row is highlighted; Esc closes")
    func table() throws {
        let (opened, shown, rows) = try Self.tableOf("sin(x)", and: "x/2")
        var model = opened
        #expect(shown.lines.first?.hasPrefix("x") == true && shown.lines.first?.contains("y2") == true)
        #expect(rows.count > 5)
        let xs = rows.compactMap { Double($0[0]) }
        let step = xs[1] - xs[0]
        #expect([1.0, 2, 5, 0.5, 0.2, 10].contains(step), "a tick step: \(step)")
        for row in rows {
            let x = try #require(Double(row[0]))
            #expect(abs(try #require(Double(row[1])) - sin(x)) < 5e-6, "sin(\(x))")
            #expect(abs(try #require(Double(row[2])) - x / 2) < 5e-6, "\(x)/2")
        }
        let first = shown.list.firstLine
        model.apply(.scrollTable(toRow: 3), graphPane: Panes.full)
        #expect(try #require(ListBox.overlay(of: model, in: Self.layout)).list.firstLine != first || first == 3)
        model.apply(.dismiss, graphPane: Panes.full)
        model.apply(.trace(.start), graphPane: Panes.full)
        model.apply(.toggleTable, graphPane: Panes.full)
        let traced = try #require(ListBox.overlay(of: model, in: Self.layout))
        let highlighted = try #require(traced.highlighted)
        #expect(traced.lines[highlighted].hasPrefix("0 "), "the row of x = 0, where the trace is: \(traced.lines[highlighted])")
        model.apply(.dismiss, graphPane: Panes.full)
        #expect(model.overlay == nil)
    }
}

/// The table as a user scrolls it: it opens on the view's centre (or the traced x), its heading
/// stays in view, and a scroll past either end is taken back by the first key the other way.
@Suite("Table of values: opening row, pinned heading, scrolling")
struct ValueTableScrollTests {
    /// The row of `shown` (a table) whose x is `x`, as an index into its lines.
    static func line(ofX x: Double, in shown: ListBox.Shown) -> Int? {
        shown.lines.indices.dropFirst().first { Double(shown.lines[$0].split(separator: " ")[0]) == x }
    }

    /// The lines of the table the controller would draw now, in the picture (its panel's texts).
    static func pictureLines(_ controller: AppController, _ captured: CapturedPictures) throws -> [String] {
        _ = controller.frame()
        let image = try #require(captured.images.last)
        return image.texts.filter { $0.role == .panel }.map(\.text)
    }

    @Test("T opens with the row of the view's centre x in the middle under the heading, in the picture and as text")
    func opensOnTheCentre() throws {
        let (controller, captured) = HelpFitTests.controller(columns: 60, rows: 20)
        controller.handle(.input(.key(.character("T"))))
        let shown = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        let list = shown.list
        #expect(shown.lines.count > list.visibleLines + 1, "60 x 20 is too small for the whole table")
        #expect(list.shownLines.first == 0 && shown.lines[0].hasPrefix("x "), "the heading shows first")
        let centre = try #require(Self.line(ofX: 0, in: shown), "y = x is graphed around x = 0")
        let middle = list.shownLines[1 + list.visibleLines / 2]
        #expect(abs(middle - centre) <= 1, "line \(centre) (x = 0) is in the middle, not line \(middle)")
        #expect(list.firstLine > 1, "the rows left of the view are scrolled past")
        let picture = try Self.pictureLines(controller, captured)
        #expect(picture.contains { $0.hasPrefix("x ") }, "the picture's panel has the heading: \(picture)")
        #expect(picture.contains { $0.hasPrefix("0 ") }, "and the row of x = 0: \(picture)")
        let text = HelpFitTests.screen(controller)
        #expect(text.contains { $0.contains("│ x ") }, "the text screen has the heading too")
    }

    @Test("↓ past the end keeps the last page, and ↑ then scrolls at once; the heading stays; other keys close")
    func scrollsWithinTheRows() throws {
        let (controller, captured) = HelpFitTests.controller(columns: 60, rows: 20)
        controller.handle(.input(.key(.character("T"))))
        let total = try #require(ListBox.overlay(of: controller.model, in: controller.layout)).lines.count
        for _ in 0..<(total + 20) { controller.handle(.input(.key(.down))) }
        var shown = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        #expect(shown.list.firstLine == total - shown.list.visibleLines, "the last page")
        #expect(shown.list.shownLines.last == total - 1 && shown.list.shownLines.first == 0)
        #expect(shown.footer == " ↑ more ")
        controller.handle(.input(.key(.up)))
        shown = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        #expect(shown.list.firstLine == total - shown.list.visibleLines - 1, "one ↑ moves one line")
        for _ in 0..<(total + 20) { controller.handle(.input(.key(.pageUp))) }
        shown = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        #expect(shown.list.firstLine == 1 && shown.footer == " ↓ more ", "the first row under the heading")
        controller.handle(.input(.key(.character("j"))))
        #expect(try #require(ListBox.overlay(of: controller.model, in: controller.layout)).list.firstLine == 2)
        let picture = try Self.pictureLines(controller, captured)
        #expect(picture.contains { $0.hasPrefix("x ") }, "the heading stays in the picture: \(picture)")
        #expect(!picture.contains { $0.hasPrefix("\(shown.lines[1].split(separator: " ")[0]) ") }, "the first row does not")
        let panel = ListBox.panel(try #require(ListBox.overlay(of: controller.model, in: controller.layout)),
                                  in: try #require(controller.layout.graph), cell: PixelSize(width: 9, height: 18))
        #expect(panel.lines.first?.hasPrefix("x ") == true, "the heading is the panel's top line: \(panel.lines)")
        controller.handle(.input(.key(.character("x"))))
        #expect(controller.model.overlay == nil)
    }

    @Test("While tracing, the traced x's row is highlighted and in the middle, and ↑ ↓ still scroll")
    func scrollsWhileTracing() throws {
        let (controller, _) = HelpFitTests.controller(columns: 60, rows: 20)
        controller.handle(.input(.key(.character("t"))))
        let traced = try #require(controller.model.trace).x
        controller.handle(.input(.key(.character("T"))))
        let shown = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        let highlighted = try #require(shown.highlighted)
        let row = try #require(Double(shown.lines[highlighted].split(separator: " ")[0]))
        let rows = shown.lines.dropFirst().compactMap { Double($0.split(separator: " ")[0]) }
        #expect(rows.allSatisfy { abs($0 - traced) >= abs(row - traced) }, "row \(row) is the nearest to x = \(traced)")
        #expect(shown.list.shownLines.contains(highlighted))
        let first = shown.list.firstLine
        #expect(first >= 3, "the traced row is centred, rows scrolled past above it")
        for _ in 0..<2 { controller.handle(.input(.key(.up))) }
        let scrolled = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        #expect(scrolled.list.firstLine == first - 2, "scrolled from \(first) to \(scrolled.list.firstLine)")
        #expect(scrolled.highlighted == highlighted, "the traced row still stands out")
    }

    @Test("A table that shows every row stays open on ↑ ↓ and Space")
    func wholeTableStaysOpen() throws {
        let (controller, _) = HelpFitTests.controller(columns: 240, rows: 80)
        controller.handle(.input(.key(.character("T"))))
        let shown = try #require(ListBox.overlay(of: controller.model, in: controller.layout))
        #expect(shown.lines.count == shown.list.visibleLines + 1, "240 x 80 shows the whole table")
        for key in [KeyPress.down, .up, .character(" "), .pageDown] {
            controller.handle(.input(.key(key)))
            #expect(controller.model.overlay == .table(firstRow: nil), "\(key) leaves the table as it is")
        }
    }
}

/// A missing y says why: past the largest Double it overflows (as the calculator says), else it is undefined.
@Suite("Table and trace: overflow or undefined")
struct OverflowReadingTests {
    @Test("The table reads 'overflow' where 1e307·x passes the largest Double (|x| ≥ 18), a number below, 'undefined' for √(−x) at x > 0")
    func table() throws {
        let (_, _, rows) = try ValueTableOverlayTests.tableOf("1e307 * x", and: "sqrt(-x)")
        var overflowing = 0
        for row in rows {
            let x = try #require(Double(row[0]))
            // 1e307·x is past 1.7976931348623157e308 exactly when |x| > 17.976931348623157.
            if abs(x) > 17.976931348623157 {
                #expect(row[1] == "overflow", "x = \(x): \(row)")
                overflowing += 1
            } else {
                #expect(Double(row[1]).map { abs($0 - 1e307 * x) <= 1e-5 * abs(1e307 * x) } == true, "x = \(x): \(row)")
            }
            #expect(row[2] == (x > 0 ? "undefined" : PopoverNumber.text((-x).squareRoot())), "x = \(x): \(row)")
        }
        #expect(overflowing > 0, "the table reaches past ±18: \(rows.map { $0[0] })")
    }

    @Test("The table reads 'hole → 1' for sin(x)/x at 0, as the trace says 'y undefined, → 1', and 'undefined' at 1/x's pole")
    func hole() throws {
        let (_, _, rows) = try ValueTableOverlayTests.tableOf("sin(x)/x", and: "1/x")
        let zero = try #require(rows.first { $0.first == "0" })
        #expect(zero == ["0", "hole", "→", "1", "undefined"], "\(zero)")
        #expect(rows.filter { $0.contains("hole") }.count == 1)
    }

    @Test("The trace at a missing y reads 'y overflows' there, 'y undefined' where it is undefined")
    func trace() throws {
        // At the view's centre, x = 0: 1e308·(x + 2) is 2e308, √(x − 1) is √(−1).
        var model = AppModel.graphing("1e308 * (x + 2)", in: Panes.full)
        model.apply(.trace(.start), graphPane: Panes.full)
        let readout = try #require(model.traceReadout(pane: Panes.full))
        #expect(readout.contains("y overflows") && readout.contains("x = 0"), "\(readout)")
        var other = AppModel.graphing("sqrt(x - 1)", in: Panes.full)
        other.apply(.trace(.start), graphPane: Panes.full)
        let undefined = try #require(other.traceReadout(pane: Panes.full))
        #expect(undefined.contains("y undefined") && undefined.contains("x = 0"), "\(undefined)")
    }
}

/// While the table, the help or the history is open, the status line names the keys it takes,
/// and each key named there does what it says (none of them closes the list, but Esc).
@Suite("The status line of an open list")
struct ListStatusLineTests {
    static let layout = ScreenLayout(columns: 120, rows: 30, route: .graph)

    @Test("Table, help and history each name their keys, and those keys are theirs")
    func keysNamed() throws {
        let model = AppModel.graphing("sin(x)", in: Panes.full)
        let lists: [(AppAction, [KeyPress])] = [
            (.toggleTable, [.up, .down, .pageUp, .pageDown, .character(" ")]),
            (.toggleHelp, [.up, .down, .pageUp, .pageDown, .character(" ")]),
            (.openHistory, [.up, .down, .enter]),
        ]
        for (opening, keys) in lists {
            var opened = model
            opened.apply(opening, graphPane: Panes.full)
            let status = ExpressionLineTests.statusRow(of: opened, columns: 120)
            #expect(status.contains("Esc or another key closes") && status.contains("q quit"), "\(opening): \(status)")
            #expect(status.contains(keys.count == 3 ? "↑↓ choose" : "↑↓ PgUp PgDn Space scroll"), "\(opening): \(status)")
            for key in keys + [.escape, .character("q")] {
                let action = InputMapping.action(for: key, model: opened, layout: Self.layout)
                switch key {
                case .escape: #expect(action == .dismiss, "\(opening): Esc closes")
                case .character("q"): #expect(action == .quit, "\(opening): q quits")
                default: #expect(action != .dismiss && action != .quit, "\(opening): \(key) is named as the list's, not closing it")
                }
            }
        }
        #expect(!ExpressionLineTests.statusRow(of: model, columns: 120).contains("another key closes"))
    }
}
