#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import Raster
import Testing

@Suite("Large pixel arrays on huge pages")
struct LargeArrayTests {
    @Test("A large array holds what a plain one does, around each edge of its rounding",
          arguments: [0, 1, LargeArray.smallest - 1, LargeArray.smallest, LargeArray.hugePage - 56, LargeArray.hugePage - 55,
                      LargeArray.hugePage, 1_600_000, 3 * LargeArray.hugePage + 7])
    func sameBytes(count: Int) {
        var bytes = LargeArray.bytes(repeating: 9, count: count)
        #expect(bytes == [UInt8](repeating: 9, count: count))
        // Still an ordinary array: it grows and copies on write.
        let copy = bytes
        bytes.append(1)
        #expect(bytes.count == count + 1 && bytes.last == 1 && copy.count == count)
    }

    @Test("A picture's pixels lie on huge pages where the system gives them")
    func pictureOnHugePages() throws {
        let viewport = Viewport(width: 1600, height: 1000, xRange: -10...10, yRange: -8...8)
        let renderer = GraphRenderer(glyphs: BoxGlyphs())
        let image = renderer.rasterize([renderer.sample({ sin($0) * $0 }, in: viewport)], in: viewport)
        let address = image.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        guard HugePages.areGiven, address % UInt(LargeArray.hugePage) == UInt(LargeArray.headers) else {
            // Huge pages turned off, or a kernel that does not align the mapping: small pages, the same pixels.
            print("LargeArrayTests: huge pages not given here (\(HugePages.setting ?? "no setting")); pixels at \(address)")
            return
        }
        let huge = try #require(HugePages.anonymousHugeKilobytes(containing: address))
        #expect(huge >= 2048, "the 1.6 MB of pixels were not put on a huge page")
    }
}

/// What `/sys` and `/proc` say of transparent huge pages.
enum HugePages {
    /// The bracketed choice of `/sys/kernel/mm/transparent_hugepage/enabled`.
    static var setting: String? {
        guard let text = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8),
              let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]"), open < close else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    static var areGiven: Bool { setting == "madvise" || setting == "always" }

    /// `AnonHugePages` of the mapping in `/proc/self/smaps` that holds `address`, in kB.
    static func anonymousHugeKilobytes(containing address: UInt) -> Int? {
        // Read to its end: /proc says its files are empty, so a read of the stated size gets nothing.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        var inside = false
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let ends = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = ends.count == 2 && ends[0] <= address && address < ends[1]
            } else if inside, fields.first == "AnonHugePages:", fields.count >= 2 {
                return Int(fields[1])
            }
        }
        return nil
    }
}
