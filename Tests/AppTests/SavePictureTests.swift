@testable import App
import Foundation
import Raster
import Terminal
import Testing

/// `w` saves the view on screen as a PNG in exact pixels, and says where.
@Suite("Saving the view as a PNG", .serialized)
struct SavePictureTests {
    static func controller(backend: any GraphicsBackend, folder: URL) -> AppController {
        let controller = AppController(model: AppModel(), window: WindowSize(columns: 120, rows: 32),
                                       cell: PixelSize(width: 10, height: 20),
                                       presenter: GraphPresenter(backend: backend, glyphs: nil), theme: .dark)
        controller.pictureFolder = folder.path
        for character in ":sin(x)*x\r" { controller.handle(.input(.key(character == "\r" ? .enter : .character(character)))) }
        _ = controller.frame()
        return controller
    }

    @Test("w writes the pane's picture, popover included, and the status line names the file",
          arguments: [GraphicsProtocol.kitty, .sixel, .iterm2])
    func writesThePane(_ graphicsProtocol: GraphicsProtocol) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gcview-w-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let controller = Self.controller(backend: graphicsProtocol.backend(), folder: folder)
        let pane = try #require(controller.graphPane)
        controller.apply(.togglePopover)
        controller.handle(.input(.key(.character("w"))))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 1 && files[0].hasPrefix("y_sin_x_x-") && files[0].hasSuffix("Z.png"), "files: \(files)")
        let notice = try #require(controller.model.notice)
        #expect(notice == "Saved " + folder.path + "/" + files[0])
        let png = try PNG.decodeRGB([UInt8](Data(contentsOf: folder.appendingPathComponent(files[0]))))
        #expect(png.width == pane.width && png.height == pane.height, "\(png.width)x\(png.height) for a \(pane) pane")
        // The same picture as the one the frame drew: curve colour present, popover box present.
        let curve = png.pixels.filter { $0 == Theme.dark.curve }.count
        #expect(curve > 500, "\(curve) curve pixels")
        controller.apply(.togglePopover)
        controller.handle(.input(.key(.character("w"))))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2, "a second picture never replaces the first")
    }

    @Test("With braille on screen the PNG is in the cells' pixels, showing the same x range")
    func braille() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gcview-w-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let controller = Self.controller(backend: UnicodeBackend(), folder: folder)
        let rect = try #require(controller.layout.graph)
        controller.handle(.input(.key(.character("w"))))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let png = try PNG.decodeRGB([UInt8](Data(contentsOf: folder.appendingPathComponent(try #require(files.first)))))
        #expect(png.width == rect.columns * 10 && png.height == rect.rows * 20)
    }

    @Test("A folder that cannot be written is said in the status line, not a crash")
    func unwritable() {
        let controller = Self.controller(backend: KittyBackend(), folder: URL(fileURLWithPath: "/nonexistent/gcview"))
        controller.handle(.input(.key(.character("w"))))
        #expect(controller.model.notice?.hasPrefix("Picture not saved:") == true, "\(String(describing: controller.model.notice))")
    }

    @Test("Names keep letters and digits of the equation, one _ for the rest", arguments: [
        ("y = sin(x) × x", "y_sin_x_x"), ("y = √(x) ^ 2", "y_x_2"), ("", "graph"), ("×××", "graph"),
    ])
    func names(equation: String, expected: String) {
        let name = PictureFile.baseName(for: equation, at: Date(timeIntervalSince1970: 0))
        #expect(name == expected + "-19700101T000000Z")
    }
}
