import Glibc
import SystemPackage

/// Paths are bytes (SystemSupport: what Terminal, Glyphs and App share at the POSIX edge): these build a `FilePath` from bytes, give its bytes back, and show it in a
/// message without losing or hiding any byte.
extension FilePath {
    /// The path made of exactly `bytes` (no NUL among them), as the system would see them.
    package init(bytes: some Collection<UInt8>) {
        var terminated = bytes.map { CChar(bitPattern: $0) }
        terminated.append(0)
        self = terminated.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { FilePath(platformString: $0) } ?? FilePath()
        }
    }

    /// The path's bytes, without the terminating NUL.
    package var bytes: [UInt8] {
        withPlatformString { pointer in
            Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
        }
    }

    /// The last component's bytes, or nothing for a path without one ("/" or "").
    package var lastComponentBytes: [UInt8] {
        lastComponent.map { FilePath(root: nil, [$0]).bytes } ?? []
    }

    /// The path for messages: valid UTF-8 as it is, but controls, format characters and line or
    /// paragraph separators named `U+XXXX`; every byte that is not part of a valid UTF-8 character
    /// written as `\xHH`.
    package var shown: String { Self.shown(bytes) }

    /// `bytes` as `shown` writes a path.
    package static func shown(_ bytes: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            if length > 0, index + length <= bytes.count,
               let character = String(validating: bytes[index..<index + length], as: UTF8.self) {
                // A character a terminal would obey or that hides or reorders text is named, as
                // every message names it: U+001B, U+202E.
                for scalar in character.unicodeScalars {
                    switch scalar.properties.generalCategory {
                    case .control, .format, .lineSeparator, .paragraphSeparator:
                        let digits = String(scalar.value, radix: 16, uppercase: true)
                        result += "U+" + digits.leftPadded(to: 4)
                    default:
                        result.unicodeScalars.append(scalar)
                    }
                }
                index += length
            } else {
                result += "\\x" + String(lead, radix: 16, uppercase: true).leftPadded(to: 2)
                index += 1
            }
        }
        return result
    }
}

extension String {
    /// This text with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
