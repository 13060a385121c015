import Foundation

/// Folders a test process made for its own use, removed with what they hold when it exits.
///
/// Tests that start programs (gcview, terminals, a stand-in tmux) cannot always remove their
/// folder when they finish: a terminal may still be writing there, or a test may stop at a
/// failed `#require`. Registered here, the folders go when the test process exits normally
/// (`atexit(3)`), so runs do not leave hundreds of folders in the temporary directory.
package enum RemovedAtExit {
    nonisolated(unsafe) private static var folders: [String] = []
    private static let lock = NSLock()
    private static let registered: Void = { atexit { RemovedAtExit.removeAll() } }()

    /// Removes `folder` and what it holds when the process exits.
    package static func remove(_ folder: URL) {
        registered
        lock.withLock { folders.append(folder.path) }
    }

    /// A new empty folder in `base` (by default the temporary directory) whose name starts with
    /// `prefix`, removed when the process exits.
    package static func folder(named prefix: String, in base: URL = FileManager.default.temporaryDirectory) -> URL {
        let url = base.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        remove(url)
        return url
    }

    private static func removeAll() {
        lock.withLock { folders.forEach { try? FileManager.default.removeItem(atPath: $0) } }
    }
}
