/// One line of JSON lines read as a flat object: each key's value as bytes (strings decoded,
/// numbers as written), null, or a mark for a value that is not a scalar.
///
/// Written for hostile lines: one pass, no recursion (nested lists and objects are skipped by
/// counting brackets), every index checked, and a line that is not an object is nil.
struct JSONLine {
    /// The decoded keys and string values, end to end.
    private(set) var storage: [UInt8] = []
    /// Each member: the key's bytes in `storage` and its value (a span in `storage`).
    private(set) var members: [(key: Range<Int>, value: FieldSpan)] = []

    /// Reads `line`; false when it is not a JSON object (trailing spaces and a CR allowed).
    mutating func read(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        storage.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        var index = 0
        skipSpaces(line, &index)
        guard index < line.count, line[index] == UInt8(ascii: "{") else { return false }
        index += 1
        skipSpaces(line, &index)
        if index < line.count, line[index] == UInt8(ascii: "}") { return endsClean(line, index + 1) }
        while true {
            guard let key = string(line, &index) else { return false }
            skipSpaces(line, &index)
            guard index < line.count, line[index] == UInt8(ascii: ":") else { return false }
            index += 1
            skipSpaces(line, &index)
            guard let value = value(line, &index) else { return false }
            members.append((key, value))
            skipSpaces(line, &index)
            guard index < line.count else { return false }
            if line[index] == UInt8(ascii: "}") { return endsClean(line, index + 1) }
            guard line[index] == UInt8(ascii: ",") else { return false }
            index += 1
            skipSpaces(line, &index)
        }
    }

    /// The bytes of `range` in storage.
    func bytes(_ range: Range<Int>) -> ArraySlice<UInt8> { storage[range] }

    private func endsClean(_ line: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        var index = start
        skipSpaces(line, &index)
        return index == line.count
    }

    private func skipSpaces(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
        while index < line.count, [0x20, 0x09, 0x0D, 0x0A].contains(line[index]) { index += 1 }
    }

    /// A value: a string or number (its bytes copied to storage), null, or a skipped non-scalar.
    private mutating func value(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> FieldSpan? {
        guard index < line.count else { return nil }
        switch line[index] {
        case UInt8(ascii: "\""):
            guard let range = string(line, &index) else { return nil }
            return FieldSpan(start: range.lowerBound, end: range.upperBound, mark: .plain)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard skipNested(line, &index) else { return nil }
            return FieldSpan(start: 0, end: 0, mark: .nonScalar)
        default:
            let start = index
            while index < line.count, !Self.endsBareValue(line[index]) { index += 1 }
            let word = UnsafeBufferPointer(rebasing: line[start..<index])
            if word.elementsEqual("null".utf8) { return FieldSpan(start: 0, end: 0, mark: .null) }
            if word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8) {
                return FieldSpan(start: 0, end: 0, mark: .nonScalar)
            }
            guard NumberParser.number(word) != nil else { return nil }
            let stored = storage.count
            storage.append(contentsOf: word)
            return FieldSpan(start: stored, end: storage.count, mark: .plain)
        }
    }

    private static func endsBareValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    /// Skips a list or object, brackets counted, strings stepped over whole.
    private func skipNested(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        var depth = 0
        var inString = false
        while index < line.count {
            let byte = line[index]
            index += 1
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return true }
            default: break
            }
        }
        return false
    }

    /// A string at `index`, decoded into storage (escapes, `\uXXXX` with surrogate pairs; a lone
    /// surrogate becomes U+FFFD); its range there.
    private mutating func string(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Range<Int>? {
        guard index < line.count, line[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        let start = storage.count
        while index < line.count {
            let byte = line[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return start..<storage.count }
            guard byte == UInt8(ascii: "\\") else {
                storage.append(byte)
                continue
            }
            guard index < line.count else { return nil }
            let escaped = line[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): storage.append(0x0A)
            case UInt8(ascii: "t"): storage.append(0x09)
            case UInt8(ascii: "r"): storage.append(0x0D)
            case UInt8(ascii: "b"): storage.append(0x08)
            case UInt8(ascii: "f"): storage.append(0x0C)
            case UInt8(ascii: "u"):
                guard let scalar = unicodeEscape(line, &index) else { return nil }
                storage.append(contentsOf: UTF8.encode(scalar) ?? [])
            default: storage.append(escaped)
            }
        }
        return nil
    }

    /// The scalar of `XXXX` (after `\u`), joined with a following low surrogate's escape.
    private func unicodeEscape(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Unicode.Scalar? {
        guard let high = hex4(line, &index) else { return nil }
        if (0xD800..<0xDC00).contains(high), line.count - index >= 6,
           line[index] == UInt8(ascii: "\\"), line[index + 1] == UInt8(ascii: "u") {
            var lowIndex = index + 2
            if let low = hex4(line, &lowIndex), (0xDC00..<0xE000).contains(low) {
                index = lowIndex
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    private func hex4(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> UInt32? {
        guard line.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = line[index], lower = line[index] | 0x20
            let digit: UInt8
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { digit = byte - UInt8(ascii: "0") }
            else if lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "f") { digit = lower - UInt8(ascii: "a") + 10 }
            else { return nil }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

private extension UTF8 {
    /// The UTF-8 bytes of `scalar`.
    static func encode(_ scalar: Unicode.Scalar) -> [UInt8]? {
        var bytes: [UInt8] = []
        encode(scalar) { bytes.append($0) }
        return bytes
    }
}
