import Foundation
import SystemPackage
import SystemSupport
import Testing

/// `FileDescriptor.readPrefix(upTo:)`: a file's first bytes from offset 0, at most the limit.
@Suite("Reading a file's first bytes")
struct ReadPrefixTests {
    @Test("The whole of a shorter file, the limit's worth of a longer one, from the start whatever the offset",
          arguments: [0, 1, 1023, 1024, 1025, 200_000])
    func prefix(size: Int) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Data(bytes).write(to: url)
        let descriptor = try FileDescriptor.open(FilePath(url.path), .readOnly)
        defer { try? descriptor.close() }
        _ = try descriptor.seek(offset: Int64(size / 2), from: .start)
        #expect(descriptor.readPrefix(upTo: 1024) == Array(bytes.prefix(1024)))
        #expect(descriptor.readPrefix(upTo: 0).isEmpty)
    }
}
