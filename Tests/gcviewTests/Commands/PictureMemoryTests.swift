import Foundation
import Raster
import Testing
import TestSupport

/// A large picture's pixels are put on huge pages (Raster's `LargeArray`): `gcview plot` at
/// 1600×1000 takes about as many page faults as at 400×250, not 390 more, one for each 4 KiB of
/// the 1.6 MB of pixels.
@Suite("Picture memory")
struct PictureMemoryTests {
    @Test("a large picture's pixels cost a few page faults, not one for every 4 KiB")
    func largePictureFaults() throws {
        guard let reason = Self.hugePagesUnavailable else {
            let small = try Self.faults(size: "400x250"), large = try Self.faults(size: "1600x1000")
            // 1.5 MB more pixels: 366 more faults on small pages; the sixel bytes and samples add a few.
            #expect(large - small < 120, "\(small) faults at 400x250, \(large) at 1600x1000")
            return
        }
        print("PictureMemoryTests: not checked here: \(reason)")
    }

    /// The fewest minor faults of three runs of `plot` at `size` (the fewest: the same work each time).
    static func faults(size: String) throws -> Int {
        var fewest = Int.max
        for _ in 0..<3 {
            let run = try Spawn.minorPageFaults(Paths.built, ["plot", "sin(x)*x", "--x", "-10:10", "--size", size, "--protocol", "sixel"])
            #expect(run.status == 0)
            fewest = min(fewest, run.faults)
        }
        return fewest
    }

    /// Why this machine cannot give huge pages as `LargeArray` asks for them, or nil: transparent
    /// huge pages turned off, or a kernel before 6.12 (before 6.7 it does not align a 2 MiB
    /// mapping, and `LargeArray` maps a block afresh only from 6.12).
    static var hugePagesUnavailable: String? {
        let setting = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        guard setting.contains("[madvise]") || setting.contains("[always]") else { return "transparent huge pages: \(setting)" }
        // The plot runs on this machine's kernel, so LargeArray's own check answers for it.
        guard LargeArray.remapsSafely else { return "kernel \(LargeArray.kernelRelease), before 6.12" }
        return nil
    }
}
