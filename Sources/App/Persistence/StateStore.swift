import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why the state file could not be written.
struct StateStoreError: Error, CustomStringConvertible {
    var description: String
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
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = home + "/.local/state"
        }
        return base + "/gcview/state.json"
    }

    /// Loads the state; an unreadable, hostile or future-version file is moved aside with a timestamp.
    func load(now: Date = Date()) -> Loaded {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return errno == ENOENT ? .nothing : .unreadable(reason: "it could not be read (\(errorText()))", setAside: nil)
        }
        let reason: String
        do {
            let data = try readFile()
            let version = try Self.decoder().decode(VersionProbe.self, from: data).version
            if version > SavedState.currentVersion {
                reason = "it was written by a newer gcview (format \(version))"
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
        return .unreadable(reason: reason, setAside: setAside(now: now))
    }

    /// The file's bytes: a regular file of at most `maximumSize`, read without blocking on a FIFO
    /// and without trusting a size measured before reading.
    private func readFile() throws(StateStoreError) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw StateStoreError(description: "it could not be read (\(errorText()))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw StateStoreError(description: "it is not a regular file")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw StateStoreError(description: "it could not be read (\(errorText()))")
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            if data.count > Self.maximumSize {
                throw StateStoreError(description: "it is larger than \(Self.maximumSize >> 20) MiB")
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
    func save(_ state: SavedState) throws(StateStoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw StateStoreError(description: "cannot create \(directory): \(error.localizedDescription)")
        }
        guard let data = try? Self.encoder().encode(state) else {
            throw StateStoreError(description: "cannot encode the state")
        }
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StateStoreError(description: "cannot write \(temporary): \(errorText())") }
        var written = 0
        let succeeded = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let result = Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return fsync(descriptor) == 0
        }
        let failure = succeeded ? nil : errorText()
        close(descriptor)
        guard succeeded, rename(temporary, path) == 0 else {
            let reason = failure ?? errorText()
            unlink(temporary)
            throw StateStoreError(description: "cannot save \(path): \(reason)")
        }
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
        removeStaleTemporaries(in: directory)
    }

    /// Removes temporary files left by a gcview killed mid-save: `state.json.PID.RANDOM.tmp` whose
    /// process is gone. Files of this process and of live ones are left alone.
    private func removeStaleTemporaries(in directory: String) {
        let prefix = (path as NSString).lastPathComponent + "."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let parts = name.dropFirst(prefix.count).split(separator: ".")
            guard parts.count == 3, let pid = pid_t(parts[0]), pid > 0, pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(directory + "/" + name)
        }
    }

    /// Moves the unreadable file to `state.json.corrupt-YYYYMMDDTHHMMSSZ`; returns the new path.
    private func setAside(now: Date) -> String? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        var target = "\(path).corrupt-\(formatter.string(from: now))"
        var suffix = 1
        while FileManager.default.fileExists(atPath: target) {
            suffix += 1
            target = "\(path).corrupt-\(formatter.string(from: now))-\(suffix)"
        }
        return rename(path, target) == 0 ? target : nil
    }

    private func errorText() -> String {
        String(cString: strerror(errno))
    }

    private struct VersionProbe: Decodable {
        var version: Int
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
