import FoundationEssentials
import SystemPackage
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// Why the state file could not be used, read or written; `description` is the line users see.
indirect enum StateStoreError: Error, CustomStringConvertible {
    /// The path could not be examined.
    case unusable(Errno)
    /// The path is a symbolic link whose target is missing.
    case danglingLink(Errno)
    /// The path is a directory, device, FIFO or socket (`kind` with its article).
    case notRegularFile(kind: String)
    /// Reading the file failed.
    case unreadable(Errno)
    /// The file is larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// The state's folder could not be created.
    case cannotCreateFolder(path: String, reason: String)
    /// The state could not be encoded.
    case cannotEncode
    /// Writing the file failed.
    case writeFailed(AtomicFile.Failure)
    /// Saving to `path` failed for `cause`.
    case cannotSave(path: String, cause: StateStoreError)

    var description: String {
        switch self {
        case .unusable(let error): "it cannot be used (\(error))"
        case .danglingLink(let error): "it is a symbolic link to nothing (\(error))"
        case .notRegularFile(let kind): "it is \(kind), not a regular file"
        case .unreadable(let error): "it could not be read (\(error))"
        case .tooLarge(let limit): "it is larger than \(limit >> 20) MiB"
        case .cannotCreateFolder(let path, let reason): "cannot create \(path): \(reason)"
        case .cannotEncode: "cannot encode the state"
        case .writeFailed(let failure): failure.description
        case .cannotSave(let path, let cause): "cannot save \(path): \(cause.description)"
        }
    }
}

/// Reads and writes the state file atomically, and sets aside any file it cannot read.
struct StateStore {
    /// What loading found.
    enum Loaded: Equatable {
        /// No file yet.
        case nothing
        case state(SavedState)
        /// The file could not be used; it was moved to `setAside` (nil if even that failed).
        case unreadable(reason: String, setAside: String?)
    }

    /// The largest state file read; anything bigger is not a gcview state file.
    static let maximumSize = 4 << 20

    let path: String

    /// `$XDG_STATE_HOME/gcview/state.json`, or `~/.local/state/gcview/state.json`.
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else {
            let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
            base = home + "/.local/state"
        }
        return base + "/gcview/state.json"
    }

    /// Why `path` cannot hold the state at all, or nil when it can: it must be a regular file, a
    /// symbolic link to one, or missing. Devices, FIFOs and directories are refused, never replaced.
    static func problem(withPath path: String) -> String? {
        do {
            _ = try StateStore(path: path).file()
            return nil
        } catch {
            return error.description
        }
    }

    /// The file to read and replace: the path itself, or the regular file a symbolic link names,
    /// so the link stays a link. Nil when nothing is there yet.
    private func file() throws(StateStoreError) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .unusable(Errno(rawValue: errno))
        }
        var target = path
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                throw .danglingLink(Errno(rawValue: errno))
            }
            target = String(cString: resolved)
            free(resolved)
            guard lstat(target, &info) == 0 else {
                throw .unusable(Errno(rawValue: errno))
            }
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .notRegularFile(kind: Self.kind(of: info.st_mode))
        }
        return target
    }

    /// The kind of file `mode` describes, with its article.
    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// Loads the state. A regular file that cannot be used (unreadable, hostile, too large, of a
    /// future version) is moved aside with a timestamp; anything else at the path is left alone.
    func load(now: Date = Date()) -> Loaded {
        let target: String
        do {
            guard let found = try file() else { return .nothing }
            target = found
        } catch {
            return .unreadable(reason: error.description, setAside: nil)
        }
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                FilePath(target), .readOnly,
                options: [.nonBlocking, .closeOnExec, .noFollow, FileDescriptor.OpenOptions(rawValue: O_NOCTTY)])
        } catch {
            let failure = StateStoreError.unreadable((error as? Errno) ?? .ioError)
            return .unreadable(reason: failure.description, setAside: nil)
        }
        defer { try? descriptor.close() }
        var info = stat()
        guard fstat(descriptor.rawValue, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .unreadable(reason: "it is not a regular file", setAside: nil)
        }
        let identity = FileIdentity(info)
        let reason: String
        do {
            let data = try Self.read(descriptor)
            let version = try Self.decoder().decode(VersionProbe.self, from: data).version
            if let problem = Self.problem(withVersion: version) {
                reason = problem
            } else {
                return .state(try Self.decoder().decode(SavedState.self, from: data))
            }
        } catch let error as DecodingError {
            reason = "it is not valid gcview state (\(error.shortDescription))"
        } catch let error as StateStoreError {
            reason = error.description
        } catch {
            reason = "it is not valid gcview state (\(error))"
        }
        return .unreadable(reason: reason, setAside: setAside(target, identity: identity, now: now))
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

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// The bytes of the open file, at most `maximumSize`, without trusting a size measured
    /// before reading.
    private static func read(_ descriptor: FileDescriptor) throws(StateStoreError) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            } catch {
                throw .unreadable((error as? Errno) ?? .ioError)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            if data.count > maximumSize {
                throw .tooLarge(limit: maximumSize)
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

    /// Writes `state` whole: a temporary file beside it, fsync, rename, so a reader or a crash
    /// sees either the old file or the new one.
    /// Only a regular file (or a link to one, whose target is replaced) is ever replaced.
    func save(_ state: SavedState) throws(StateStoreError) {
        let target: String
        do {
            target = try file() ?? path
        } catch {
            throw .cannotSave(path: path, cause: error)
        }
        let directory = FilePath(target).removingLastComponent().string
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreateFolder(path: directory, reason: "\(error)")
        }
        guard let data = try? Self.encoder().encode(state) else {
            throw .cannotEncode
        }
        do throws(AtomicFile.Failure) {
            try AtomicFile.replace(target, with: data, permissions: 0o600)
        } catch {
            throw .cannotSave(path: path, cause: .writeFailed(error))
        }
        removeStaleTemporaries(of: target)
    }

    /// Removes temporary files left by a gcview killed mid-save: `state.json.PID.RANDOM.tmp` whose
    /// process is gone. Files of this process and of live ones are left alone.
    private func removeStaleTemporaries(of target: String) {
        let directory = FilePath(target).removingLastComponent().string
        let prefix = (FilePath(target).lastComponent?.string ?? "") + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let parts = name.dropFirst(prefix.count).split(separator: ".")
            guard parts.count == 3, let pid = pid_t(parts[0]), pid > 0, pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(directory + "/" + name)
        }
    }

    /// Moves the unreadable file `target` to `state.json.corrupt-YYYYMMDDTHHMMSSZ` and returns the
    /// new path; nil when it is no longer the regular file that was read, or the rename failed.
    private func setAside(_ target: String, identity: FileIdentity, now: Date) -> String? {
        var info = stat()
        guard lstat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG, FileIdentity(info) == identity else {
            return nil
        }
        let stamp = now.fileStamp
        var aside = "\(target).corrupt-\(stamp)"
        var suffix = 1
        while FileManager.default.fileExists(atPath: aside) {
            suffix += 1
            aside = "\(target).corrupt-\(stamp)-\(suffix)"
        }
        do { try SystemCall.rename(FilePath(target), to: FilePath(aside)) } catch { return nil }
        return aside
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
