// libFuzzer entry point for ReplyParser, compiled with Terminal by scripts/fuzz.
import Terminal

/// Parses the input as terminal replies, whole and fed in pieces.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplyParser(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let whole = ReplyParser.parse(bytes)
    _ = whole.deviceAttributesSayIsSixel
    guard let first = bytes.first else { return 0 }
    var parser = ReplyParser()
    let chunk = Int(first % 8) + 1
    var index = 0
    while index < bytes.count {
        parser.feed(bytes[index..<min(index + chunk, bytes.count)])
        index += chunk
    }
    // One tokenizer, however the bytes arrive: in pieces they read as they do whole.
    if parser.replies != whole { fatalError("replies fed in pieces of \(chunk) differ from the whole") }
    return 0
}
