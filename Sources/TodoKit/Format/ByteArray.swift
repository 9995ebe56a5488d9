#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Appending literal text to byte buffers without going through `String`.
extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of a literal.
    @inline(__always) mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    /// Appends the bytes `[from, to)` of `buf`.
    @inline(__always) mutating func append(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
        if to > from { append(contentsOf: UnsafeBufferPointer(rebasing: buf[from..<to])) }
    }

    /// Whether the bytes from `start` to the end equal the bytes `[from, to)` of `buf`.
    func suffix(from start: Int, equals buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        let n = count - start
        guard n == to - from else { return false }
        if n == 0 { return true }
        return withUnsafeBufferPointer { own in
            memcmp(own.baseAddress! + start, buf.baseAddress! + from, n) == 0
        }
    }
}
