/// A growable byte buffer written through a raw pointer, for the encoders' hot loops.
///
/// Callers `reserve` room first; the unchecked `append`s then write without bounds checks.
struct ByteWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written so far.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for at least `extra` more bytes.
    mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = grown
    }

    /// Appends one byte; room must have been reserved.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        assert(count < capacity)
        base[count] = byte
        count += 1
    }

    /// Appends `byte` `times` times; room must have been reserved.
    @inline(__always)
    mutating func append(_ byte: UInt8, times: Int) {
        assert(count + times <= capacity)
        (base + count).initialize(repeating: byte, count: times)
        count += times
    }

    /// Appends `bytes`, reserving room for them.
    mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        for byte in bytes {
            reserve(1)
            append(byte)
        }
    }

    /// Appends the decimal digits of `value` (not negative); room for them must have been reserved.
    @inline(__always)
    mutating func appendDecimal(_ value: Int) {
        var digits = 1, rest = value
        while rest >= 10 { digits += 1; rest /= 10 }
        assert(value >= 0 && count + digits <= capacity)
        rest = value
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            base[position] = UInt8(truncatingIfNeeded: 48 + rest % 10)
            rest /= 10
        }
        count += digits
    }

    /// Appends a big-endian 32-bit value; room must have been reserved.
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    /// Replaces the four bytes at `offset` with a big-endian 32-bit value.
    mutating func overwriteBigEndian(_ value: UInt32, at offset: Int) {
        precondition(offset >= 0 && offset + 4 <= count)
        UnsafeMutableRawPointer(base + offset).storeBytes(of: value.bigEndian, as: UInt32.self)
    }

    /// The writable memory after the bytes written so far; room must have been reserved.
    var end: UnsafeMutablePointer<UInt8> { base + count }

    /// Counts `written` bytes stored through `end` as appended.
    mutating func advance(by written: Int) {
        assert(count + written <= capacity)
        count += written
    }

    /// The bytes written from offset `start` on, for checksums.
    func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + start, count: count - start)
    }

    /// The bytes written, as an array.
    consuming func array() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}

/// Byte-run scanning, eight bytes at a time.
enum ByteRun {
    /// The first index in `start..<end` of `bytes` whose value is not `value`, or `end`.
    @inline(__always)
    static func end(of value: UInt8, in bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        let pattern = UInt64(value) &* 0x0101_0101_0101_0101
        let raw = UnsafeRawPointer(bytes)
        var index = start
        while index + 8 <= end {
            let difference = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ pattern
            if difference != 0 { return index + UInt64(littleEndian: difference).trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < end && bytes[index] == value { index += 1 }
        return index
    }
}
