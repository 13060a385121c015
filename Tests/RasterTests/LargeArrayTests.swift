@testable import Raster
import Testing

/// Whether the pixels land on huge pages is checked where they do, in a fresh `gcview plot`
/// (gcview's PictureMemoryTests): in this process, other tests' large frees have raised glibc's
/// mapping threshold, and a large array comes from its heap.
@Suite("Large pixel arrays on huge pages")
struct LargeArrayTests {
    @Test("A large array holds what a plain one does, around each edge of its rounding",
          arguments: [0, 1, LargeArray.smallest - 1, LargeArray.smallest, LargeArray.hugePage - 56, LargeArray.hugePage - 55,
                      LargeArray.hugePage, 1_600_000, 3 * LargeArray.hugePage + 7])
    func sameBytes(count: Int) {
        // 0 as well: fresh pages are left to the kernel's zeros rather than written.
        for value: UInt8 in [9, 0] {
            var bytes = LargeArray.bytes(repeating: value, count: count)
            #expect(bytes == [UInt8](repeating: value, count: count))
            // Still an ordinary array: it grows and copies on write.
            let copy = bytes
            bytes.append(1)
            #expect(bytes.count == count + 1 && bytes.last == 1 && copy.count == count)
        }
    }
}
