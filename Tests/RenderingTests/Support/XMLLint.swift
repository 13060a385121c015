import Foundation

/// `xmllint --noout -` on a document: nil when it is well-formed, else what xmllint said.
enum XMLLint {
    static func problems(in document: String) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint", "--noout", "-"]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let writer = Thread { input.fileHandleForWriting.write(Data(document.utf8)); try? input.fileHandleForWriting.close() }
        writer.start()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : "status \(process.terminationStatus): " + String(decoding: said, as: UTF8.self)
    }
}
