import Foundation
import Terminal
import TestSupport
import Testing

/// `gcview plot --output` onto what is not a plain file: devices, FIFOs, links and directories.
@Suite("plot --output writes safely")
struct OutputFileTests {
    /// The file type at `path`, without following a link.
    static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    @Test("A name of another program's picture format is refused before anything is written", arguments: [
        ("graph.jpg", "JPEG"), ("GRAPH.JPEG", "JPEG"), ("a.b/graph.pdf", "PDF"), ("graph.webp", "WebP"), (".tiff", "TIFF"),
    ])
    func foreignPictureFormat(name: String, format: String) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("a.b"), withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        let result = try gcview("plot", "x", "--size", "64x64", "--output", path)
        #expect(result.status == 2)
        #expect(result.stderr == "gcview: --output \(path): gcview writes PNG, SVG and GIF pictures (.png, .svg, .gif), not \(format)\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("Any other name gets the terminal's bytes, as standard output would", arguments: ["graph.six", "graph", "graph.jpg.txt"])
    func terminalBytes(name: String) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        let result = try gcview("plot", "x", "--size", "64x64", "--protocol", "sixel", "--output", path)
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.starts(with: Array("\u{1B}^gcview\u{1B}\\\r\n".utf8)) && bytes.contains(0x1B))
        #expect(String(decoding: bytes, as: UTF8.self).contains("\u{1B}P0;0;0q\"1;1;64;64"))
    }

    @Test("A character device is written through, not replaced", .enabled(if: getuid() == 0, "mknod needs root"))
    func characterDevice() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let null = folder.appendingPathComponent("null").path
        #expect(mknod(null, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0, "mknod: \(errno)")
        let result = try gcview("plot", "x", "--size", "64x64", "--output", null)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.fileType(null) == S_IFCHR, "the device node is still a device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["null"], "no temporary file is left")
    }

    @Test("A FIFO with a reader gets the bytes and stays a FIFO")
    func fifoWithReader() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        // A writer of our own keeps the FIFO open until gcview is done, so the reader sees one EOF.
        let keeper = open(fifo, O_WRONLY)
        try #require(keeper >= 0)
        _ = fcntl(reader, F_SETFL, fcntl(reader, F_GETFL) & ~O_NONBLOCK)
        let received = LockedData()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            received.set(FileHandle(fileDescriptor: reader, closeOnDealloc: true).readDataToEndOfFile())
            done.signal()
        }
        let result = try gcview("plot", "x", "--size", "64x64", "--protocol", "sixel", "--output", fifo)
        close(keeper)
        #expect(done.wait(timeout: .now() + 10) == .success, "the reader saw the end of the bytes")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: received.value, as: UTF8.self).contains("\u{1B}P"), "sixel bytes arrived")
        #expect(Self.fileType(fifo) == S_IFIFO, "the FIFO is still a FIFO")
    }

    @Test("A FIFO with no reader is refused at once, not waited on")
    func fifoWithoutReader() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try run(Paths.gcview, ["plot", "x", "--size", "64x64", "--output", fifo], timeout: 10)
        #expect(result.status == 2)
        #expect(result.stderr == "gcview: cannot write \(fifo): it is a FIFO with no reader\n")
        #expect(Self.fileType(fifo) == S_IFIFO)
    }

    @Test("A symbolic link stays a link; its target, gcview's picture, gets the new one")
    func symbolicLink() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.png").path
        let link = folder.appendingPathComponent("link.png").path
        #expect(try gcview("plot", "sin(x)", "--size", "64x64", "--output", target).status == 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.png")
        let result = try gcview("plot", "x", "--size", "40x30", "--output", link)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.fileType(link) == S_IFLNK, "the link is still a link")
        let decoded = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: URL(fileURLWithPath: target))))
        #expect(decoded.width == 40 && decoded.height == 30)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["link.png", "target.png"])
    }

    @Test("A link to nothing creates its target")
    func danglingLink() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "new.png")
        let result = try gcview("plot", "x", "--size", "40x30", "--output", link)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.fileType(link) == S_IFLNK)
        #expect(Self.fileType(folder.appendingPathComponent("new.png").path) == S_IFREG)
    }

    @Test("A directory is a clear one-line error", arguments: ["", "/graph.png"])
    func directory(suffix: String) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + suffix
        if !suffix.isEmpty { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        let result = try gcview("plot", "x", "--output", path)
        #expect(result.status == 2)
        #expect(result.stderr == "gcview: cannot write \(path): it is a directory\n")
        #expect(Self.fileType(path) == S_IFDIR)
    }

    @Test("gcview's own picture is replaced whole and keeps its permissions")
    func regularFile() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph.png").path
        #expect(try gcview("plot", "x", "--size", "64x64", "--output", file).status == 0)
        #expect(chmod(file, 0o640) == 0)
        let result = try gcview("plot", "x", "--size", "40x30", "--output", file)
        #expect(result.status == 0, "\(result.stderr)")
        let decoded = try PNGDecoder.decodeRGB([UInt8](Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(decoded.width == 40)
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["graph.png"])
    }

    /// What lies at a name before `plot --output` is pointed at it: text, a PNG that gcview wrote
    /// for a terminal (unmarked), a PNG, GIF and SVG of another program's shape, each under each name.
    static let foreignFiles: [(name: String, bytes: [UInt8])] = [
        ("notes.png", Array("precious notes, not a picture\n".utf8)),
        ("passwd", Array("root:x:0:0:root:/root:/bin/bash\n".utf8)),
        ("other.png", [137, 80, 78, 71, 13, 10, 26, 10] + [UInt8](repeating: 1, count: 64)),
        ("other.gif", Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 64)),
        ("other.svg", Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n".utf8)),
        ("says-gcview.svg", Array("<!-- Generator: gcview -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n".utf8)),
    ]

    @Test("A file gcview did not write is never replaced unasked: one line, exit 2, its bytes and mode as they were, nothing left beside it",
          arguments: foreignFiles.indices)
    func foreignFileKept(index: Int) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (name, bytes) = Self.foreignFiles[index]
        let file = folder.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: file, contents: Data(bytes), attributes: [.posixPermissions: 0o600]))
        let result = try gcview("plot", "x", "--size", "64x64", "--output", file)
        #expect(result.status == 2)
        #expect(result.stderr == "gcview: cannot write \(file): \(Self.unmarked)\n")
        #expect(result.stdout.isEmpty)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
        // Through a link too: the link's target is what would be replaced.
        let link = folder.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        #expect(try gcview("plot", "x", "--size", "64x64", "--output", link).status == 2)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))) == bytes)
        // With --force it is replaced, and keeps its permissions.
        let forced = try gcview("plot", "x", "--size", "64x64", "--output", file, "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))) != bytes)
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    @Test("gcview's own PNG, SVG and GIF are replaced by the next plot; an empty file (mktemp's) is written", arguments: ["png", "svg", "gif"])
    func ownPicturesReplaced(suffix: String) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph." + suffix).path
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        let first = try gcview("plot", "sin(x)", "--size", "64x64", "--output", file)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let second = try gcview("plot", "cos(x)", "--size", "64x64", "--output", file)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) != before, "the second graph replaced the first")
    }

    @Test("gcview's own terminal bytes are written again: marked, the picture byte for byte standard output's",
          arguments: ["sixel", "kitty", "iterm2", "unicode", "kitty-placeholders"])
    func ownTerminalBytesReplaced(graphicsProtocol: String) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph.out").path
        let options = ["--size", "64x64", "--protocol", graphicsProtocol]
        let first = try run(Paths.gcview, ["plot", "sin(x)", "--output", file] + options)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try run(Paths.gcview, ["plot", "cos(x)", "--output", file] + options)
        #expect(second.status == 0 && second.stderr.isEmpty, "\(second.stderr)")
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let mark = Array("\u{1B}^gcview\u{1B}\\".utf8)
        #expect(written.starts(with: mark + Array("\r\n".utf8)), "the mark, then the picture at the cursor")
        // kitty's image ids are drawn at random: its bytes differ from run to run.
        guard !graphicsProtocol.hasPrefix("kitty") else { return }
        let shown = try run(Paths.gcview, ["plot", "cos(x)"] + options)
        #expect(Array(written.dropFirst(mark.count)) == [UInt8](shown.stdoutBytes), "after the mark, what standard output gets")
    }

    @Test("Terminal bytes without gcview's mark (another program's, or an older gcview's) are kept, and the message claims no author")
    func unmarkedTerminalBytesKept() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("graph.six").path
        let shown = try run(Paths.gcview, ["plot", "sin(x)", "--size", "64x64", "--protocol", "sixel"])
        #expect(FileManager.default.createFile(atPath: file, contents: shown.stdoutBytes))
        let result = try gcview("plot", "x", "--size", "64x64", "--protocol", "sixel", "--output", file)
        #expect(result.status == 2)
        #expect(result.stderr == "gcview: cannot write \(file): \(Self.unmarked)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == shown.stdoutBytes)
    }

    /// Why a file without gcview's mark is kept.
    static let unmarked = "it does not carry gcview's mark, and gcview replaces only the files it marked (--force replaces it)"

    @Test("--force needs --output")
    func forceAlone() throws {
        let result = try gcview("plot", "x", "--force")
        #expect(result.status == 2)
        #expect(result.stderr == "gcview: --force replaces the file --output names; there is no --output\n")
    }
}
