import FoundationEssentials
import SystemPackage

/// A PNG of the graph on screen, saved under a name made from its equation and the time, and
/// never over a file that is already there.
enum PictureFile {
    /// The most characters of the equation kept in a name.
    static let longestName = 40

    /// `equation` as a file name, then the time in UTC: letters and digits kept, every other run
    /// of characters one "_" (`y = sin(x) × x` at noon is `y_sin_x_x-20261123T120000Z`).
    static func baseName(for equation: String, at date: Date) -> String {
        var name = ""
        for character in equation {
            if character.isASCII, character.isLetter || character.isNumber {
                name.append(character)
            } else if !name.isEmpty, name.last != "_" {
                name.append("_")
            }
        }
        while name.hasSuffix("_") { name.removeLast() }
        return String((name.isEmpty ? "graph" : name).prefix(longestName)) + "-" + date.fileStamp
    }

    /// Writes `png` as a new file `base.png` in `folder` (`base-2.png`, … when taken); returns its path.
    static func write(_ png: [UInt8], named base: String, in folder: String) throws(Errno) -> String {
        for attempt in 1...100 {
            let path = folder + "/" + base + (attempt == 1 ? "" : "-\(attempt)") + ".png"
            let file: FileDescriptor
            do {
                file = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.create, .exclusiveCreate],
                                               permissions: [.ownerReadWrite, .groupRead, .otherRead])
            } catch Errno.fileExists {
                continue
            } catch {
                throw (error as? Errno) ?? .ioError
            }
            do {
                try file.closeAfter { _ = try file.writeAll(png) }
            } catch {
                throw (error as? Errno) ?? .ioError
            }
            return path
        }
        throw .fileExists
    }
}
