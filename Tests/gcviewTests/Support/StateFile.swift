import Foundation

/// What a state file gcview wrote holds, read as JSON by the end-to-end tests.
enum StateFile {
    /// The file's top-level object; nil when it is missing or not a JSON object (yet).
    static func object(at path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    /// The theme the file saved ("dark" or "light").
    static func theme(at path: String) -> String? {
        object(at: path)?["theme"] as? String
    }
}
