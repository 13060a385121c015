import Foundation
import Testing

/// Paths from outside are bytes and are checked before use: names that are not UTF-8, names
/// near the longest a file system takes, and fonts that are not regular files.
@Suite("Commands: paths are bytes, fonts are regular files")
struct PathBytesTests {
    /// Whether a file named exactly `name` (bytes) is in `folder`.
    static func exists(_ name: [UInt8], in folder: URL) -> Bool {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        return path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { access($0.baseAddress!, F_OK) == 0 }
        }
    }

    /// Runs `script` through `sh -c` in `folder` (gcview is "$2"), so printf can build argument bytes.
    static func shell(_ script: String, in folder: URL, environment: [String: String]? = nil) throws -> Finished {
        try run("/bin/sh", ["-c", "cd \"$1\" && " + script, "sh", folder.path, Paths.gcview], environment: environment)
    }

    @Test("--output with a byte that is not UTF-8 writes that byte, in both option forms", arguments: [
        "\"$2\" plot x --size 64x64 --output \"$(printf 'a\\377.png')\"",
        "\"$2\" plot x --size 64x64 --output=\"$(printf 'a\\377.png')\"",
    ])
    func nonUTF8Output(script: String) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let finished = try Self.shell(script, in: folder)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(Self.exists(Array("a".utf8) + [0xFF] + Array(".png".utf8), in: folder), "the raw byte is kept")
        #expect(!Self.exists(Array("a\u{FFFD}.png".utf8), in: folder), "not the repaired name")
    }

    @Test("A path that is not UTF-8 is shown with the byte escaped in an error")
    func nonUTF8InMessage() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let finished = try Self.shell("\"$2\" plot x --size 64x64 --output \"$(printf 'no\\377/x.png')\"", in: folder)
        #expect(finished.status == 2)
        #expect(finished.stderr == "gcview: cannot write no\\xFF/x.png: No such file or directory\n", "\(finished.stderr)")
    }

    @Test("--output names up to 255 bytes long are written, with no temporary file left", arguments: [231, 240, 255])
    func longName(length: Int) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = String(repeating: "n", count: length - 4) + ".png"
        let finished = try run(Paths.gcview, ["plot", "x", "--size", "64x64", "--output", folder.path + "/" + name])
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
    }

    @Test("A font that is a FIFO, a directory or a device gets the no-font warning with the reason, never a hang",
          arguments: ["fifo", "directory", "/dev/zero"])
    func fontNotRegular(kind: String) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var font = folder.appendingPathComponent("font.ttf").path
        switch kind {
        case "fifo": #expect(mkfifo(font, 0o600) == 0)
        case "directory": try FileManager.default.createDirectory(atPath: font, withIntermediateDirectories: false)
        default: font = kind
        }
        let output = folder.appendingPathComponent("graph.png").path
        let finished = try run(Paths.gcview, ["plot", "x", "--size", "200x100", "--output", output],
                               environment: ["GCVIEW_FONT": font], timeout: 10)
        #expect(finished.status == 0, "\(finished.stderr)")
        let expected = ["fifo": "a FIFO", "directory": "a directory", "/dev/zero": "a character device"][kind] ?? ""
        #expect(finished.stderr == "gcview: warning: cannot use font \(font): it is \(expected), not a regular file; labels are not drawn\n",
                "\(finished.stderr)")
        #expect(FileManager.default.fileExists(atPath: output))
    }
}
