import Foundation
@testable import App
import Analysis
import Raster
import Terminal
import Testing

@Suite("Controller frames")
struct ControllerFrameTests {
    static func controller(columns: Int = 120, rows: Int = 32) -> AppController {
        let presenter = GraphPresenter(backend: UnicodeBackend(), glyphs: nil)
        return AppController(model: AppModel(), window: WindowSize(columns: columns, rows: rows),
                             cell: PixelSize(width: 10, height: 20), presenter: presenter, theme: .dark)
    }

    static func key(_ key: KeyPress) -> SessionEvent { .input(.key(key)) }

    /// What the session's reads return, one queued read a call and nothing once they run out.
    final class QueuedReads {
        private(set) var reads: [[SessionEvent]]
        /// The timeout of each call, in order.
        private(set) var timeouts: [Duration?] = []

        /// `bytes` split into reads of `perRead` pan keys, each decoded as the session decodes it.
        init(_ key: String, count: Int, perRead: Int) {
            var decoder = InputDecoder()
            reads = stride(from: 0, to: count, by: perRead).map { start in
                let keys = String(repeating: key, count: min(perRead, count - start))
                return decoder.decode(Array(keys.utf8)).map(SessionEvent.input)
            }
        }

        init(_ reads: [[SessionEvent]]) { self.reads = reads }

        func read(_ timeout: Duration?) -> [SessionEvent] {
            timeouts.append(timeout)
            return reads.isEmpty ? [] : reads.removeFirst()
        }
    }

    /// Runs the app's loop over `reads` until they run out; returns the frames that wrote something.
    static func drawFrames(_ controller: AppController, reading reads: QueuedReads) -> Int {
        var frames = 0
        while !reads.reads.isEmpty {
            for event in InteractiveApp.batch(timeout: nil, read: reads.read) { controller.handle(event) }
            if !controller.frame().isEmpty { frames += 1 }
        }
        return frames
    }

    @Test("A burst of 100 pan keys arriving in 20 reads is drawn once, 100 steps' worth")
    func burst() throws {
        let controller = Self.controller()
        for character in "m=g" { controller.handle(Self.key(.character(character))) }
        _ = controller.frame()
        let pane = try #require(controller.graphPane)
        let start = try #require(controller.model.camera).offsetX
        let reads = QueuedReads("\u{1B}[C", count: 100, perRead: 5)
        #expect(Self.drawFrames(controller, reading: reads) == 1)
        // The first read waits; the rest only take what is already there.
        #expect(reads.timeouts.first == .some(nil) && reads.timeouts.dropFirst().allSatisfy { $0 == .zero })
        let moved = try #require(controller.model.camera).offsetX - start
        // A step is a tenth of the pane in whole pixels.
        #expect(abs(moved + 100 * Double(pane.width / 10)) < 1e-6)
    }

    @Test("A stream of reads longer than the drain limit is still drawn, once per drain limit")
    func longStream() {
        let controller = Self.controller()
        for character in "m=g" { controller.handle(Self.key(.character(character))) }
        _ = controller.frame()
        let count = 200, perFrame = InteractiveApp.maximumDrains + 1
        let frames = Self.drawFrames(controller, reading: QueuedReads("\u{1B}[D", count: count, perRead: 1))
        #expect(frames == (count + perFrame - 1) / perFrame)
    }

    @Test("The end of input ends a batch: nothing after it is read")
    func endOfInput() {
        let reads = QueuedReads([[Self.key(.right)], [.inputClosed], [Self.key(.left)]])
        #expect(InteractiveApp.batch(timeout: nil, read: reads.read) == [Self.key(.right), .inputClosed])
        #expect(reads.reads == [[Self.key(.left)]])
    }

    @Test("Nothing changed, nothing written")
    func idle() {
        let controller = Self.controller()
        _ = controller.frame()
        #expect(controller.frame().isEmpty)
    }

    @Test("A click on a button presses it", arguments: [("7", "7"), ("π", "π")])
    func click(label: String, display: String) throws {
        let controller = Self.controller()
        let area = try #require(controller.layout.calculator)
        let button = try #require(CalculatorView.buttons(in: area, layout: controller.layout).first { $0.label == label })
        controller.handle(.input(.mouse(MouseEvent(action: .press, button: .left,
                                                   column: button.rect.column + 1, row: button.rect.row + 1))))
        #expect(controller.model.keypad.display.hasPrefix(display == "π" ? "3.14159" : display))
    }

    @Test("A resize that changes the cells' pixels (the font zoomed) shows the same stretch of the graph in the same cells",
          arguments: [(10, 20, 20, 40), (16, 32, 9, 19), (9, 19, 9, 19)])
    func cellsChangeSize(before: (Int, Int, Int, Int)) throws {
        let (width, height, newWidth, newHeight) = before
        let controller = AppController(model: AppModel(), window: WindowSize(columns: 120, rows: 32, pixelWidth: 120 * width, pixelHeight: 32 * height),
                                       cell: PixelSize(width: width, height: height),
                                       presenter: GraphPresenter(backend: KittyBackend(imageID: 7001), glyphs: nil), theme: .dark)
        for character in "m=g" { controller.handle(Self.key(.character(character))) }
        controller.apply(.step(.left))
        func shown() throws -> (left: Double, right: Double, centre: Double, cells: Int) {
            let pane = try #require(controller.graphPane), graph = try #require(controller.layout.graph)
            let viewport = try #require(controller.model.camera).viewport(width: pane.width, height: pane.height)
            return (viewport.x(atColumn: 0), viewport.x(atColumn: Double(pane.width)),
                    viewport.y(atRow: Double(pane.height) / 2), graph.columns)
        }
        let start = try shown()
        controller.resize(to: WindowSize(columns: 120, rows: 32, pixelWidth: 120 * newWidth, pixelHeight: 32 * newHeight))
        let after = try shown()
        #expect(after.cells == start.cells)
        let unit = (start.right - start.left) / Double(start.cells * width)
        // The same x range, within a pixel of either size (the pane is whole pixels).
        #expect(abs(after.left - start.left) <= 2 * unit * Double(width) / Double(newWidth) + 1e-9, "\(start) → \(after)")
        #expect(abs(after.right - start.right) <= 2 * unit * Double(width) / Double(newWidth) + 1e-9, "\(start) → \(after)")
        #expect(abs(after.centre - start.centre) <= 2 * unit * Double(width) / Double(newWidth) + 1e-9, "\(start) → \(after)")
    }

    @Test("Resizing across the threshold switches layout and keeps the program")
    func resize() {
        let controller = Self.controller()
        for character in "12+" { controller.handle(Self.key(.character(character))) }
        #expect(controller.layout.isSplit)
        controller.handle(.resized(WindowSize(columns: 80, rows: 32)))
        #expect(!controller.layout.isSplit)
        #expect(controller.model.keypad.descriptionLine.hasPrefix("12 +"))
    }

    @Test("Popover lines: extrema, sign changes, undefined parts, or nothing finite")
    func popoverLines() {
        let sine = GraphStatistics.measure({ sin($0) }, over: 0...(2 * Double.pi))
        let lines = PopoverContent.lines(for: sine)
        #expect(lines[0].hasPrefix("max y = 1") && lines[1].hasPrefix("min y = -1"))
        let none = GraphStatistics.measure({ $0 < 0 ? nil : $0 }, over: -3...(-1))
        #expect(PopoverContent.lines(for: none) == ["No finite values in view"])
        let partly = GraphStatistics.measure({ $0 < 0 ? nil : $0 }, over: -1...1)
        #expect(PopoverContent.lines(for: partly).contains("undefined in part of the view"))
    }

    static func click(_ controller: AppController, column: Int, row: Int) {
        controller.handle(.input(.mouse(MouseEvent(action: .press, button: .left, column: column, row: row))))
        controller.handle(.input(.mouse(MouseEvent(action: .release, button: .left, column: column, row: row))))
    }

    @Test("A double click moves the origin to the clicked cell; a single click does not")
    func doubleClick() throws {
        let controller = Self.controller()
        for character in "m=g" { controller.handle(Self.key(.character(character))) }
        let graph = try #require(controller.layout.graph)
        let column = graph.column + 10, row = graph.row + 5
        Self.click(controller, column: column, row: row)
        let once = try #require(controller.model.camera)
        #expect(once.offsetX == 0 && once.offsetY == 0)
        Self.click(controller, column: column, row: row)
        let pane = try #require(controller.graphPane)
        let camera = try #require(controller.model.camera)
        // Unicode cells are 2 x 4 braille dots; the origin lands on the clicked cell's centre.
        #expect(camera.offsetX == 10.5 * 2 - Double(pane.width) / 2)
        #expect(camera.offsetY == 5.5 * 4 - Double(pane.height) / 2)
    }

    @Test("Clicking (i) opens the popover, a click elsewhere closes it; ‹ goes back")
    func titleBarButtons() throws {
        let controller = Self.controller(columns: 80)
        for character in "m=g" { controller.handle(Self.key(.character(character))) }
        let bar = try #require(controller.layout.titleBar)
        let info = ChromeView.infoButton(in: bar)
        Self.click(controller, column: info.column + 1, row: info.row)
        #expect(controller.model.isPopoverOpen)
        let graph = try #require(controller.layout.graph)
        Self.click(controller, column: graph.column + 3, row: graph.row + 3)
        #expect(!controller.model.isPopoverOpen)
        Self.click(controller, column: bar.column + 1, row: bar.row)
        #expect(controller.model.route == .calculator)
    }

    @Test("A drag pans to where the button was released, even when the terminal merged the last motions into the release",
          arguments: [[3], [], [3, 5, 6]])
    func dragEndsAtRelease(motions: [Int]) throws {
        let controller = Self.controller()
        for character in "m=g" { controller.handle(Self.key(.character(character))) }
        let graph = try #require(controller.layout.graph)
        let column = graph.column + 4, row = graph.row + 5
        let start = try #require(controller.model.camera)
        controller.handle(.input(.mouse(MouseEvent(action: .press, button: .left, column: column, row: row))))
        for step in motions {
            controller.handle(.input(.mouse(MouseEvent(action: .drag, button: .left, column: column + step, row: row + 1))))
        }
        controller.handle(.input(.mouse(MouseEvent(action: .release, button: .left, column: column + 8, row: row + 2))))
        let end = try #require(controller.model.camera)
        // Braille cells are 2 x 4 dots: 8 cells right and 2 down is 16 and 8 pixels.
        #expect(end.offsetX - start.offsetX == 16 && end.offsetY - start.offsetY == 8,
                "moved \(end.offsetX - start.offsetX), \(end.offsetY - start.offsetY)")
        #expect(controller.model.trace == nil, "a drag is no click: no trace starts")
    }

    @Test("The wheel zooms about the pointer")
    func wheel() throws {
        let controller = Self.controller()
        for character in "m=g" { controller.handle(Self.key(.character(character))) }
        let graph = try #require(controller.layout.graph)
        let pane = try #require(controller.graphPane)
        let before = try #require(controller.model.camera).viewport(width: pane.width, height: pane.height)
        let column = graph.column + 7, row = graph.row + 3
        let pixel = Point(x: 7.5 * 2, y: 3.5 * 4)
        controller.handle(.input(.mouse(MouseEvent(action: .wheelUp, button: .none, column: column, row: row))))
        let after = try #require(controller.model.camera).viewport(width: pane.width, height: pane.height)
        #expect(after.scaleX > before.scaleX)
        #expect(abs(after.x(atColumn: pixel.x) - before.x(atColumn: pixel.x)) < 1e-9)
        #expect(abs(after.y(atRow: pixel.y) - before.y(atRow: pixel.y)) < 1e-9)
    }
}
