/// The items of one list read through a buffer of ``BlockStructure/listItems`` that the caller keeps
/// alive (``CanonicalForm`` holds one for the length of a pass): unlike ``ListItems`` it holds no
/// reference, so the loops that look at thousands of lists, on several threads at once, count no
/// references (each count is a write to memory every thread shares).
struct BorrowedListItems: RandomAccessCollection {
    private let indices: UnsafeBufferPointer<Int32>

    /// The items `listItems[range]`.
    init(_ listItems: UnsafeBufferPointer<Int32>, _ range: Range<Int>) {
        indices = UnsafeBufferPointer(rebasing: listItems[range])
    }

    var startIndex: Int { 0 }
    var endIndex: Int { indices.count }

    @inline(__always) subscript(position: Int) -> Int {
        Int(indices[position])
    }
}
