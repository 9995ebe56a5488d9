// Searching and replacing text `Character` by `Character`, as the standard library's
// `contains(_:)`, `firstRange(of:)` and `replacing(_:with:)` for strings do. Those live in
// _StringProcessing, the regex module: one call links it and _RegexParser into the binary, a
// megabyte of code and 48 KB of pointers the loader relocates at every start of todofmt.

extension StringProtocol {
    /// Whether `other` occurs in this text, compared `Character` by `Character`; `true` when
    /// `other` is empty.
    package func containsCharacters(_ other: some StringProtocol) -> Bool {
        firstRangeOfCharacters(other) != nil
    }

    /// The first range of this text that equals `other`, compared `Character` by `Character`;
    /// the empty range at the start when `other` is empty.
    package func firstRangeOfCharacters(_ other: some StringProtocol) -> Range<Index>? {
        guard let first = other.first else { return startIndex..<startIndex }
        var from = startIndex
        while let start = self[from...].firstIndex(of: first) {
            var mine = start
            var theirs = other.startIndex
            while theirs != other.endIndex, mine != endIndex, self[mine] == other[theirs] {
                formIndex(after: &mine)
                other.formIndex(after: &theirs)
            }
            if theirs == other.endIndex { return start..<mine }
            from = index(after: start)
        }
        return nil
    }
}

extension String {
    /// This text with every `target` `Character` replaced by `replacement`.
    package func replacing(every target: Character, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            if character == target {
                result += replacement
            } else {
                result.append(character)
            }
        }
        return result
    }
}
