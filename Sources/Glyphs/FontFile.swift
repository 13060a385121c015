import Glibc
import SystemPackage
import SystemSupport

/// A font file's bytes, checked first: only a regular file of at most `largest` bytes is used,
/// opened without blocking, so a FIFO, device or directory named as the font is an error and
/// never a hang. The file is mapped read-only, so only the pages FreeType reads are ever loaded
/// (a plot's labels touch a few dozen of DejaVu Sans's 185; reading it whole and copying it cost
/// 370 page faults, a third of a plot's); where it cannot be mapped it is read once. Faces are
/// made from these bytes, which stay alive, unchanged, with the object.
package final class FontFile: @unchecked Sendable {
    /// The largest font file read (DejaVu Sans is 740 KB; the largest CJK fonts about 20 MB).
    package static let largest = 64 << 20

    /// Where the bytes came from.
    package let path: FilePath
    /// The bytes, mapped or allocated once and never changed (immutable, hence shareable between threads).
    let bytes: UnsafeRawBufferPointer
    /// Whether `bytes` is a mapping of the file (released with `munmap`) rather than memory of its own.
    private let isMapped: Bool

    /// Maps (or reads) the font at `path`, refusing anything but a regular file of at most `largest` bytes.
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
        self.path = path
        if size > 0, let mapped = try? SystemCall.mapReadOnly(descriptor, byteCount: size) {
            bytes = mapped
            isMapped = true
            return
        }
        let read: [UInt8]
        do throws(BoundedReadFailure) {
            read = try descriptor.readAll(atMost: Self.largest, expecting: size)
        } catch {
            switch error {
            case .tooLarge: throw .tooLarge(path: path.shown, limit: Self.largest)
            case .failed(let errno): throw .unreadable(path: path.shown, errno: errno)
            }
        }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(read.count, 1), alignment: 16)
        storage.copyBytes(from: read)
        bytes = UnsafeRawBufferPointer(UnsafeMutableRawBufferPointer(rebasing: storage[0..<read.count]))
        isMapped = false
    }

    deinit {
        if isMapped { SystemCall.unmap(bytes) } else { bytes.deallocate() }
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
