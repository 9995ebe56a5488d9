/// Binary search over sorted tables (lines, tasks, lists, directives, code-span runs): the one
/// loop that the line tables, the directive index, the code-span index, the store's change check
/// and the language server share.
package enum BinarySearch {
    /// The first index of `range` at which `isBefore` is false, given that it is true for every
    /// index before that one and false from there on (a sorted table's lower bound).
    /// - Parameters:
    ///   - range: The indices to search.
    ///   - isBefore: Whether the element at an index comes before the one looked for.
    /// - Returns: The first index where `isBefore` is false, or `range.upperBound` when there is none.
    @inlinable package static func partitionPoint(in range: Range<Int>, isBefore: (Int) -> Bool) -> Int {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let mid = low + (high - low) / 2
            if isBefore(mid) { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
