/// A line's bytes with a hash computed once, in one fast pass, so that a dictionary of lines
/// does not feed the standard hasher one byte at a time.
struct LineKey: Hashable {
    let bytes: ArraySlice<UInt8>
    let hash: UInt64

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        // FNV-1a: adequate spread for lines of text, and equality checks the bytes anyway.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        self.hash = hash
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    static func == (a: LineKey, b: LineKey) -> Bool {
        a.hash == b.hash && SameBytes.equal(a.bytes, b.bytes)
    }
}
