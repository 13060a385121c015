@testable import App
import Brain
import Foundation
import Testing

/// What is at the state path: only regular files are read, replaced or moved aside.
@Suite("State store: what the path is, versions and limits")
struct StateStorePathTests {
    enum Kind: String, CaseIterable, Sendable {
        case device, fifo, directory

        var mode: mode_t {
            switch self {
            case .device: S_IFCHR
            case .fifo: S_IFIFO
            case .directory: S_IFDIR
            }
        }

        /// Makes this kind of file at `path`.
        func make(at path: String) throws {
            switch self {
            case .device: #expect(mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0, "mknod needs root")
            case .fifo: #expect(mkfifo(path, 0o600) == 0)
            case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            }
        }
    }

    /// The type of the file at `path`, not following links.
    static func fileType(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    @Test("A device, FIFO or directory is refused: not read, not replaced, never moved aside",
          arguments: Kind.allCases)
    func notRegular(kind: Kind) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store("state.json")
        try kind.make(at: store.path)

        let problem = try #require(StateStore.problem(withPath: store.path))
        #expect(problem.hasSuffix("not a regular file"), "\(problem)")
        let (reason, setAside) = try #require(store.load().unreadable, "it loaded")
        #expect(reason.contains("not a regular file"))
        #expect(setAside == nil)
        let error = #expect(throws: StateStoreError.self) {
            try store.save(StateStoreTests.busyModel().savedState(pane: nil, theme: nil))
        }
        guard case .cannotSave(store.file, .notRegularFile(let named))? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(error?.description == "cannot save \(store.path): it is \(named), not a regular file")
        #expect(named == ["device": "a character device", "fifo": "a FIFO", "directory": "a directory"][kind.rawValue])
        #expect(Self.fileType(store.path) == kind.mode, "still the same kind of file")
        #expect(directory.contents(of: "") == ["state.json"], "nothing moved aside, no temporary file")
    }

    @Test("A regular file and a missing one are accepted; a symbolic link is refused, whatever it names")
    func accepted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(StateStore.problem(withPath: directory.path + "/missing.json") == nil)
        #expect(FileManager.default.createFile(atPath: directory.path + "/file.json", contents: Data()))
        #expect(StateStore.problem(withPath: directory.path + "/file.json") == nil)
        for (name, target) in [("link.json", "file.json"), ("null.json", "/dev/null"), ("nothing.json", "absent")] {
            try FileManager.default.createSymbolicLink(atPath: directory.path + "/" + name, withDestinationPath: target)
            #expect(StateStore.problem(withPath: directory.path + "/" + name)
                    == "it is a symbolic link, and gcview does not follow links for its state file")
        }
    }

    @Test("A symbolic link to a file gcview did not write is never followed: its target is not renamed, written or truncated")
    func linkToForeignFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let passwd = try Data(contentsOf: URL(fileURLWithPath: "/etc/passwd"))
        let target = directory.path + "/passwd"
        #expect(FileManager.default.createFile(atPath: target, contents: passwd))
        let store = directory.store("state.json")
        try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: target)

        let found = try #require(store.load().unreadable, "a link loaded")
        #expect(found.reason.contains("symbolic link"))
        #expect(found.setAside == nil)
        let error = #expect(throws: StateStoreError.self) {
            try store.save(StateStoreTests.busyModel().savedState(pane: nil, theme: nil))
        }
        #expect(error == .cannotSave(path: store.file, cause: .symbolicLink))
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == passwd, "the target is untouched")
        #expect(Self.fileType(store.path) == S_IFLNK, "the link stays")
        #expect(directory.contents(of: "") == ["passwd", "state.json"], "nothing renamed, no temporary file")
    }

    @Test("A corrupt file gcview could not have written is left where it is, and not replaced",
          arguments: ["hard link", "group writable"])
    func foreignCorruptFile(kind: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store("state.json")
        #expect(FileManager.default.createFile(atPath: store.path, contents: Data("not json".utf8)))
        if kind == "hard link" {
            #expect(link(store.path, directory.path + "/other") == 0)
        } else {
            #expect(chmod(store.path, 0o666) == 0)
        }
        let found = try #require(store.load().unreadable)
        #expect(found.setAside == nil, "\(found.reason)")
        #expect(found.reason.contains("left where it is"), "\(found.reason)")
        #expect(directory.contents(of: "").contains("state.json"))
        #expect(!directory.contents(of: "").contains { $0.contains("corrupt") })
        if kind == "hard link" {
            #expect(throws: StateStoreError.self) {
                try store.save(StateStoreTests.busyModel().savedState(pane: nil, theme: nil))
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == Data("not json".utf8))
        }
    }

    @Test("A version that is not a whole format number is named, not called corrupt", arguments: [
        ("1e100", "its format version 1e+100 is not one gcview knows"),
        ("123456789012345678901234567890", "its format version 1.2345678901234568e+29 is not one gcview knows"),
        ("0.5", "its format version 0.5 is not one gcview knows"),
        ("-1", "its format version -1 is not one gcview knows"),
        ("7", "it was written by a newer gcview (format 7)"),
    ])
    func versions(version: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store("state.json")
        let text = #"{"version":\#(version),"calculator":{"program":{"steps":[]}},"history":[]}"#
        #expect(FileManager.default.createFile(atPath: store.path, contents: Data(text.utf8)))
        let found = try #require(store.load().unreadable)
        #expect(found.reason.hasPrefix(reason), "\(found.reason)")
        #expect(!found.reason.contains("JSON"))
        #expect(found.setAside != nil, "a regular file of another format is moved aside")
    }

    @Test("A file over the size limit is moved aside as too large, read no further than the limit")
    func tooLarge() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store("state.json")
        let bytes = Data(#"{"version":1,"history":["#.utf8) + Data(repeating: 0x20, count: StateStore.maximumSize) + Data("]}".utf8)
        #expect(FileManager.default.createFile(atPath: store.path, contents: bytes))
        let found = try #require(store.load().unreadable)
        #expect(found.reason == "it is larger than 4 MiB")
        #expect(found.setAside != nil)
    }

    @Test("A hostile file with many history entries restores at most 100, or is too large to read", arguments: [
        80_000, 100_000,
    ])
    func longHistory(count: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store("state.json")
        let entries = (0..<count).map { #"{"description":"","program":{"steps":[\#($0)]}}"# }
        let text = #"{"version":1,"calculator":{"program":{"steps":[]}},"history":["# + entries.joined(separator: ",") + "]}"
        #expect(FileManager.default.createFile(atPath: store.path, contents: Data(text.utf8)))
        #expect((text.utf8.count > StateStore.maximumSize) == (count == 100_000), "80 000 fit, 100 000 do not")
        guard text.utf8.count <= StateStore.maximumSize else {
            #expect(store.load().unreadable?.reason == "it is larger than 4 MiB")
            return
        }
        let loaded = try #require(store.load().state, "the file loads")
        #expect(loaded.history.count == count)
        let model = AppModel(restoring: loaded, pane: Panes.full)
        #expect(model.history.entries.count == History.capacity)
        #expect(model.history.entries.first?.description == "0")
    }
}
