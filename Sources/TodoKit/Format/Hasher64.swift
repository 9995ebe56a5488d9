/// A streaming 64-bit hash: the bytes go eight at a time through an xxHash64-style round, so
/// the result depends only on the sequence of bytes added, not on how it was split into calls
/// (the task key relies on that: title, space and block id hash like one text). It replaced
/// FNV-1a, whose one multiply per byte made hashing every line the verifier's largest cost.
struct Hasher64 {
    private var state: UInt64 = 0xCBF2_9CE4_8422_2325
    /// Up to seven bytes not yet mixed in, the first in the lowest bits.
    private var pending: UInt64 = 0
    private var pendingCount: UInt64 = 0
    private var length: UInt64 = 0

    /// A hasher before anything is added.
    init() {}

    /// A hasher whose results differ from those of every other `seed` (a flag hashed without
    /// taking a byte of the text's first word, which stays aligned).
    init(seed: UInt64) {
        state = Hasher64.round(state, seed)
    }

    /// The hash of everything added so far.
    var value: UInt64 {
        Hasher64.round(state, pending | length << 56)
    }

    mutating func add(_ byte: UInt8) {
        pending |= UInt64(byte) << (pendingCount << 3)
        pendingCount += 1
        length &+= 1
        if pendingCount == 8 {
            state = Hasher64.round(state, pending)
            pending = 0
            pendingCount = 0
        }
    }

    /// Adds the eight bytes of `word`, lowest first.
    mutating func add(word: UInt64) {
        length &+= 8
        if pendingCount == 0 {
            state = Hasher64.round(state, word)
            return
        }
        // The pending bytes and the low bytes of `word` make a full word; its high bytes stay pending.
        let shift = pendingCount << 3
        state = Hasher64.round(state, pending | word << shift)
        pending = word >> (64 - shift)
    }

    mutating func add(_ buf: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
        guard to > from, let base = buf.baseAddress else { return }
        var i = from
        let raw = UnsafeRawPointer(base)
        if pendingCount != 0 && to - i >= 8 {
            // Complete the pending word from the next eight bytes (as adding them one by one would).
            let need = 8 - Int(pendingCount)
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            state = Hasher64.round(state, pending | w << (pendingCount << 3))
            pending = 0
            pendingCount = 0
            length &+= UInt64(need)
            i += need
        }
        while pendingCount != 0 && i < to {
            add(buf[i])
            i += 1
        }
        var v = state
        while i + 8 <= to {
            v = Hasher64.round(v, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
            length &+= 8
        }
        state = v
        let rest = to - i
        guard rest > 0 else { return }
        if to >= 8 {
            // The last eight bytes of the run end at `to`: shift away those already mixed in.
            let w = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: to - 8, as: UInt64.self))
            pending = w >> UInt64(8 * (8 - rest))
            pendingCount = UInt64(rest)
            length &+= UInt64(rest)
        } else {
            while i < to {
                add(buf[i])
                i += 1
            }
        }
    }

    @inline(__always) private static func round(_ v: UInt64, _ word: UInt64) -> UInt64 {
        let x = v &+ word &* 0xC2B2_AE3D_27D4_EB4F
        return ((x << 31) | (x >> 33)) &* 0x9E37_79B1_85EB_CA87
    }
}
