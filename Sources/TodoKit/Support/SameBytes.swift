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

    /// How many bytes `a` and `b` share at their start: `memcmp` over large chunks, then byte by
    /// byte inside the first chunk that differs.
    /// - Parameters:
    ///   - a: The first buffer.
    ///   - b: The second buffer.
    /// - Returns: The length of the longest common prefix.
    package static func commonPrefixCount(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let limit = min(a.count, b.count)
        guard limit > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return 0 }
        var i = 0
        while i + chunk <= limit, memcmp(pa + i, pb + i, chunk) == 0 { i += chunk }
        while i < limit, pa[i] == pb[i] { i += 1 }
        return i
    }

    /// How many bytes `a` and `b` share at their end, at most `limit`.
    /// - Parameters:
    ///   - a: The first buffer.
    ///   - b: The second buffer.
    ///   - limit: The most bytes to count (so that a common suffix does not overlap a prefix
    ///     already taken).
    /// - Returns: The length of the longest common suffix, capped at `limit`.
    package static func commonSuffixCount(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        let limit = min(limit, a.count, b.count)
        guard limit > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return 0 }
        let endA = pa + a.count, endB = pb + b.count
        var n = 0
        while n + chunk <= limit, memcmp(endA - n - chunk, endB - n - chunk, chunk) == 0 { n += chunk }
        while n < limit, (endA - n - 1).pointee == (endB - n - 1).pointee { n += 1 }
        return n
    }

    /// The bytes compared at once by the common prefix and suffix scans.
    private static let chunk = 512
}
