/// Eight bytes at a time: tests on the eight byte lanes of a 64-bit word (read with
/// `loadUnaligned` and `UInt64(littleEndian:)`), for the scans that look for a few byte values
/// (line breaks in the line table, blanks and field characters in the field scanner).
enum ByteLanes {
    /// The high bit of each byte of `x` that is zero, and possibly of bytes above one that is
    /// (a borrow): the lowest flagged byte is exact, so use it with `trailingZeroBitCount`.
    /// - Parameter x: The word, usually a word of text XOR a repeated byte value.
    /// - Returns: The flags.
    @inline(__always) static func zeroBytes(_ x: UInt64) -> UInt64 {
        (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `x` that is zero, and of no other byte (exact in every lane,
    /// for scans that take the highest flagged byte).
    /// - Parameter x: The word, usually a word of text XOR a repeated byte value.
    /// - Returns: The flags.
    @inline(__always) static func exactZeroBytes(_ x: UInt64) -> UInt64 {
        ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x | 0x7F7F_7F7F_7F7F_7F7F)
    }
}
