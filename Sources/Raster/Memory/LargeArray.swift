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
/// `malloc` has written its first page (its chunk header, then the array's) before we see it,
/// which rules out a huge page at the first touch of that block. A huge page needs a whole
/// 2 MiB-aligned block: glibc serves a large request with an `mmap(2)` of a whole number of
/// pages, and Linux (6.7 and later) puts an anonymous mapping whose length is a multiple of 2 MiB
/// on a 2 MiB boundary, so the capacity asked for makes the mapping such a multiple. Then:
///
/// - the first block, where only the headers have been written, is mapped afresh over itself
///   (`mmap(2)` with `MAP_FIXED`), which drops its small page and its page table, and the headers
///   are written back: their 48 bytes are all the block holds;
/// - the whole mapping is marked `MADV_HUGEPAGE`, so every block gets a huge page at its first
///   touch, the first one when the headers are written back.
///
/// An earlier version made the first block a huge page with `MADV_COLLAPSE` instead. That took
/// 170–330 µs inside `gcview plot` (`strace -T`): the kernel drains every CPU's page lists and
/// copies the block; a fresh huge page at a first touch takes about 30 µs.
///
/// The block is mapped afresh only on Linux 6.12 and later, where an `mmap` with `MAP_FIXED` that
/// fails leaves the mapping it would have replaced as it was (the munmap is deferred until the new
/// mapping is in place). Where any of this does not hold (another allocator or kernel, huge pages
/// turned off, or a `malloc` that serves the request from its heap because it has raised its
/// mapping threshold after a large `free`), the pages are left as they are, and the array is the
/// same, made of small pages.
package enum LargeArray {
    /// Arrays of at least this many bytes are put on huge pages.
    static let smallest = 1 << 20
    static let hugePage = 2 << 20
    /// What comes before the elements in the mapping: glibc's chunk header (16 bytes) and the
    /// Swift array's (32 bytes on a 64-bit platform).
    static let headers = 16 + 32
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
            var fresh = false
            if mapped % UInt(hugePage) == 0, remapsSafely, let block = UnsafeMutableRawPointer(bitPattern: mapped) {
                fresh = putOnHugePages(block, length: mapping)
            }
            // Pages the kernel has not yet given are zeros: a blank picture of index 0 is written
            // only where it is drawn on.
            if !(fresh && value == 0) { start.initialize(repeating: value, count: count) }
            initialized = count
        }
        #else
        return [UInt8](repeating: value, count: count)
        #endif
    }

    #if canImport(Glibc)
    /// Maps the first 2 MiB of `mapping` afresh with the headers it holds written back, marks all
    /// `length` bytes `MADV_HUGEPAGE`, and says whether it did. Nothing but the headers may have
    /// been written there; after it, every other byte of the mapping is zero.
    private static func putOnHugePages(_ mapping: UnsafeMutableRawPointer, length: Int) -> Bool {
        // The headers, kept in six words on the stack: malloc's 16 bytes and the array's 32.
        var kept: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        let block = UnsafeMutableRawBufferPointer(start: mapping, count: headers)
        withUnsafeMutableBytes(of: &kept) { $0.copyMemory(from: UnsafeRawBufferPointer(block)) }
        let fresh = mmap(mapping, hugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
        // Refused, the old block is still in place (Linux 6.12 and later), headers and all.
        guard fresh == mapping else { return false }
        _ = madvise(mapping, length, MADV_HUGEPAGE)
        withUnsafeBytes(of: &kept) { block.copyMemory(from: $0) }
        return true
    }

    /// Whether this kernel keeps a mapping that an `mmap` with `MAP_FIXED` failed to replace:
    /// Linux 6.12 and later.
    package static let remapsSafely: Bool = {
        let version = kernelRelease.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        return version.count == 2 && (version[0], version[1]) >= (6, 12)
    }()

    /// This kernel's release, such as `6.18.44-fc`, from `uname(2)`; empty where it cannot be read.
    package static let kernelRelease: String = {
        var names = utsname()
        guard uname(&names) == 0 else { return "" }
        return withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }()
    #endif
}
