import Foundation
import Testing

/// `scripts/check-architecture` keeps the imports and Package.swift true to ARCHITECTURE.md's table.
@Suite("Architecture: imports match the table")
struct ArchitectureTests {
    static let script = Paths.root.appendingPathComponent("scripts/check-architecture").path

    /// A copy of the package's Package.swift and Sources in a new folder.
    static func copyOfPackage() throws -> URL {
        let folder = Paths.temporaryFolder()
        for item in ["Package.swift", "Sources"] {
            try FileManager.default.copyItem(at: Paths.root.appendingPathComponent(item),
                                             to: folder.appendingPathComponent(item))
        }
        return folder
    }

    @Test("The package as it is passes")
    func packagePasses() throws {
        let finished = try run("/bin/bash", [Self.script, Paths.root.path])
        #expect(finished.status == 0, "\(finished.stderr)")
    }

    @Test("Drift is found and named", arguments: [
        ("Brain importing Terminal", "Sources/Brain/Keypad.swift", "import Terminal\n", "imports Terminal, which Brain may not"),
        ("App importing CZlib", "Sources/App/Model/AppModel.swift", "import CZlib\n", "imports CZlib; only"),
        ("gcview declaring SizeClass", "Package.swift", "", "Package.swift gives gcview the dependencies"),
    ])
    func driftFails(_ name: String, _ file: String, _ prefix: String, _ message: String) throws {
        let folder = try Self.copyOfPackage()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(file)
        var text = try String(contentsOf: url, encoding: .utf8)
        if file == "Package.swift" {
            text = text.replacingOccurrences(of: "\"App\", \"Brain\", \"Raster\", \"Analysis\", \"Figure\", \"Tabular\", \"TextCells\"",
                                             with: "\"App\", \"Brain\", \"Raster\", \"Analysis\", \"Figure\", \"Tabular\", \"SizeClass\", \"TextCells\"")
        }
        try (prefix + text).write(to: url, atomically: true, encoding: .utf8)
        let finished = try run("/bin/bash", [Self.script, folder.path])
        #expect(finished.status == 1, "\(name): \(finished.stderr)")
        #expect(finished.stderr.contains(message), "\(name): \(finished.stderr)")
    }
}
