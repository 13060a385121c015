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
        guard FileManager.default.fileExists(atPath: path) else { return .nothing }
        let reason: String
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, size > Self.maximumSize {
                reason = "it is larger than \(Self.maximumSize >> 20) MiB"
            } else {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                let version = try JSONDecoder().decode(VersionProbe.self, from: data).version
                if version > SavedState.currentVersion {
                    reason = "it was written by a newer gcview (format \(version))"
                } else {
                    return .state(try JSONDecoder().decode(SavedState.self, from: data))
                }
            }
        } catch let error as DecodingError {
            reason = "it is not valid gcview state (\(error.shortDescription))"
        } catch {
            reason = "it could not be read (\(error.localizedDescription))"
        }
        return .unreadable(reason: reason, setAside: setAside(now: now))
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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(state) else {
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
