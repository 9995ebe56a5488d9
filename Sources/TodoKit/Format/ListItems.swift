/// The items of one list, in source order: a zero-based view of the one array that holds the items
/// of every list, so that a document with thousands of lists allocates (and frees) one array for
/// them instead of one per list. Offsets are 32-bit, as in ``BlockStructure``.
struct ListItems: RandomAccessCollection, Sendable, Equatable {
    private let storage: [Int32]
    private let offset: Int32
    private let length: Int32

    /// The number of items.
    var count: Int { Int(length) }

    /// No items.
    init() {
        storage = []
        offset = 0
        length = 0
    }

    /// The items `storage[range]`.
    init(_ storage: [Int32], _ range: Range<Int>) {
        self.storage = storage
        offset = Int32(truncatingIfNeeded: range.lowerBound)
        length = Int32(truncatingIfNeeded: range.count)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { Int(length) }

    @inline(__always) subscript(position: Int) -> Int {
        precondition(position >= 0 && position < Int(length), "list item index out of range")
        return Int(storage[Int(offset) + position])
    }
}

extension ListItems {
    /// The same items in the same order (wherever they are stored).
    static func == (a: ListItems, b: ListItems) -> Bool {
        a.elementsEqual(b)
    }
}
