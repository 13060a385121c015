// libFuzzer entry point for InputDecoder, compiled with Terminal by scripts/fuzz.
import Terminal

/// Decodes the input whole, then again split where its first byte says, with the escape
/// flush a timeout would do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputDecoder(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    var whole = InputDecoder()
    _ = whole.decode(bytes)
    _ = whole.flushPendingEscape()
    guard let first = bytes.first else { return 0 }
    var split = InputDecoder()
    let chunk = Int(first % 16) + 1
    var index = 0
    while index < bytes.count {
        _ = split.decode(bytes[index..<min(index + chunk, bytes.count)])
        if first & 0x80 != 0 { _ = split.flushPendingEscape() }
        index += chunk
    }
    _ = split.flushPendingEscape()
    return 0
}
