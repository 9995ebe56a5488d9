/// Splits HTML into text, tags and opaque pieces. Anything that is not a well-formed tag stays text.
enum HTMLTokenizer {
    /// The tokens of `html`, in order; concatenating their raw forms gives `html` back.
    static func tokens(_ html: String) -> [HTMLToken] {
        let bytes = Array(html.utf8)
        var tokens: [HTMLToken] = []
        var textStart = 0
        var i = 0
        func flushText(upTo end: Int) {
            if end > textStart { tokens.append(.text(String(decoding: bytes[textStart..<end], as: UTF8.self))) }
        }
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<"), let (token, end) = markup(bytes, at: i) else {
                i += 1
                continue
            }
            flushText(upTo: i)
            tokens.append(token)
            i = end
            textStart = end
        }
        flushText(upTo: bytes.count)
        return tokens
    }

    /// The markup starting at `start` (a `<`) and the index after it, or `nil` when it is just a `<`.
    private static func markup(_ b: [UInt8], at start: Int) -> (HTMLToken, Int)? {
        func string(_ end: Int) -> String { String(decoding: b[start..<end], as: UTF8.self) }
        func find(_ terminator: String, from: Int) -> Int? {
            let t = Array(terminator.utf8)
            var j = from
            while j + t.count <= b.count {
                if b[j..<(j + t.count)].elementsEqual(t) { return j + t.count }
                j += 1
            }
            return nil
        }
        let rest = b[start...]
        for (opener, closer) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"), ("<!", ">")]
            where rest.starts(with: Array(opener.utf8)) {
            guard let end = find(closer, from: start + opener.utf8.count) else { return nil }
            return (.opaque(string(end)), end)
        }
        var j = start + 1
        let isClosing = j < b.count && b[j] == UInt8(ascii: "/")
        if isClosing { j += 1 }
        guard j < b.count, isASCIILetter(b[j]) else { return nil }
        let nameStart = j
        while j < b.count, isASCIILetter(b[j]) || isASCIIDigit(b[j]) || b[j] == UInt8(ascii: "-") { j += 1 }
        let name = String(decoding: b[nameStart..<j], as: UTF8.self).lowercased()
        // Attributes: skip to the closing `>`, honouring quoted values.
        var quote: UInt8?
        while j < b.count {
            let c = b[j]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: ">") {
                let end = j + 1
                return (.tag(HTMLTag(raw: string(end), name: name, isClosing: isClosing)), end)
            } else if c == UInt8(ascii: "<") {
                return nil
            }
            j += 1
        }
        return nil
    }

    private static func isASCIILetter(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
    }

    private static func isASCIIDigit(_ c: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
    }
}
