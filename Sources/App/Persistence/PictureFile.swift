import FoundationEssentials
import SystemPackage
import SystemSupport
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// Why a picture was not saved; `description` is the status line's reason.
enum PictureFileError: Error, CustomStringConvertible, Equatable {
    /// The current folder was removed while gcview ran.
    case currentFolderGone
    /// The system refused (a full disk, no permission, ...).
    case system(Errno)

    var description: String {
        switch self {
        case .currentFolderGone: "the current folder no longer exists"
        case .system(let errno): errno.description
        }
    }
}

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

    /// Writes `png` (or another picture, with its `fileExtension`: a GIF, an SVG) as a new file `base.png` in `folder` (`base-2.png`, … when taken), or in the
    /// current folder when `folder` is nil (the name is written relative to it, never made absolute
    /// from a folder name that may be stale); returns the full path for the status line. On
    /// failure nothing is left behind: a file that was created is removed.
    static func write(_ png: [UInt8], named base: String, in folder: FilePath?,
                      extension fileExtension: String = "png") throws(PictureFileError) -> String {
        let shownFolder: FilePath
        if let folder { shownFolder = folder } else { shownFolder = try currentFolder() }
        for attempt in 1...100 {
            let name = base + (attempt == 1 ? "" : "-\(attempt)") + "." + fileExtension
            let path = folder.map { $0.appending(name) } ?? FilePath(name)
            let file: FileDescriptor
            do {
                file = try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec, .noFollow],
                                               permissions: [.ownerReadWrite, .groupRead, .otherRead])
            } catch Errno.fileExists {
                continue
            } catch Errno.noSuchFileOrDirectory where folder == nil {
                throw .currentFolderGone
            } catch {
                throw .system((error as? Errno) ?? .ioError)
            }
            do {
                try file.closeAfter { _ = try file.writeAll(png) }
            } catch {
                try? SystemCall.unlink(path)
                throw .system((error as? Errno) ?? .ioError)
            }
            return shownFolder.appending(name).shown
        }
        throw .system(.fileExists)
    }

    /// The current folder's full path (`getcwd`); `currentFolderGone` when it was removed.
    static func currentFolder() throws(PictureFileError) -> FilePath {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else {
            throw errno == ENOENT ? .currentFolderGone : .system(Errno(rawValue: errno))
        }
        return buffer.withUnsafeBufferPointer { pointer in
            pointer.baseAddress.map { FilePath(platformString: $0) } ?? FilePath("/")
        }
    }
}
