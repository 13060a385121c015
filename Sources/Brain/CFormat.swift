#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// C's printf formatting (`%.6e`, `%.3g`): `String(format:)` would bring in Foundation and ICU,
/// which cost every process start.
package func cFormat(_ format: String, _ arguments: CVarArg...) -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    let written = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
    if written >= buffer.count {
        buffer = [CChar](repeating: 0, count: Int(written) + 1)
        _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
