/// Tab stops as CommonMark places them: every 4 columns. Indentation, list content columns and
/// re-indenting all count visual columns this way.
package enum TabStop {
    /// The distance between two tab stops.
    package static let width = 4

    /// The column after `byte` when it stands at `column`: a tab moves to the next tab stop, any
    /// other byte one column on.
    /// - Parameters:
    ///   - byte: The byte read at `column`.
    ///   - column: The visual column of `byte`, counted from 0.
    /// - Returns: The visual column of the byte after it.
    @inlinable @inline(__always) package static func column(after byte: UInt8, at column: Int) -> Int {
        byte == 0x09 ? next(after: column) : column + 1
    }

    /// The next tab stop after `column`: where a tab at `column` ends.
    /// - Parameter column: A visual column, counted from 0.
    /// - Returns: The smallest multiple of ``width`` greater than `column`.
    @inlinable @inline(__always) package static func next(after column: Int) -> Int {
        column + width - column % width
    }

    /// The visual column reached after reading `bytes` from `column`.
    /// - Parameters:
    ///   - bytes: The bytes to read, typically a line's indentation.
    ///   - column: The visual column the bytes start at.
    /// - Returns: The visual column after the last byte.
    @inlinable package static func column<Bytes: Sequence<UInt8>>(after bytes: Bytes, from column: Int = 0) -> Int {
        var column = column
        for byte in bytes { column = Self.column(after: byte, at: column) }
        return column
    }
}
