import Foundation
import TestSupport

/// `xmllint --noout -` on a document: nil when it is well-formed, else what xmllint said.
enum XMLLint {
    static func problems(in document: String) throws -> String? {
        guard let linted = try Spawn.run("/usr/bin/env", ["xmllint", "--noout", "-"], environment: nil,
                                         stdin: Data(document.utf8), timeout: 120) else { return "xmllint timed out" }
        return linted.status == 0 ? nil : "status \(linted.status): " + String(decoding: linted.stderr, as: UTF8.self)
    }
}
