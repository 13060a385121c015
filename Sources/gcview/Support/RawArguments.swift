#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage
import SystemSupport
import Terminal

/// The command line as the process got it: bytes, not the repaired strings argument-parser sees
/// (Swift turns each byte that is not UTF-8 into U+FFFD). Paths given as options are taken from
/// here, so `--output $'\xff.png'` names the file `\xff.png`, not `\xef\xbf\xbd.png`.
struct RawArguments {
    /// The arguments after the program's name, each as its bytes.
    let arguments: [[UInt8]]

    /// The process's own arguments.
    static let process = RawArguments(arguments: (1..<Int(CommandLine.argc)).map { index in
        guard let argument = CommandLine.unsafeArgv[index] else { return [] }
        return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    })

    /// The bytes given to the long option `name` (such as "--output"), the last one when it is given
    /// more than once, as `--output VALUE` or `--output=VALUE`; nothing after `--` counts.
    func value(of name: String) -> [UInt8]? {
        let option = Array(name.utf8)
        let joined = option + [UInt8(ascii: "=")]
        var found: [UInt8]?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == Array("--".utf8) { break }
            if argument == option, index + 1 < arguments.count {
                found = arguments[index + 1]
                index += 2
                continue
            }
            if argument.starts(with: joined) { found = Array(argument.dropFirst(joined.count)) }
            index += 1
        }
        return found
    }

    /// The path `parsed` names, byte for byte: the raw bytes of option `name` when they are what
    /// argument-parser read (repaired the same way), else `parsed` itself.
    func path(of name: String, parsed: String) -> FilePath {
        if let raw = value(of: name), String(decoding: raw, as: UTF8.self) == parsed {
            return FilePath(bytes: raw)
        }
        return FilePath(parsed)
    }
}
