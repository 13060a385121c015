// libFuzzer entry point for PNGDecoder (test support), compiled with TestSupport by scripts/fuzz.
import TestSupport

/// Decodes the input as a PNG; a decoded image has one pixel per width × height.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecoder(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    if let image = try? PNGDecoder.decodeRGB(bytes) {
        precondition(image.width > 0 && image.height > 0)
        precondition(image.pixels.count == image.width * image.height)
    }
    return 0
}
