import Foundation
import Glibc
import TestSupport
import Testing

/// The tests' way of running programs hands a child its standard descriptors and nothing else of
/// the test process: a descriptor another test holds at that moment (its own child's pipe, a
/// program it is copying) would otherwise live on in the child, keeping a pipe from its end or a
/// copied program from running ("Text file busy").
@Suite("Children of the tests inherit nothing but their standard descriptors")
struct SpawnTests {
    @Test("A descriptor open in the test process, without close-on-exec, is not the child's")
    func nothingInherited() throws {
        let path = Paths.temporaryFolder().appendingPathComponent("held-open").path
        let held = open(path, O_WRONLY | O_CREAT, 0o644)
        try #require(held > 2)
        defer { close(held) }
        let listed = try run("/bin/ls", ["/proc/self/fd"])
        let descriptors = listed.stdout.split(separator: "\n").compactMap { Int32($0) }
        #expect(descriptors.contains(0) && descriptors.contains(1) && descriptors.contains(2), "\(descriptors)")
        #expect(!descriptors.contains(held), "the test's descriptor \(held) reached the child: \(descriptors)")
        #expect(descriptors.allSatisfy { $0 <= 3 }, "only the standard ones and ls's own directory: \(descriptors)")
    }
}
