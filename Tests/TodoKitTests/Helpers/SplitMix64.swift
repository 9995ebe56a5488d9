/// A small deterministic pseudo-random generator (SplitMix64), so generated documents depend only on
/// their seed, on every platform and toolchain.
struct SplitMix64: Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n` (`n` > 0).
    mutating func below(_ n: Int) -> Int {
        Int(next() % UInt64(n))
    }

    /// True with the given probability in percent.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// `count` random bytes.
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }
}
