import FoundationEssentials

/// Standard base64 (RFC 4648, with padding), as the kitty graphics protocol and OSC 1337 carry
/// payloads: FoundationEssentials' `Data.base64EncodedData()`.
public enum Base64 {
    /// `bytes` base64-encoded.
    public static func encode(_ bytes: [UInt8]) -> [UInt8] {
        Array(Data(bytes).base64EncodedData())
    }
}
