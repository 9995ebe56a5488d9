/// The words of a phrase a date or a recurrence rule is written in (`in 3 days`, `every
/// Monday, Thursday`), for ``RelativePhrase`` and ``RecurrenceRule/init(phrase:)`` alike.
enum PhraseWords {
    /// Splits `text` at runs of spaces and tabs and at single hyphens between two words
    /// (`in-3-days`); with `commas`, a comma also ends a word and is a word of its own (`","`).
    ///
    /// Split on bytes, not characters: a separator that a combining mark joins is in a word either
    /// way, which then matches no word of a phrase (a character split cost 4 k instructions a phrase).
    /// - Returns: The words, or `nil` when a hyphen does not stand between two words (`-tomorrow`,
    ///   `in -3 days`, `in--3-days`, `every -2 weeks`): a sign there would be dropped, and the phrase
    ///   would name a day on the other side of today.
    static func split(_ text: Substring, commas: Bool) -> [Substring]? {
        let bytes = text.utf8
        func separates(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "-") || (commas && byte == UInt8(ascii: ","))
        }
        var words: [Substring] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if separates(byte) {
                if byte == UInt8(ascii: "-") {
                    guard start < index, next < bytes.endIndex, !separates(bytes[next]) else { return nil }
                }
                if start < index { words.append(Substring(bytes[start..<index])) }
                if byte == UInt8(ascii: ",") { words.append(",") }
                start = next
            }
            index = next
        }
        if start < bytes.endIndex { words.append(Substring(bytes[start...])) }
        return words
    }
}
