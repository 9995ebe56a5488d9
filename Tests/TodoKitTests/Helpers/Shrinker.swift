/// Makes a failing input smaller while it keeps failing, so that a report shows a minimal reproduction.
enum Shrinker {
    /// The smallest input found by deleting whole lines, then single words, that still fails.
    /// Stops after `budget` attempts.
    static func minimize(_ input: [UInt8], budget: Int = 1500, fails: ([UInt8]) -> Bool) -> [UInt8] {
        var attempts = 0
        func tryCandidate(_ candidate: [UInt8]) -> Bool {
            guard attempts < budget else { return false }
            attempts += 1
            return fails(candidate)
        }
        var units = lines(input)
        // Delete chunks of lines, halving the chunk size (a simple delta debugging).
        var chunk = max(1, units.count / 2)
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < units.count {
                var candidate = units
                candidate.removeSubrange(start..<min(units.count, start + chunk))
                if !candidate.isEmpty, tryCandidate(candidate.flatMap { $0 }) {
                    units = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 && !removedAny { break }
            chunk = chunk == 1 ? 1 : chunk / 2
        }
        // Then delete single space-separated words inside the remaining lines, keeping line endings.
        var index = 0
        while index < units.count {
            let line = units[index]
            let body = line.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
            let ending = line[body.endIndex...]
            var words = body.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            var w = 0
            while w < words.count, words.count > 1 {
                var shorter = words
                shorter.remove(at: w)
                var candidate = units
                candidate[index] = Array(shorter.joined(separator: [UInt8(ascii: " ")])) + ending
                if tryCandidate(candidate.flatMap { $0 }) {
                    units = candidate
                    words = shorter
                } else {
                    w += 1
                }
            }
            index += 1
        }
        return units.flatMap { $0 }
    }

    /// The lines of `bytes`, each with its ending (LF, CRLF or CR).
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var current: [UInt8] = []
        var i = 0
        while i < bytes.count {
            current.append(bytes[i])
            if bytes[i] == UInt8(ascii: "\r"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\n") {
                current.append(bytes[i + 1])
                i += 1
            }
            if bytes[i] == UInt8(ascii: "\n") || bytes[i] == UInt8(ascii: "\r") {
                result.append(current)
                current = []
            }
            i += 1
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}
