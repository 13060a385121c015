import Foundation
import Testing

/// `gcview --state PATH` where PATH is not a regular file: refused, and left as it was.
@Suite("--state refuses what is not a regular file")
struct StatePathTests {
    enum Kind: String, CaseIterable, Sendable {
        case device, fifo, directory
    }

    @Test("A device, FIFO or directory as the state file is a one-line error and is left alone",
          arguments: Kind.allCases)
    func refused(kind: Kind) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("state.json").path
        switch kind {
        case .device: #expect(mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
        case .fifo: #expect(mkfifo(path, 0o600) == 0)
        case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        let kindName = ["device": "a character device", "fifo": "a FIFO", "directory": "a directory"][kind.rawValue] ?? ""
        let finished = try run(Paths.gcview, ["--state", path], timeout: 10)
        #expect(finished.status == 2)
        #expect(finished.stderr == "gcview: --state \(path): it is \(kindName), not a regular file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state.json"],
                "nothing was moved aside or created")
        var info = stat()
        #expect(lstat(path, &info) == 0)
        let expected: mode_t = [Kind.device: S_IFCHR, .fifo: S_IFIFO, .directory: S_IFDIR][kind] ?? 0
        #expect(info.st_mode & S_IFMT == expected)
    }
}
