#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer for hot loops that append many small pieces: writes go through a raw
/// pointer, with one capacity check per append and none of `Array`'s uniqueness checks.
///
/// It owns its memory and cannot be copied; ``bytes`` hands the content out as an array. (The
/// command line writes its large reports with it too.)
package struct ByteWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// The number of bytes written.
    package private(set) var count = 0
    private var capacity: Int

    /// An empty buffer with room for `capacity` bytes before it grows.
    package init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The content as an array.
    package var bytes: [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base, count: count))
    }

    /// The byte at `index` (`0..<count`).
    @inline(__always) subscript(index: Int) -> UInt8 {
        base[index]
    }

    /// Calls `body` with the content.
    @inline(__always) func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Makes room for `extra` more bytes.
    @inline(__always) mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(capacity * 2, needed)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always) package mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends a byte into room made by an earlier ``reserve(_:)``.
    @inline(__always) mutating func appendReserved(_ byte: UInt8) {
        assert(count < capacity)
        base[count] = byte
        count += 1
    }

    /// Appends the low `count` bytes (1...8) of `word`, the lowest first.
    @inline(__always) mutating func append(word: UInt64, count n: Int) {
        // All eight bytes are stored; those past `n` are written over by later appends.
        reserve(8)
        UnsafeMutableRawPointer(base + count).storeBytes(of: word.littleEndian, as: UInt64.self)
        count += n
    }

    /// Appends the bytes `[from, to)` of `buf`.
    @inline(__always) package mutating func append(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
        let n = to - from
        guard n > 0 else { return }
        reserve(n)
        (base + count).initialize(from: buf.baseAddress! + from, count: n)
        count += n
    }

    /// Appends the UTF-8 bytes of a literal.
    @inline(__always) package mutating func append(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        reserve(n)
        (base + count).initialize(from: text.utf8Start, count: n)
        count += n
    }

    /// Appends the decimal digits of `number`, as `String(number).utf8` spells them.
    package mutating func appendDecimal(_ number: Int) {
        reserve(ByteWriter.decimalBytes)
        count += ByteWriter.writeDecimal(number, at: base + count)
    }

    /// The most bytes ``writeDecimal(_:at:)`` writes: a sign and 19 digits.
    package static var decimalBytes: Int { 20 }

    /// Writes `number` in decimal (a `-` first when it is negative) at `start`, which has room for
    /// ``decimalBytes``; returns how many bytes it wrote.
    package static func writeDecimal(_ number: Int, at start: UnsafeMutablePointer<UInt8>) -> Int {
        var out = start
        if number < 0 {
            out.initialize(to: UInt8(ascii: "-"))
            out += 1
        }
        var magnitude = number.magnitude
        var digits = 1
        var power: UInt = 10
        while digits < 20 && magnitude >= power {
            digits += 1
            power &*= 10
        }
        // Written from the last digits back, two at a time from a table of the pairs `00` to `99`
        // (a check of a large file writes two numbers on each of thousands of report lines).
        let pairs = decimalPairs.utf8Start
        var index = digits
        while magnitude >= 10 {
            let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
            magnitude /= 100
            index -= 2
            (out + index).initialize(to: pairs[pair])
            (out + index + 1).initialize(to: pairs[pair + 1])
        }
        if index > 0 { out.initialize(to: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude)) }
        return out + digits - start
    }

    /// `00`, `01`, … `99`: the pairs of digits ``writeDecimal(_:at:)`` writes.
    private static var decimalPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
    }

    /// Appends the UTF-8 bytes of a string. (Labelled so that a literal goes to the `StaticString`
    /// overload, which copies its bytes without a string's bridging: an unlabelled `String` overload
    /// won every literal.)
    package mutating func append(contentsOf text: String) {
        // Read in place where the string's bytes are stored as UTF-8 (native strings): a copy of
        // the string for `withUTF8` cost more than the bytes (a large file's check writes thousands
        // of messages).
        if text.utf8.withContiguousStorageIfAvailable({ append($0, 0, $0.count) }) != nil { return }
        var text = text
        text.withUTF8 { append($0, 0, $0.count) }
    }

    /// Sets the byte at `index` (`0..<count`).
    @inline(__always) mutating func replace(at index: Int, with byte: UInt8) {
        precondition(index < count)
        base[index] = byte
    }

    /// Drops every byte from `index` on.
    @inline(__always) mutating func truncate(to index: Int) {
        count = index
    }

    /// Removes the bytes `[from, to)`, moving the rest down.
    mutating func remove(from: Int, to: Int) {
        guard to > from else { return }
        memmove(base + from, base + to, count - to)
        count -= to - from
    }

    /// Whether the bytes from `start` to the end equal the bytes `[from, to)` of `buf`.
    func suffix(from start: Int, equals buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        SameBytes.equal(UnsafeBufferPointer(start: base, count: count), start..<count, buf, from..<to)
    }
}
