#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-for-byte equality of runs of bytes with `memcmp` (many bytes at a time, not the generic
/// element-by-element comparison): the one home of "are these the same bytes".
package enum SameBytes {
    /// Whether `a[ra]` and `b[rb]` hold the same bytes.
    /// - Parameters:
    ///   - a: The first buffer.
    ///   - ra: A range of `a`.
    ///   - b: The second buffer.
    ///   - rb: A range of `b`.
    /// - Returns: `true` when the two runs have the same length and the same bytes.
    @inlinable @inline(__always) package static func equal(_ a: UnsafeBufferPointer<UInt8>, _ ra: Range<Int>,
                                                           _ b: UnsafeBufferPointer<UInt8>, _ rb: Range<Int>) -> Bool {
        ra.count == rb.count && (ra.isEmpty || memcmp(a.baseAddress! + ra.lowerBound, b.baseAddress! + rb.lowerBound, ra.count) == 0)
    }

    /// Whether `a` and `b` hold the same bytes.
    /// - Parameters:
    ///   - a: The first run of bytes.
    ///   - b: The second run of bytes.
    /// - Returns: `true` when the two runs have the same length and the same bytes.
    @inlinable package static func equal(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in equal(a, 0..<a.count, b, 0..<b.count) }
        }
    }

    /// Whether `a` and `b` hold the same bytes.
    /// - Parameters:
    ///   - a: The first run of bytes.
    ///   - b: The second run of bytes.
    /// - Returns: `true` when the two runs have the same length and the same bytes.
    @inlinable package static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        equal(a[...], b[...])
    }
}
