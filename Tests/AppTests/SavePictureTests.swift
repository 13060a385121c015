@testable import App
import Foundation
import Raster
import SystemPackage
import Terminal
import TestSupport
import Testing

/// `w` saves the view on screen as a PNG in exact pixels, and says where.
@Suite("Saving the view as a PNG", .serialized)
struct SavePictureTests {
    static func controller(backend: any GraphicsBackend, folder: URL?) -> AppController {
        let controller = AppController(model: AppModel(), window: WindowSize(columns: 120, rows: 32),
                                       cell: PixelSize(width: 10, height: 20),
                                       presenter: GraphPresenter(backend: backend, glyphs: nil), theme: .dark)
        controller.pictureFolder = folder.map { FilePath($0.path) }
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
        let png = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: folder.appendingPathComponent(files[0]))))
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
        let png = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: folder.appendingPathComponent(try #require(files.first)))))
        #expect(png.width == rect.columns * 10 && png.height == rect.rows * 20)
    }

    @Test("A folder that cannot be written is said in the status line, not a crash")
    func unwritable() {
        let controller = Self.controller(backend: KittyBackend(), folder: URL(fileURLWithPath: "/nonexistent/gcview"))
        controller.handle(.input(.key(.character("w"))))
        #expect(controller.model.notice?.hasPrefix("Picture not saved:") == true, "\(String(describing: controller.model.notice))")
    }

    /// Runs `body` in a child process (its own current folder) and returns its exit status.
    static func inChild(_ body: () -> Int32) -> Int32 {
        let pid = fork()
        if pid == 0 { _exit(body()) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    @Test("w in a current folder that was removed says so, and writes nothing anywhere else")
    func deletedCurrentFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gcview-w-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: "/"))
        // In a child, so the test process keeps its own current folder.
        let status = Self.inChild {
            guard chdir(folder.path) == 0, rmdir(folder.path) == 0 else { return 3 }
            let controller = Self.controller(backend: KittyBackend(), folder: nil)
            controller.handle(.input(.key(.character("w"))))
            return controller.model.notice == "Picture not saved: the current folder no longer exists" ? 0 : 1
        }
        #expect(status == 0, "the notice names the missing folder")
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: "/"))
        #expect(after.subtracting(before).isEmpty, "nothing written at the root: \(after.subtracting(before))")
        for stray in after.subtracting(before) where stray.hasSuffix(".png") { unlink("/" + stray) }
    }

    @Test("w in the current folder writes there, and the status line shows the full path")
    func currentFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gcview-w-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let status = Self.inChild {
            guard chdir(folder.path) == 0 else { return 3 }
            let controller = Self.controller(backend: KittyBackend(), folder: nil)
            controller.handle(.input(.key(.character("w"))))
            let files = (try? FileManager.default.contentsOfDirectory(atPath: ".")) ?? []
            guard files.count == 1 else { return 1 }
            return controller.model.notice == "Saved " + folder.resolvingSymlinksInPath().path + "/" + files[0] ? 0 : 2
        }
        #expect(status == 0)
    }

    @Test("w on a full disk says so and leaves no empty or partial file",
          .enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func fullDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gcview-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        guard mount("tmpfs", folder.path, "tmpfs", 0, "size=64k") == 0 else {
            Issue.record("cannot mount a tmpfs: \(String(cString: strerror(errno)))")
            return
        }
        defer { umount(folder.path) }
        // Fill the disk, then free nothing: only an inode is left for the picture.
        let filler = open(folder.path + "/filler", O_WRONLY | O_CREAT, 0o600)
        let block = [UInt8](repeating: 7, count: 4096)
        while write(filler, block, block.count) > 0 {}
        close(filler)
        let controller = Self.controller(backend: KittyBackend(), folder: folder)
        controller.handle(.input(.key(.character("w"))))
        #expect(controller.model.notice == "Picture not saved: No space left on device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["filler"], "no empty PNG is left")
    }

    @Test("Names keep letters and digits of the equation, one _ for the rest", arguments: [
        ("y = sin(x) × x", "y_sin_x_x"), ("y = √(x) ^ 2", "y_x_2"), ("", "graph"), ("×××", "graph"),
    ])
    func names(equation: String, expected: String) {
        let name = PictureFile.baseName(for: equation, at: Date(timeIntervalSince1970: 0))
        #expect(name == expected + "-19700101T000000Z")
    }
}
