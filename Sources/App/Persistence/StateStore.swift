import FoundationEssentials
import SystemPackage
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// Why the state file could not be used, read or written; `description` is the line users see.
indirect enum StateStoreError: Error, CustomStringConvertible, Equatable {
    /// The path could not be examined.
    case unusable(Errno)
    /// The path is a symbolic link, which is never followed.
    case symbolicLink
    /// The path is a directory, device, FIFO or socket (`kind` with its article).
    case notRegularFile(kind: String)
    /// The file is not one gcview could have written (`reason` says why), so it is left alone.
    case notGcviewsFile(reason: String)
    /// Reading the file failed.
    case unreadable(Errno)
    /// The file is larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// The state's folder could not be created.
    case cannotCreateFolder(FilePath, Errno)
    /// The state's folder could not be locked against other gcviews saving at once.
    case cannotLock(FilePath, Errno)
    /// The state could not be encoded.
    case cannotEncode
    /// Writing the file failed.
    case writeFailed(AtomicFile.Failure)
    /// Saving to `path` failed for `cause`.
    case cannotSave(path: FilePath, cause: StateStoreError)

    var description: String {
        switch self {
        case .unusable(let error): "it cannot be used (\(error))"
        case .symbolicLink: "it is a symbolic link, and gcview does not follow links for its state file"
        case .notRegularFile(let kind): "it is \(kind), not a regular file"
        case .notGcviewsFile(let reason): "\(reason), so gcview leaves it alone"
        case .unreadable(let error): "it could not be read (\(error))"
        case .tooLarge(let limit): "it is larger than \(limit >> 20) MiB"
        case .cannotCreateFolder(let folder, let error): "cannot create folder \(folder.shown): \(error)"
        case .cannotLock(let folder, let error): "cannot lock folder \(folder.shown): \(error)"
        case .cannotEncode: "cannot encode the state"
        case .writeFailed(let failure): failure.description
        case .cannotSave(let path, let cause): "cannot save \(path.shown): \(cause.description)"
        }
    }

    static func == (left: Self, right: Self) -> Bool { left.description == right.description }
}

/// Reads and writes the state file atomically, and sets aside a file of its own it cannot read.
///
/// Symbolic links are never followed: a link at the path is refused, and no file gcview did not
/// write is renamed, written or truncated. Saves from several gcviews are serialised with a lock
/// on the folder, and each merges the history the file already holds.
struct StateStore {
    /// What loading found.
    enum Loaded: Equatable {
        /// No file yet.
        case nothing
        case state(SavedState)
        /// The file could not be used; it was moved to `setAside` (nil if it was left where it is).
        case unreadable(reason: String, setAside: String?)
    }

    /// The largest state file read; anything bigger is not a gcview state file.
    static let maximumSize = 4 << 20

    /// The state file, relative to the current folder unless absolute.
    let file: FilePath

    /// The state file as text (lossy for names that are not UTF-8; messages use `file.shown`).
    var path: String { file.string }

    init(file: FilePath) {
        self.file = file
    }

    init(path: String) {
        self.init(file: FilePath(path))
    }

    /// `$XDG_STATE_HOME/gcview/state.json`, or `~/.local/state/gcview/state.json`.
    static func defaultPath(environment: [String: String]) -> String {
        defaultFile { environment[$0].map { Array($0.utf8) } }.string
    }

    /// The default state file from the process's environment, byte for byte.
    static func defaultFile() -> FilePath {
        defaultFile { name in
            getenv(name).map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
        }
    }

    /// The default state file with environment variables read by `variable`: an absolute
    /// `XDG_STATE_HOME`, else `HOME`, else the user's home folder from the password database.
    static func defaultFile(variable: (String) -> [UInt8]?) -> FilePath {
        var base: [UInt8]
        if let state = variable("XDG_STATE_HOME"), state.first == UInt8(ascii: "/") {
            base = state
        } else {
            let home = variable("HOME") ?? Array(FileManager.default.homeDirectoryForCurrentUser.path.utf8)
            base = home + Array("/.local/state".utf8)
        }
        return FilePath(bytes: base + Array("/gcview/state.json".utf8))
    }

    /// Why `path` cannot hold the state at all, or nil when it can: it must be a regular file or
    /// missing. Links, devices, FIFOs and directories are refused, never followed or replaced.
    static func problem(withPath path: String) -> String? {
        problem(with: FilePath(path))
    }

    /// Why `file` cannot hold the state at all, or nil when it can.
    static func problem(with file: FilePath) -> String? {
        do {
            _ = try StateStore(file: file).examine()
            return nil
        } catch {
            return error.description
        }
    }

    /// What is at the path, not following a link: nil when nothing is there yet; a regular file's
    /// status; an error for anything else.
    func examine() throws(StateStoreError) -> Stat? {
        let info: Stat
        do {
            info = try file.stat(followTargetSymlink: false)
        } catch Errno.noSuchFileOrDirectory {
            return nil
        } catch {
            throw .unusable(error)
        }
        switch info.type {
        case .regular: return info
        case .symbolicLink: throw .symbolicLink
        default: throw .notRegularFile(kind: info.type.kindWithArticle)
        }
    }


    /// Why the open regular file's bytes are not ones gcview could have written, or nil when they
    /// could be: gcview writes its state as a JSON object, so a file whose first byte past JSON's
    /// white space is not `{` (a text, a picture, /etc/passwd) is another program's, however
    /// unreadable. An empty file, which holds nothing to lose, could be.
    static func foreignness(ofContent descriptor: FileDescriptor) -> String? {
        let head = descriptor.readPrefix(upTo: 4096)
        // A byte-order mark, which an editor may add and JSON readers may ignore (RFC 8259, 8.1), then white space.
        let text = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        let whiteSpace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard let first = text.first(where: { !whiteSpace.contains($0) }), first != UInt8(ascii: "{") else { return nil }
        return "gcview's state is a JSON object and it is not"
    }

    /// Why the regular file `info` describes is not one gcview could have written (owned by this
    /// user, one hard link, not writable by others), or nil when it could be.
    static func foreignness(of info: Stat, checkingMode: Bool = true) -> String? {
        if info.userID.rawValue != geteuid() { return "it belongs to another user" }
        if info.linkCount != 1 { return "it has \(info.linkCount) hard links" }
        if checkingMode, !info.permissions.isDisjoint(with: [.groupWrite, .otherWrite]) {
            return "others may write to it"
        }
        return nil
    }

    /// Loads the state. A file gcview could have written that it cannot use (unreadable, hostile,
    /// too large, of a future version) is moved aside with a timestamp; anything else at the
    /// path is left alone.
    func load(now: Date = Date()) -> Loaded {
        do {
            guard try examine() != nil else { return .nothing }
        } catch {
            return .unreadable(reason: error.description, setAside: nil)
        }
        let opened: (descriptor: FileDescriptor, info: Stat)
        do {
            opened = try openForReading()
        } catch {
            return .unreadable(reason: error.description, setAside: nil)
        }
        defer { try? opened.descriptor.close() }
        let reason: String
        switch Self.decode(from: opened.descriptor) {
        case .success(let state): return .state(state)
        case .failure(let failure): reason = failure.reason
        }
        if let foreign = Self.foreignness(of: opened.info) ?? Self.foreignness(ofContent: opened.descriptor) {
            return .unreadable(reason: "\(reason); \(foreign), so it is left where it is", setAside: nil)
        }
        return .unreadable(reason: reason, setAside: setAside(identity: FileIdentity(opened.info), now: now))
    }

    /// Opens the regular file at the path for reading, never through a link, never blocking.
    private func openForReading() throws(StateStoreError) -> (descriptor: FileDescriptor, info: Stat) {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                file, .readOnly,
                options: [.nonBlocking, .closeOnExec, .noFollow, FileDescriptor.OpenOptions(rawValue: O_NOCTTY)])
        } catch Errno.tooManySymbolicLinkLevels {
            throw .symbolicLink
        } catch {
            throw .unreadable((error as? Errno) ?? .ioError)
        }
        do {
            let info = try descriptor.stat()
            guard info.type == .regular else { throw StateStoreError.notRegularFile(kind: info.type.kindWithArticle) }
            return (descriptor, info)
        } catch {
            try? descriptor.close()
            throw (error as? StateStoreError) ?? .unreadable((error as? Errno) ?? .ioError)
        }
    }

    /// Why a file's bytes are not a state this gcview reads, in words.
    struct DecodeFailure: Error {
        var reason: String
    }

    /// The state in the open file, or why there is none.
    private static func decode(from descriptor: FileDescriptor) -> Result<SavedState, DecodeFailure> {
        do {
            let data = try read(descriptor)
            let version = try decoder().decode(VersionProbe.self, from: data).version
            if let problem = problem(withVersion: version) { return .failure(DecodeFailure(reason: problem)) }
            return .success(try decoder().decode(SavedState.self, from: data))
        } catch let error as DecodingError {
            return .failure(DecodeFailure(reason: "it is not valid gcview state (\(error.shortDescription))"))
        } catch let error as StateStoreError {
            return .failure(DecodeFailure(reason: error.description))
        } catch {
            return .failure(DecodeFailure(reason: "it is not valid gcview state"))
        }
    }

    /// Why a file of format `version` cannot be read, or nil when it can.
    private static func problem(withVersion version: Double) -> String? {
        if version == Double(SavedState.currentVersion) { return nil }
        let isWhole = version.isFinite && version == version.rounded() && abs(version) < 1e15
        let written = isWhole ? String(Int64(version)) : "\(version)"
        if isWhole, version > Double(SavedState.currentVersion) {
            return "it was written by a newer gcview (format \(written))"
        }
        return "its format version \(written) is not one gcview knows (this gcview writes \(SavedState.currentVersion))"
    }

    /// A file's device and inode: what was read is what is moved aside, and nothing else.
    private struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64

        init(_ info: Stat) {
            device = UInt64(info.deviceID.rawValue)
            inode = UInt64(info.inode.rawValue)
        }
    }

    /// The bytes of the open file, at most `maximumSize` (`FileDescriptor.readAll(atMost:)`).
    private static func read(_ descriptor: FileDescriptor) throws(StateStoreError) -> Data {
        do throws(BoundedReadFailure) {
            return Data(try descriptor.readAll(atMost: maximumSize))
        } catch {
            switch error {
            case .tooLarge: throw .tooLarge(limit: maximumSize)
            case .failed(let errno): throw .unreadable(errno)
            }
        }
    }

    /// Non-finite numbers (a typed 400-digit number is +∞) are written as strings, not refused.
    private static let nonFinite = (positive: "+Infinity", negative: "-Infinity", nan: "NaN")

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
        return decoder
    }

    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFinite.positive, negativeInfinity: nonFinite.negative, nan: nonFinite.nan)
        return encoder
    }

    /// Writes `state` whole: under a lock on the folder, the history already in the file is merged
    /// in (other gcviews' graphs are kept), then a temporary file beside it is fsynced and renamed
    /// over it, so a reader or a crash sees either the old file or the new one. Only a regular file
    /// gcview could have written is ever replaced; a link or anything else is refused.
    func save(_ state: SavedState) throws(StateStoreError) {
        do {
            try saveMerging(state)
        } catch {
            throw .cannotSave(path: file, cause: error)
        }
    }

    private func saveMerging(_ state: SavedState) throws(StateStoreError) {
        let folder = file.removingLastComponent()
        do {
            try SystemCall.makeFolders(folder, permissions: .ownerReadWriteExecute)
        } catch {
            throw .cannotCreateFolder(folder, error)
        }
        let lock = try lockFolder(folder)
        defer { try? lock.close() }
        var merged = state
        if let existing = try examine() {
            if let foreign = Self.foreignness(of: existing, checkingMode: false) {
                throw .notGcviewsFile(reason: foreign)
            }
            if let opened = try? openForReading() {
                defer { try? opened.descriptor.close() }
                if let foreign = Self.foreignness(ofContent: opened.descriptor) { throw .notGcviewsFile(reason: foreign) }
                if case .success(let current) = Self.decode(from: opened.descriptor) {
                    merged.history = History.merging(state.history, with: current.history)
                }
            }
        }
        guard let data = try? Self.encoder().encode(merged) else {
            throw .cannotEncode
        }
        do throws(AtomicFile.Failure) {
            try AtomicFile.replace(file, with: data, permissions: 0o600)
        } catch {
            throw .writeFailed(error)
        }
        AtomicFile.removeStaleTemporaries(of: file)
    }

    /// An exclusive lock on the state's folder, held until the descriptor is closed.
    private func lockFolder(_ folder: FilePath) throws(StateStoreError) -> FileDescriptor {
        let locked = folder.isEmpty ? FilePath(".") : folder
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(locked, .readOnly, options: [.directory, .closeOnExec])
        } catch {
            throw .cannotLock(locked, (error as? Errno) ?? .ioError)
        }
        do throws(Errno) {
            try SystemCall.lockExclusively(descriptor)
        } catch {
            try? descriptor.close()
            throw .cannotLock(locked, error)
        }
        return descriptor
    }

    /// Moves the unreadable file to `state.json.corrupt-YYYYMMDDTHHMMSSZ` and returns the new path;
    /// nil when the path no longer holds the regular file that was read, or the rename failed.
    private func setAside(identity: FileIdentity, now: Date) -> String? {
        guard let info = try? file.stat(followTargetSymlink: false), info.type == .regular,
              FileIdentity(info) == identity else {
            return nil
        }
        let stamp = Array(now.fileStamp.utf8)
        var aside = FilePath(bytes: file.bytes + Array(".corrupt-".utf8) + stamp)
        var suffix = 1
        while (try? aside.stat(followTargetSymlink: false)) != nil {
            suffix += 1
            aside = FilePath(bytes: file.bytes + Array(".corrupt-".utf8) + stamp + Array("-\(suffix)".utf8))
        }
        do { try SystemCall.rename(file, to: aside) } catch { return nil }
        return aside.shown
    }

    /// The file's format version, read as any JSON number so that 1e100 is named, not called corrupt.
    private struct VersionProbe: Decodable {
        var version: Double
    }
}

extension DecodingError {
    /// What went wrong, in a few words.
    var shortDescription: String {
        switch self {
        case .dataCorrupted(let context): "corrupt: \(context.debugDescription)"
        case .keyNotFound(let key, _): "missing \(key.stringValue)"
        case .typeMismatch(_, let context): "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case .valueNotFound(_, let context): "missing value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        @unknown default: "undecodable"
        }
    }
}
