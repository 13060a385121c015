/// Standard base64 (RFC 4648, with padding), as the kitty graphics protocol carries payloads.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` base64-encoded.
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        let whole = bytes.count / 3, rest = bytes.count % 3
        let length = (bytes.count + 2) / 3 * 4
        let alphabet = Self.alphabet
        return [UInt8](unsafeUninitializedCapacity: length) { out, initialized in
            bytes.withUnsafeBufferPointer { source in
                alphabet.withUnsafeBufferPointer { table in
                    for group in 0..<whole {
                        let i = group * 3, o = group * 4
                        let n = Int(source[i]) << 16 | Int(source[i + 1]) << 8 | Int(source[i + 2])
                        out[o] = table[n >> 18]
                        out[o + 1] = table[n >> 12 & 63]
                        out[o + 2] = table[n >> 6 & 63]
                        out[o + 3] = table[n & 63]
                    }
                    if rest > 0 {
                        let i = whole * 3, o = whole * 4
                        let n = Int(source[i]) << 16 | (rest == 2 ? Int(source[i + 1]) << 8 : 0)
                        out[o] = table[n >> 18]
                        out[o + 1] = table[n >> 12 & 63]
                        out[o + 2] = rest == 2 ? table[n >> 6 & 63] : UInt8(ascii: "=")
                        out[o + 3] = UInt8(ascii: "=")
                    }
                }
            }
            initialized = length
        }
    }
}
