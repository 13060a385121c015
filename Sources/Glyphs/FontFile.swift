import Glibc
import SystemPackage
import SystemSupport

/// A font file's bytes, read once and checked first: only a regular file of at most `largest`
/// bytes is read, opened without blocking, so a FIFO, device or directory named as the font is
/// an error and never a hang. Faces are made from these bytes, which stay alive with the object.
package final class FontFile: @unchecked Sendable {
    /// The largest font file read (DejaVu Sans is 740 KB; the largest CJK fonts about 20 MB).
    package static let largest = 64 << 20

    /// Where the bytes came from.
    package let path: FilePath
    /// The bytes, allocated once and never changed (immutable, hence shareable between threads).
    let bytes: UnsafeMutableRawBufferPointer

    /// Reads the font at `path`, refusing anything but a regular file of at most `largest` bytes.
    package init(path: FilePath) throws(GlyphError) {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                path, .readOnly, options: [.nonBlocking, .closeOnExec, FileDescriptor.OpenOptions(rawValue: O_NOCTTY)])
        } catch {
            throw .unreadable(path: path.shown, errno: (error as? Errno) ?? .ioError)
        }
        defer { try? descriptor.close() }
        let size: Int
        do {
            let info = try descriptor.stat()
            guard info.type == .regular else { throw GlyphError.notRegularFile(path: path.shown, kind: info.type.kindWithArticle) }
            guard info.size <= Int64(Self.largest) else { throw GlyphError.tooLarge(path: path.shown, limit: Self.largest) }
            size = Int(info.size)
        } catch let error as GlyphError {
            throw error
        } catch {
            throw .unreadable(path: path.shown, errno: (error as? Errno) ?? .ioError)
        }
        let bytes: [UInt8]
        do throws(BoundedReadFailure) {
            bytes = try descriptor.readAll(atMost: Self.largest, expecting: size)
        } catch {
            switch error {
            case .tooLarge: throw .tooLarge(path: path.shown, limit: Self.largest)
            case .failed(let errno): throw .unreadable(path: path.shown, errno: errno)
            }
        }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        storage.copyBytes(from: bytes)
        self.bytes = UnsafeMutableRawBufferPointer(rebasing: storage[0..<bytes.count])
        self.path = path
    }

    deinit {
        bytes.deallocate()
    }


    /// Which font a search is for: the proportional face of graph labels, or the monospace face
    /// of text laid out one character a cell (help and lists drawn into the picture).
    package struct Purpose: Sendable, Equatable {
        /// The environment variable naming the font file; when set, nothing else is searched.
        package let variable: String
        /// Where the font is looked for otherwise, in order.
        package let systemPaths: [String]

        /// Graph labels: `GCVIEW_FONT`, else DejaVu Sans.
        package static let labels = Purpose(variable: "GCVIEW_FONT", systemPaths: systemPaths(of: "DejaVuSans.ttf"))
        /// Text in cells: `GCVIEW_MONO_FONT`, else DejaVu Sans Mono.
        package static let cells = Purpose(variable: "GCVIEW_MONO_FONT", systemPaths: systemPaths(of: "DejaVuSansMono.ttf"))

        /// The places DejaVu's `file` is installed, in order.
        static func systemPaths(of file: String) -> [String] {
            ["/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/TTF/", "/usr/share/fonts/dejavu/",
             "/usr/local/share/fonts/"].map { $0 + file }
        }
    }

    /// Where `system` looks: the purpose's variable alone if set and not empty (byte for byte),
    /// else its system paths.
    static func searchPaths(for purpose: Purpose, variable: (String) -> [UInt8]?) -> [FilePath] {
        if let chosen = variable(purpose.variable), !chosen.isEmpty { return [FilePath(bytes: chosen)] }
        return purpose.systemPaths.map { FilePath($0) }
    }

    /// The font the purpose's variable names in the process's environment (its exact bytes), else
    /// the first of its system paths that can be read.
    package static func system(for purpose: Purpose = .labels) throws(GlyphError) -> FontFile {
        try system(for: purpose) { name in getenv(name).map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } }
    }

    /// The font the purpose's variable names in `environment`, else the first system font that can be read.
    package static func system(for purpose: Purpose = .labels, environment: [String: String]) throws(GlyphError) -> FontFile {
        try system(for: purpose) { environment[$0].map { Array($0.utf8) } }
    }

    /// The first font of `searchPaths` that can be read. When none can: "no font found" if none
    /// exists, else why the first one there could not be used.
    static func system(for purpose: Purpose, variable: (String) -> [UInt8]?) throws(GlyphError) -> FontFile {
        let paths = searchPaths(for: purpose, variable: variable)
        var firstFailure: GlyphError?
        for path in paths {
            do {
                return try FontFile(path: path)
            } catch {
                if case .unreadable(_, .noSuchFileOrDirectory) = error { continue }
                firstFailure = firstFailure ?? error
            }
        }
        throw firstFailure ?? .noSystemFont(searched: paths.map(\.shown))
    }
}
