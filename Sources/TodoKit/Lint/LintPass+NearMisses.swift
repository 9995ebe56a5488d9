// Near misses: lines that look like tasks but are not, found on paragraph lines only, so never in
// code blocks, HTML blocks or front matter.
extension LintPass {
    mutating func checkNearMisses() {
        let s = doc.structure
        var isItemStart = [Bool](repeating: false, count: doc.lines.count)
        for item in s.items {
            isItemStart[item.startLine] = true
            let line = item.startLine
            guard item.task < 0, s.paragraphLines[line], item.contentStart < doc.lines.contentEnds[line] else { continue }
            if let why = itemNearMiss(at: item.contentStart, end: doc.lines.contentEnds[line]) {
                report(.nearMissTask, line: line, offset: item.contentStart, "not a task: \(why)")
            }
        }
        for line in 0..<doc.lines.count where s.paragraphLines[line] && !isItemStart[line] {
            let end = doc.lines.contentEnds[line]
            var p = doc.lines.starts[line]
            while p < end && (buf[p].isSpaceOrTab || buf[p] == UInt8(ascii: ">")) { p += 1 }
            guard p + 1 < end else { continue }
            let c = buf[p]
            if (c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "+")) && isCheckbox(at: p + 1, end: end) {
                report(.nearMissTask, line: line, offset: p, "not a task: no space after the list marker")
            } else if isCheckbox(at: p, end: end) {
                report(.nearMissTask, line: line, offset: p, "not a task: checkbox outside a list item")
            }
        }
    }

    /// Whether `[c]` with one mark that a task accepts starts at `p`, followed by white space or the end.
    private func isCheckbox(at p: Int, end: Int) -> Bool {
        guard p + 2 < end, buf[p] == UInt8(ascii: "[") else { return false }
        let width = UTF8Scalar.width(leadingByte: buf[p + 1])
        let close = p + 1 + width
        guard width > 0, close < end, buf[close] == UInt8(ascii: "]") else { return false }
        if width == 1 {
            let m = buf[p + 1]
            guard m == 0x20 || (m > 0x20 && m != UInt8(ascii: "[") && m != UInt8(ascii: "]") && m != 0x7F) else { return false }
        }
        return close + 1 == end || buf[close + 1].isSpaceOrTab
    }

    /// Why an item's content that starts with `[` at `p` is almost a task, or nil.
    private func itemNearMiss(at p: Int, end: Int) -> String? {
        let c = buf[p]
        if (c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "+")) && isCheckbox(at: p + 1, end: end) {
            return "no space after the list marker"
        }
        guard c == UInt8(ascii: "["), p + 1 < end else { return nil }
        let m = p + 1
        if buf[m] == UInt8(ascii: "]") {
            let after = m + 1
            return after == end || buf[after].isSpaceOrTab ? "nothing between the brackets" : nil
        }
        let width = UTF8Scalar.width(leadingByte: buf[m])
        let close = m + width
        // `[[`, `[]]`: wiki links and nested brackets, not a checkbox.
        if buf[m] == UInt8(ascii: "[") || buf[m] == UInt8(ascii: "]") { return nil }
        if width > 0, close < end, buf[close] == UInt8(ascii: "]") {
            let after = close + 1
            if buf[m] == 0x09 || (width > 1 && UTF8Scalar.isUnicodeWhitespace(buf, at: m, width: width)) {
                return "white space other than one space between the brackets"
            }
            // `[x](url)`, `[x][ref]` and `[x]:` are links.
            guard after < end, !buf[after].isSpaceOrTab else { return nil }
            let next = buf[after]
            if next == UInt8(ascii: "(") || next == UInt8(ascii: "[") || next == UInt8(ascii: ":") { return nil }
            return "no space after the checkbox"
        }
        // `[ x]`, `[x ]`, `[  ]`: a mark padded with spaces.
        var k = m
        var marks = 0
        while k < end && k - m < 3 && (buf[k] == 0x20 || buf[k] == UInt8(ascii: "x") || buf[k] == UInt8(ascii: "X")) {
            if buf[k] != 0x20 { marks += 1 }
            k += 1
        }
        guard k - m >= 2, marks <= 1, k < end, buf[k] == UInt8(ascii: "]") else { return nil }
        guard k + 1 == end || buf[k + 1].isSpaceOrTab else { return nil }
        return "more than one character between the brackets"
    }
}
