import Foundation
import Raster

/// A GIF's frames as ImageMagick composes them for display (`convert -coalesce`), read back as
/// raw RGB: an independent decoder for the GIF writer's tests and the app's sweeps.
package enum ImageMagickGIF {
    package static let convert = "/usr/bin/convert"
    package static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: convert) }

    /// The frames of the GIF `bytes`, `width` x `height` pixels each.
    package static func frames(of bytes: [UInt8], width: Int, height: Int) throws -> [[RGB]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("in.gif")
        try Data(bytes).write(to: file)
        return try frames(of: file, width: width, height: height)
    }

    /// The frames of the GIF file `file`, `width` x `height` pixels each.
    package static func frames(of file: URL, width: Int, height: Int) throws -> [[RGB]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = [file.path, "-coalesce", "-depth", "8", folder.appendingPathComponent("f-%04d.rgb").path]
        guard let converted = try Spawn.run(convert, arguments, environment: nil, stdin: nil, timeout: 120),
              converted.status == 0 else { throw CocoaError(.fileReadCorruptFile) }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".rgb") }.sorted()
        return try names.map { name in
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            guard bytes.count == width * height * 3 else { throw CocoaError(.fileReadCorruptFile) }
            return (0..<(width * height)).map { RGB(bytes[3 * $0], bytes[3 * $0 + 1], bytes[3 * $0 + 2]) }
        }
    }
}
