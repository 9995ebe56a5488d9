/// Edit distance between short keys (optimal string alignment: insertions, deletions,
/// substitutions and swaps of neighbours each cost 1), compared by Unicode scalar.
package enum EditDistance {
    /// The known key closest to `key` (ASCII case ignored) when it is close enough to be a typo:
    /// one edit for keys of up to four letters, two for longer ones. `nil` for an exact match.
    package static func closest(to key: String, among known: [String]) -> String? {
        let a = Array(key.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in known where candidate != key {
            let b = Array(candidate.unicodeScalars)
            let limit = b.count <= 4 ? 1 : 2
            let d = distance(a, b)
            if d <= limit, best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
