/// The items of one list, in source order: a zero-based view of the one array that holds the items
/// of every list, so that a document with thousands of lists allocates (and frees) one array for
/// them instead of one per list.
struct ListItems: RandomAccessCollection, Sendable {
    private let storage: [Int]
    private let offset: Int
    /// The number of items.
    let count: Int

    /// No items.
    init() {
        storage = []
        offset = 0
        count = 0
    }

    /// The items `storage[range]`.
    init(_ storage: [Int], _ range: Range<Int>) {
        self.storage = storage
        offset = range.lowerBound
        count = range.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always) subscript(position: Int) -> Int {
        precondition(position >= 0 && position < count, "list item index out of range")
        return storage[offset + position]
    }
}
