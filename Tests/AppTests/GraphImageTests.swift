import Foundation
@testable import App
import Raster
import Terminal
import Testing

/// The graph picture in frames: drawn when what it shows changes, and a failure said, not blank.
@Suite("Graph picture in frames")
struct GraphImageTests {
    static func controller(_ graphicsProtocol: GraphicsProtocol, columns: Int = 120, rows: Int = 32) -> AppController {
        let presenter = GraphPresenter(backend: graphicsProtocol.backend(), glyphs: nil)
        return AppController(model: AppModel(), window: WindowSize(columns: columns, rows: rows),
                             cell: .assumedCell, presenter: presenter, theme: .dark)
    }

    static func type(_ text: String, into controller: AppController) {
        for character in text { controller.handle(.input(.key(.character(character)))) }
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("A picture that cannot be encoded is named in the status line, once")
    func encodingFailureIsSaid() throws {
        let controller = Self.controller(.kitty)
        let pane = try #require(controller.layeredPane)
        pane.encode = { _, _, _ throws(ImageEncodingError) in throw .kitty(.emptyImage) }
        pane.transmit = { _, _, _ throws(ImageEncodingError) in throw .kitty(.emptyImage) }
        Self.type("m=g", into: controller)
        let first = Self.text(controller.frame())
        #expect(first.contains("Graph not drawn: kitty: image is empty"))
        #expect(!first.contains("\u{1B}_Ga=T"), "no kitty picture is sent")
        // The next action clears the notice, and the failure is not reported again for the same picture.
        controller.handle(.input(.key(.character("?"))))
        #expect(!Self.text(controller.frame()).contains("Graph not drawn"))
    }

    @Test("The picture is sent when what it shows changes, and only then", arguments: [GraphicsProtocol.sixel, .kitty])
    func pictureOnlyWhenChanged(graphicsProtocol: GraphicsProtocol) {
        let controller = Self.controller(graphicsProtocol)
        Self.type("m=g", into: controller)
        let introducer = graphicsProtocol == .kitty ? "\u{1B}_G" : "\u{1B}P"
        #expect(Self.text(controller.frame()).contains(introducer))
        #expect(controller.frame().isEmpty, "nothing changed, nothing written")
        controller.handle(.input(.key(.right)))
        #expect(Self.text(controller.frame()).contains(introducer), "a pan draws the picture again")
        controller.handle(.input(.key(.character("i"))))
        #expect(Self.text(controller.frame()).contains(introducer), "the popover is part of the picture")
    }

    @Test("The pane for a route is the split pane when wide, and the pushed pane when narrow")
    func paneForRoute() throws {
        let wide = Self.controller(.sixel, columns: 220, rows: 50)
        let narrow = Self.controller(.sixel, columns: 60, rows: 40)
        #expect(wide.layout.isSplit && !narrow.layout.isSplit)
        let split = try #require(wide.pane(for: .calculator))
        #expect(split == wide.graphPane && split == wide.pane(for: .graph))
        #expect(split.width < 220 * PixelSize.assumedCell.width, "split view shares the width with the calculator")
        // Narrow, the calculator shows no graph: its pane is the one a pushed graph will have.
        #expect(narrow.graphPane == nil)
        let pushed = try #require(narrow.pane(for: .calculator))
        #expect(pushed == narrow.pane(for: .graph) && pushed.width == 60 * PixelSize.assumedCell.width)
    }
}
