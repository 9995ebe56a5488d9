/// CommonMark's seven kinds of HTML block: how they start and (kinds 1–5) how they end.
enum HTMLBlockStart {
    private static let rawTextTags: [[UInt8]] = ["script", "pre", "style", "textarea"].map { Array($0.utf8) }

    private static let blockTags: Set<[UInt8]> = Set([
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
        "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
        "optgroup", "option", "p", "param", "section", "source", "summary", "table", "tbody", "td", "tfoot",
        "th", "thead", "title", "tr", "track", "ul",
    ].map { Array($0.utf8) })

    /// The kind (1...7) of HTML block starting at `start` (a `<`), or 0 when none starts there.
    static func type(_ buf: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Int {
        let rest = UnsafeBufferPointer(rebasing: buf[start..<end])
        let n = rest.count
        guard n >= 2 else { return 0 }
        // 1: <script, <pre, <style, <textarea
        for tag in rawTextTags where hasPrefixIgnoringCase(rest, from: 1, tag) {
            let j = 1 + tag.count
            if j == n || rest[j].isSpaceOrTab || rest[j] == UInt8(ascii: ">") { return 1 }
        }
        if rest[1] == UInt8(ascii: "!") {
            if n >= 4 && rest[2] == UInt8(ascii: "-") && rest[3] == UInt8(ascii: "-") { return 2 }
            if hasPrefixIgnoringCase(rest, from: 2, Array("[CDATA[".utf8), exact: true) { return 5 }
            if n >= 3 && rest[2].isASCIILetter { return 4 }
            return 0
        }
        if rest[1] == UInt8(ascii: "?") { return 3 }
        // 6: a block-level tag name.
        var j = 1
        if rest[j] == UInt8(ascii: "/") { j += 1 }
        let nameStart = j
        while j < n && rest[j].isASCIIAlphanumeric { j += 1 }
        if j > nameStart {
            let name = rest[nameStart..<j].map { $0 | 0x20 }
            if blockTags.contains(name) {
                if j == n || rest[j].isSpaceOrTab || rest[j] == UInt8(ascii: ">")
                    || (rest[j] == UInt8(ascii: "/") && j + 1 < n && rest[j + 1] == UInt8(ascii: ">")) {
                    return 6
                }
            }
        }
        // 7: a complete open or closing tag alone on the line.
        if let after = completeTag(rest), isBlank(rest, from: after) {
            return 7
        }
        return 0
    }

    /// Whether the line part `[from, to)` ends an HTML block of kind 1...5.
    static func endsBlock(type: Int, _ buf: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        let rest = UnsafeBufferPointer(rebasing: buf[from..<to])
        switch type {
        case 1:
            for tag in rawTextTags where containsIgnoringCase(rest, Array("</".utf8) + tag + [UInt8(ascii: ">")]) { return true }
            return false
        case 2: return containsIgnoringCase(rest, Array("-->".utf8))
        case 3: return containsIgnoringCase(rest, Array("?>".utf8))
        case 4: return rest.contains(UInt8(ascii: ">"))
        case 5: return containsIgnoringCase(rest, Array("]]>".utf8))
        default: return false
        }
    }

    /// Parses an open tag `<name attr="v" …>` or a closing tag `</name>` and returns the index past it.
    private static func completeTag(_ s: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = s.count
        var j = 1
        let closing = j < n && s[j] == UInt8(ascii: "/")
        if closing { j += 1 }
        guard j < n, s[j].isASCIILetter else { return nil }
        while j < n && (s[j].isASCIIAlphanumeric || s[j] == UInt8(ascii: "-")) { j += 1 }
        if closing {
            while j < n && s[j].isASCIIWhitespace { j += 1 }
            return j < n && s[j] == UInt8(ascii: ">") ? j + 1 : nil
        }
        while true {
            let beforeSpace = j
            while j < n && s[j].isASCIIWhitespace { j += 1 }
            guard j < n else { return nil }
            if s[j] == UInt8(ascii: ">") { return j + 1 }
            if s[j] == UInt8(ascii: "/") { return j + 1 < n && s[j + 1] == UInt8(ascii: ">") ? j + 2 : nil }
            // An attribute needs white space before it.
            guard j > beforeSpace, s[j].isASCIILetter || s[j] == UInt8(ascii: "_") || s[j] == UInt8(ascii: ":") else { return nil }
            while j < n && (s[j].isASCIIAlphanumeric || s[j] == UInt8(ascii: "_") || s[j] == UInt8(ascii: ".")
                            || s[j] == UInt8(ascii: ":") || s[j] == UInt8(ascii: "-")) { j += 1 }
            var k = j
            while k < n && s[k].isASCIIWhitespace { k += 1 }
            if k < n && s[k] == UInt8(ascii: "=") {
                k += 1
                while k < n && s[k].isASCIIWhitespace { k += 1 }
                guard k < n else { return nil }
                let q = s[k]
                if q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
                    k += 1
                    while k < n && s[k] != q { k += 1 }
                    guard k < n else { return nil }
                    j = k + 1
                } else {
                    let valueStart = k
                    while k < n && !s[k].isASCIIWhitespace && !"\"'=<>`".utf8.contains(s[k]) { k += 1 }
                    guard k > valueStart else { return nil }
                    j = k
                }
            }
        }
    }

    private static func isBlank(_ s: UnsafeBufferPointer<UInt8>, from: Int) -> Bool {
        var j = from
        while j < s.count {
            if !s[j].isASCIIWhitespace { return false }
            j += 1
        }
        return true
    }

    private static func hasPrefixIgnoringCase(_ s: UnsafeBufferPointer<UInt8>, from: Int, _ prefix: [UInt8], exact: Bool = false) -> Bool {
        guard s.count - from >= prefix.count else { return false }
        for (k, p) in prefix.enumerated() {
            let c = s[from + k]
            if exact ? c != p : (c | 0x20) != (p | 0x20) { return false }
        }
        return true
    }

    private static func containsIgnoringCase(_ s: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard s.count >= needle.count else { return false }
        var i = 0
        while i + needle.count <= s.count {
            if hasPrefixIgnoringCase(s, from: i, needle) { return true }
            i += 1
        }
        return false
    }
}
