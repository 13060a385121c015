import Foundation
import SystemSupport
import Testing

/// `AtomicFile`, the one atomic writer behind the state file and `plot --output`.
@Suite("Atomic file: replaced whole or not at all")
struct AtomicFileTests {
    /// A fresh empty folder, removed by the caller.
    static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        return folder
    }

    static func inode(_ path: String) -> ino_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_ino : nil
    }

    static func permissions(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    @Test("A regular file is replaced by a new file with the new bytes; no temporary file is left")
    func replacesRegularFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/state.json"
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: target))
        let before = Self.inode(target)
        try AtomicFile.replace(target, with: Array("new".utf8), keeping: 0o640)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("new".utf8))
        #expect(Self.inode(target) != before, "the old inode is replaced by a rename, not rewritten")
        #expect(Self.permissions(target) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["state.json"])
    }

    @Test("A new file gets the creation permissions")
    func createsWithPermissions() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/new.png"
        try AtomicFile.replace(target, with: [1, 2, 3], permissions: 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data([1, 2, 3]))
        #expect(Self.permissions(target) == 0o600)
    }

    @Test("A failed rename leaves the old target as it was and removes the temporary file")
    func failureKeepsOldTarget() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/busy"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        try Data("kept".utf8).write(to: URL(fileURLWithPath: target + "/inside"))
        let failure = #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.replace(target, with: Array("new".utf8))
        }
        #expect(failure?.path == target)
        #expect(failure?.errno.rawValue == EISDIR, "\(failure?.description ?? "")")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target + "/inside")) == Data("kept".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["busy"])
    }

    @Test("A missing directory names the temporary file and the system's reason")
    func missingDirectory() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = #expect(throws: AtomicFile.Failure.self) {
            try AtomicFile.replace(folder + "/absent/file", with: [0])
        }
        #expect(failure?.path.hasPrefix(folder + "/absent/file.") == true)
        #expect(failure?.description == "No such file or directory")
    }
}
