import Foundation
import Testing

/// The suite runs from any folder a user can clone into: terminals that run as `nobody` (foot
/// under sway) get a copy of gcview they can reach, even when the clone is private.
@Suite("A private clone", .needs(["/usr/bin/setpriv"]))
struct PrivateCloneTests {
    /// Runs `gcview --version` as `nobody` through sh, as foot runs its command.
    static func versionAsNobody(_ gcview: String) throws -> Finished {
        try run("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                     "/bin/sh", "-c", "\"$0\" --version", gcview])
    }

    @Test("A gcview inside a 0700 folder is out of nobody's reach; the copy the tests run is not")
    func copyReachesNobody() throws {
        let clone = Paths.temporaryFolder().appendingPathComponent("private-clone")
        defer { try? FileManager.default.removeItem(at: clone.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: clone, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let privateBinary = clone.appendingPathComponent("gcview").path
        try copyProgram(Paths.built, to: privateBinary)

        let blocked = try Self.versionAsNobody(privateBinary)
        #expect(blocked.status != 0, "nobody cannot run a binary inside a 0700 folder")
        #expect(!Paths.everyoneCanEnter(clone))

        let version = try run(Paths.built, ["--version"]).stdout
        let copy = try Paths.reachableByEveryone(copyOf: privateBinary)
        let reached = try Self.versionAsNobody(copy)
        #expect(reached.status == 0 && !version.isEmpty && reached.stdout == version, "\(reached.stdout) \(reached.stderr)")

        let used = try Self.versionAsNobody(Paths.gcview)
        #expect(used.status == 0, "the gcview every end-to-end test runs is reachable by nobody: \(used.stderr)")
    }
}
