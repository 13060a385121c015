import Foundation
import Testing

/// `press` takes its keys as many words; they reach argument-parser bundled into one, so the
/// options around them must still be seen, and a program of tens of thousands of keys must work.
@Suite("press with many keys and options around them")
struct PressManyKeysTests {
    @Test("--json is the flag wherever it stands before --", arguments: [
        ["press", "--json", "7", "+", "9", "="],
        ["press", "7", "+", "--json", "9", "="],
        ["press", "7", "+", "9", "=", "--json"],
    ])
    func jsonFlagAnywhere(_ arguments: [String]) throws {
        let finished = try run(Paths.gcview, arguments)
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stdout.hasPrefix("{\"description\":\"7 + 9\""), "\(finished.stdout)")
    }

    @Test("An unknown option among the keys is named, not pressed")
    func unknownOption() throws {
        let finished = try run(Paths.gcview, ["press", "7", "--frobnicate", "="])
        #expect(finished.status == 2)
        #expect(finished.stderr.contains("--frobnicate"), "\(finished.stderr)")
    }

    @Test("A key with a space in it is one unknown key, not two keys")
    func wordsAreNotSplitAtSpaces() throws {
        let finished = try run(Paths.gcview, ["press", "7 +"])
        #expect(finished.status == 2)
        #expect(finished.stderr.contains("unknown key"), "\(finished.stderr)")
    }

    @Test("30 000 keys are all pressed, in order")
    func thirtyThousandKeys() throws {
        let keys = Array(repeating: ["1", "+"], count: 15_000).flatMap { $0 } + ["1", "="]
        let finished = try run(Paths.gcview, ["press"] + keys, timeout: 60)
        #expect(finished.status == 0, "\(finished.stderr.prefix(200))")
        let lines = finished.stdout.split(separator: "\n")
        #expect(lines.first == "15001")
        #expect(lines.last?.hasSuffix("+ 1 =") == true)
        #expect(lines.last?.components(separatedBy: "+").count == 15_001)
    }
}
