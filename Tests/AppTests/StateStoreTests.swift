@testable import App
import Brain
import Foundation
import Raster
import Testing

/// Saving and restoring the calculator: round trips, and files that cannot be trusted.
@Suite("State store: save, load and files that cannot be trusted")
struct StateStoreTests {
    /// A model with something in every saved field.
    static func busyModel() -> AppModel {
        var model = AppModel()
        for text in ["x^2", "cos(x)", "sin(x)"] {
            model.type(expression: text, pane: Panes.full)
            model.apply(.graph, graphPane: Panes.full)
        }
        model.apply(.zoom(factor: 2, about: Point(x: 100, y: 100)), graphPane: Panes.full)
        model.apply(.step(.left), graphPane: Panes.full)
        model.apply(.fit, graphPane: Panes.full)
        model.press("C", "2", "→M", "M", "+", "1", "=", "4", ".", "2")
        return model
    }

    @Test("Saving and loading into a fresh model gives the same calculator and graph", arguments: [
        Panes.full, Panes.split, Panes.small,
    ])
    func roundTrip(restoredIn pane: AppModel.PaneSize) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        let model = Self.busyModel()
        let saved = model.savedState(pane: Panes.full, theme: "paper")
        try store.save(saved)
        let loaded = try #require(store.load().state, "the saved file did not load")
        #expect(loaded == saved)
        #expect(loaded.theme == "paper")

        let restored = AppModel(restoring: loaded, pane: pane)
        #expect(restored.keypad.program == model.keypad.program)
        #expect(restored.keypad.typedText == "4.2")
        #expect(restored.keypad.memory == 2)
        #expect(restored.keypad.display == model.keypad.display)
        #expect(restored.graphed == model.graphed)
        #expect(restored.history == model.history)
        #expect(restored.route == model.route)
        let camera = try #require(model.camera), back = try #require(restored.camera)
        #expect(back.scaleX == camera.scaleX && back.scaleY == camera.scaleY)
        #expect(isClose(back.offsetX / Double(pane.width), camera.offsetX / Double(Panes.full.width)))
        #expect(isClose(back.offsetY / Double(pane.height), camera.offsetY / Double(Panes.full.height)))
        // Saving what was restored writes the same state again.
        #expect(restored.savedState(pane: pane, theme: "paper") == saved)
    }

    @Test("The origin survives a save and restore with no graph pane on screen")
    func noPaneOnScreen() throws {
        var model = AppModel.graphing("x")
        model.apply(.moveOrigin(to: Point(x: 750, y: 140)), graphPane: Panes.full)  // +¼ width, −¼ height
        model.apply(.back, graphPane: nil)  // compact calculator: no graph pane
        let saved = model.savedState(pane: nil, theme: nil)
        #expect(saved.graph?.originFromCentreX == 0.25)
        #expect(saved.graph?.originFromCentreY == -0.25)

        var restored = AppModel(restoring: saved, pane: nil)
        #expect(restored.savedState(pane: nil, theme: nil) == saved, "nothing is lost before a pane appears")
        restored.apply(.graph, graphPane: Panes.split)
        #expect(restored.viewport(in: Panes.split)?.origin == Point(x: 375, y: 140))
    }

    @Test("A model with nothing graphed saves and restores", arguments: [[String](), ["7"], ["7", "+"], ["M", "sin"]])
    func nothingGraphed(keys: [String]) throws {
        var model = AppModel()
        for key in keys { model.apply(.press(key), graphPane: nil) }
        let restored = AppModel(restoring: model.savedState(pane: nil, theme: nil), pane: Panes.full)
        #expect(restored.keypad.program == model.keypad.program)
        #expect(restored.keypad.display == model.keypad.display)
        #expect(restored.graphed == nil && restored.camera == nil && restored.route == .calculator)
    }

    @Test("A file that is not a JSON object is not gcview's: it is reported, never moved or replaced, and nothing is saved over it",
          arguments: notGcviewsState)
    func notGcviewsFiles(name: String, bytes: Data) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store("state.json")
        #expect(FileManager.default.createFile(atPath: store.path, contents: bytes))
        let (reason, setAside) = try #require(store.load().unreadable, "\(name) loaded")
        #expect(setAside == nil)
        #expect(reason.hasSuffix("gcview's state is a JSON object and it is not, so it is left where it is"), "\(reason)")
        let error = #expect(throws: StateStoreError.self) {
            try store.save(Self.busyModel().savedState(pane: nil, theme: nil))
        }
        #expect(error == .cannotSave(path: store.file, cause: .notGcviewsFile(reason: "gcview's state is a JSON object and it is not")))
        #expect(FileManager.default.contents(atPath: store.path) == bytes, "the file is as it was")
        #expect(directory.contents(of: "") == ["state.json"], "nothing set aside, no temporary file")
    }

    @Test("A state an editor saved with a byte-order mark, or indented, is still gcview's: it is saved over")
    func byteOrderMark() throws {
        for prefix in [Data([0xEF, 0xBB, 0xBF]), Data(" \n\t".utf8)] {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let store = directory.store("state.json")
            #expect(FileManager.default.createFile(atPath: store.path, contents: prefix + Self.validFile()))
            try store.save(Self.busyModel().savedState(pane: nil, theme: nil))
            #expect(store.load().state != nil, "the saved state loads")
        }
    }

    @Test("Unusable files are set aside with their bytes, reported, and never overwritten", arguments: unusable)
    func unusableFiles(name: String, bytes: Data) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        try FileManager.default.createDirectory(atPath: directory.path + "/gcview", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: store.path, contents: bytes))
        let now = Date(timeIntervalSince1970: 1_800_000_000)

        let (reason, setAside) = try #require(store.load(now: now).unreadable, "\(name) loaded")
        #expect(!reason.isEmpty)
        let aside = try #require(setAside)
        #expect(aside == store.path + ".corrupt-20270115T080000Z")
        #expect(FileManager.default.contents(atPath: aside) == bytes, "the original bytes are kept")
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(store.load() == .nothing)

        try store.save(Self.busyModel().savedState(pane: Panes.full, theme: nil))
        #expect(FileManager.default.contents(atPath: aside) == bytes, "saving leaves the set-aside file alone")
        #expect(store.load().state != nil, "the new file loads")
        // A second bad file in the same second gets its own name.
        #expect(FileManager.default.createFile(atPath: store.path, contents: bytes))
        let second = try #require(store.load(now: now).unreadable, "the second bad file loaded")
        #expect(second.setAside == store.path + ".corrupt-20270115T080000Z-2")
        #expect(FileManager.default.contents(atPath: aside) == bytes)
    }

    @Test("Values out of range are replaced by defaults", arguments: outOfRangeCases)
    func outOfRange(scaleX: Double, scaleY: Double, fractionX: Double, fractionY: Double, label: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        var saved = AppModel.graphing("sin(x)").savedState(pane: Panes.full, theme: nil)
        saved.graph?.scaleX = scaleX
        saved.graph?.scaleY = scaleY
        saved.graph?.originFromCentreX = fractionX
        saved.graph?.originFromCentreY = fractionY
        try store.save(saved)  // non-finite numbers are written, not refused
        let loaded = try #require(store.load().state, "\(label) did not load")
        let model = AppModel(restoring: loaded, pane: Panes.full)
        let camera = try #require(model.camera)
        #expect(camera.isSane, "\(label)")
        #expect(model.graphed?.description == "sin(M)")
        let saneScale = GraphCamera.scaleLimits.contains(scaleX)
        #expect(camera.scaleX == (saneScale ? scaleX : GraphCamera.standard(cellHeight: 20).scaleX))
        if !fractionX.isFinite || abs(fractionX) > 1e6 || !fractionY.isFinite {
            #expect(camera.offsetX == 0 && camera.offsetY == 0)
        }
    }

    @Test("Hostile but well-formed state is cleaned up on restore")
    func hostileContent() throws {
        let deep = Program(steps: [.variable("M")] + Array(repeating: .operation("sin"), count: 5000))
        let escape = History.Entry(description: "\u{1B}]52;c;ZXZpbA==\u{7}\u{1B}[2J", program: Program(steps: [.variable("M")]))
        let pending = History.Entry(description: "7 +", program: Program(steps: [.number(7), .operation("+")]))
        let saved = SavedState(
            calculator: .init(program: deep, memory: .infinity, typed: "C M 99"),
            graph: .init(program: deep, scaleX: 50, scaleY: 50, originFromCentreX: 0, originFromCentreY: 0),
            theme: nil,
            history: [escape, pending, History.Entry(description: "deep", program: deep)]
                + Array(repeating: escape, count: 10_000))
        let model = AppModel(restoring: saved, pane: Panes.full)
        // A deep program is a program like any other (nothing recurses): it is kept.
        #expect(model.keypad.program == deep)
        #expect(model.keypad.memory == nil)
        #expect(model.keypad.typedText == nil)
        #expect(model.graphed?.program == deep && model.camera != nil)
        let deepDescription = String(repeating: "sin(", count: 5000) + "M" + String(repeating: ")", count: 5000)
        #expect(model.history.entries.map(\.description) == ["M", deepDescription])
    }

    @Test("A file that cannot be written gives an error, not a crash", arguments: [
        "file/gcview/state.json",  // under a regular file
        "directory",               // the path is a directory
        "/proc/gcview-test/state.json",  // a read-only file system, even for root
    ])
    func unwritable(path: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(FileManager.default.createFile(atPath: directory.path + "/file", contents: Data("x".utf8)))
        try FileManager.default.createDirectory(atPath: directory.path + "/directory/inside",
                                                withIntermediateDirectories: true)
        let store = StateStore(path: path.hasPrefix("/") ? path : directory.path + "/" + path)
        #expect(throws: StateStoreError.self) { try store.save(Self.busyModel().savedState(pane: nil, theme: nil)) }
        #expect(directory.contents(of: "") == ["directory", "file"], "no temporary file is left")
    }

    @Test("A number too long for a Double saves and loads")
    func infiniteNumber() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        var model = AppModel()
        for _ in 0..<400 { model.apply(.press("9"), graphPane: nil) }
        model.press("→M", "M", "+", "1", "=")
        let state = model.savedState(pane: nil, theme: nil)
        try store.save(state)
        #expect(store.load() == .state(state))
    }

    @Test("A read-only directory gives an error, not a crash", .enabled(if: getuid() != 0, "root writes anyway"))
    func readOnlyDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        let state = Self.busyModel().savedState(pane: nil, theme: nil)
        try store.save(state)
        chmod(directory.path + "/gcview", 0o500)
        #expect(throws: StateStoreError.self) { try store.save(AppModel().savedState(pane: nil, theme: nil)) }
        #expect(store.load() == .state(state), "the old file is still there")
        chmod(directory.path + "/gcview", 0o700)
    }

    @Test("A custom path works, with the file 0600 and its new directory 0700")
    func customPath() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = StateStore(path: directory.path + "/a/b/my state.json")
        let state = Self.busyModel().savedState(pane: Panes.split, theme: "dark")
        try store.save(state)
        try store.save(state)
        #expect(store.load() == .state(state))
        var info = stat()
        #expect(stat(store.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(directory.path + "/a/b", &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/a/b") == ["my state.json"])
    }

    @Test("The default path follows XDG_STATE_HOME, else HOME", arguments: [
        (["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"], "/x/state/gcview/state.json"),
        (["XDG_STATE_HOME": "relative", "HOME": "/home/u"], "/home/u/.local/state/gcview/state.json"),
        (["XDG_STATE_HOME": "", "HOME": "/home/u"], "/home/u/.local/state/gcview/state.json"),
        (["HOME": "/home/u"], "/home/u/.local/state/gcview/state.json"),
    ])
    func defaultPath(environment: [String: String], expected: String) {
        #expect(StateStore.defaultPath(environment: environment) == expected)
    }

    @Test("A FIFO at the state path is refused without blocking")
    func fifo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store("state.json")
        #expect(mkfifo(store.path, 0o600) == 0)
        let (reason, _) = try #require(store.load().unreadable, "a FIFO loaded")
        #expect(reason.contains("regular"))
    }

    /// Files that are not usable state, by what is wrong with them.
    static let unusable: [(String, Data)] = [
        ("corrupt", Data("{ this is not json".utf8)),
        ("truncated", validFile().prefix(validFile().count / 2)),
        ("empty", Data()),
        ("wrong types", Data(#"{"version":1,"calculator":{"program":"sin"},"history":7}"#.utf8)),
        ("huge version", Data(#"{"version":1e999,"calculator":{"program":{"steps":[]}},"history":[]}"#.utf8)),
        ("huge integer", Data(#"{"version":123456789012345678901234567890}"#.utf8)),
        ("unknown operation", Data(#"{"version":1,"calculator":{"program":{"steps":["rm -rf"]}},"history":[]}"#.utf8)),
        ("future version", validFile(version: 2)),
        ("5 MB", Data(validFile().dropLast()) + Data(repeating: 0x20, count: 5 << 20) + Data("}".utf8)),
        ("deeply nested", Data(String(repeating: "{\"a\":", count: 100_000).utf8)),
    ]

    /// Files that are not a JSON object, as gcview's state always is: another program's, left alone.
    static let notGcviewsState: [(String, Data)] = [
        ("JSON null", Data("null".utf8)),
        ("deeply nested array", Data(String(repeating: "[", count: 100_000).utf8)),
        ("binary", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })),
        ("a password file", Data("root:x:0:0:root:/root:/bin/bash\n".utf8)),
        ("a shell's start-up file", Data("  \n# ~/.bashrc\nexport PATH\n".utf8)),
    ]

    /// Camera values (scale x and y, origin fractions) out of range, and what they are.
    static let outOfRangeCases: [(Double, Double, Double, Double, String)] = [
        (Double.nan, 50.0, 0.1, 0.1, "NaN x scale"),
        (0, 50, 0.1, 0.1, "zero x scale"),
        (50, 0, 0.1, 0.1, "zero y scale"),
        (-50, 50, 0.1, 0.1, "negative scale"),
        (50, .infinity, 0.1, 0.1, "infinite y scale"),
        (50, 50, 1e308, 0.1, "origin at 1e308"),
        (50, 50, 0.1, -.infinity, "origin at −∞"),
        (50, 50, .nan, .nan, "NaN origin"),
    ]

    /// A valid state file's bytes, claiming `version`.
    static func validFile(version: Int = SavedState.currentVersion) -> Data {
        var state = busyModel().savedState(pane: Panes.full, theme: "paper")
        state.version = version
        return (try? JSONEncoder().encode(state)) ?? Data()
    }
}

extension StateStore.Loaded {
    /// The state loaded, or nil.
    var state: SavedState? {
        if case .state(let state) = self { state } else { nil }
    }

    /// Why the file was not used and where it went, or nil when it was used or missing.
    var unreadable: (reason: String, setAside: String?)? {
        if case .unreadable(let reason, let setAside) = self { (reason, setAside) } else { nil }
    }
}
