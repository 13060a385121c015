#if canImport(Glibc)
import Glibc
#endif

/// Arrays of bytes big enough to be worth putting on transparent huge pages: a picture's pixels.
///
/// Fresh memory costs a page fault at the first touch of every 4 KiB page: 390 of them, about
/// 0.5 ms, for the 1.6 MB of a 1600×1000 picture (`perf stat -e page-faults` on `gcview plot`),
/// and 24 000 for a 10000×10000 one. A 2 MiB huge page is one.
///
/// A Swift array's storage comes from `malloc(3)`, so its address is not ours to choose, and
/// `malloc` has written its first page before we see it, which rules out a huge page at the first
/// touch of that block. So the pages are marked with `madvise(2)`'s `MADV_HUGEPAGE`, which gives
/// every untouched block a huge page at its first touch, and the first block is made one at once
/// with `MADV_COLLAPSE` (Linux 6.1), before the bytes are filled. A huge page
/// needs a whole 2 MiB-aligned block: glibc serves a large request with an `mmap(2)` of a whole
/// number of pages, and Linux (6.7 and later) puts an anonymous mapping whose length is a
/// multiple of 2 MiB on a 2 MiB boundary, so the capacity asked for makes the mapping such a
/// multiple. Where any of this does not hold (another allocator or kernel, huge pages turned
/// off, or a `malloc` that serves the request from its heap because it has raised its mapping
/// threshold after a large `free`), the pages are left as they are or the calls fail, and the
/// array is the same, made of small pages.
package enum LargeArray {
    /// Arrays of at least this many bytes are put on huge pages.
    static let smallest = 1 << 20
    static let hugePage = 2 << 20
    /// What comes before the elements in the mapping: glibc's chunk header (16 bytes) and the
    /// Swift array's (32 bytes on a 64-bit platform).
    static let headers = 16 + 32
    /// `MADV_COLLAPSE` from `<asm-generic/mman-common.h>`, which Glibc's module does not name.
    static let collapse: Int32 = 25

    /// `count` bytes, each `value`, on huge pages where the system gives them.
    package static func bytes(repeating value: UInt8, count: Int) -> [UInt8] {
        #if canImport(Glibc)
        guard count >= smallest, count <= Int.max / 4 else { return [UInt8](repeating: value, count: count) }
        // glibc maps a request of r bytes as r + 8 rounded up to 16, plus 8, rounded up to a page:
        // asking for the mapping less the headers and 8 more keeps it to `mapping` exactly.
        let mapping = (count + headers + 8 + hugePage - 1) / hugePage * hugePage
        return [UInt8](unsafeUninitializedCapacity: mapping - headers - 8) { buffer, initialized in
            guard let start = buffer.baseAddress else { return }
            // Only a mapping of its own, on a boundary: never a stretch of malloc's heap.
            let mapped = UInt(bitPattern: start) - UInt(headers)
            if mapped % UInt(hugePage) == 0, madvise(UnsafeMutableRawPointer(bitPattern: mapped), mapping, MADV_HUGEPAGE) == 0 {
                _ = madvise(UnsafeMutableRawPointer(bitPattern: mapped), hugePage, collapse)
            }
            start.initialize(repeating: value, count: count)
            initialized = count
        }
        #else
        return [UInt8](repeating: value, count: count)
        #endif
    }
}
