@testable import TodoKit

/// Brings rendered HTML into a canonical form that forgets exactly what the format rules may change.
///
/// An input's HTML is canonicalised *applying the rules* (what the formatter must make of it), an
/// output's as written; the two must then be equal.
/// - Order: applying the rules puts every list (nested ones too) in the order "its other items in
///   order, then its completed tasks in order". An output's lists keep their order, so a lost, added,
///   changed or misplaced item shows, and so does a completed task that was not sunk.
/// - Fields: the fields of a task's first line (of each key the last valid occurrence; earlier ones
///   stay text) are removed from its text and replaced by a summary of their values (`key=value`, any
///   spelling). Applying the rules, a task that is not completed loses every `done`/`cancelled`, and a
///   completed one without either gains `done` (`cancelled` for `[-]`) with the stamping day. An
///   output's fields are taken as written.
/// - A task checkbox counts as the literal `[x]`/`[ ]` text it stands for, and `[X]` as `[x]`.
/// - A paragraph left holding only the `[m]` once its fields are gone is dropped.
/// - Whitespace a browser does not render: runs collapse to one space, and whitespace next to a
///   block-level tag is dropped. Text in `<pre>` and `<code>` is kept exactly.
///
/// Everything else is kept: every tag (`<p>`, so tight and loose lists differ; `<ol start>`; `<br />`),
/// every other word, comments verbatim, and the nesting of lists.
struct HTMLNormalizer: Sendable {
    /// The day the formatter stamps on completed tasks; such stamps may appear.
    let today: Day

    /// Whether `c` is HTML whitespace.
    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    /// The canonical form of `html`, one block-level tag per line; `applyingRules` for an input's
    /// HTML (what the formatter must make of it), not for an output's.
    ///
    /// `source` is the Markdown's lines when the HTML carries source positions: a list item whose
    /// text merely starts with `[m]` is then a task only if the checkbox stands on the item's marker
    /// line, right after the marker, as the rules require (cmark-gfm leaves a task in a block quote,
    /// or after a BOM, as text, and `-` followed by `[x]` on the next line is no task at all).
    ///
    /// `keptLists` are the first lines (1-based) of lists the formatter leaves in their order because
    /// reordering them would change the blocks around them; their items are not sunk.
    ///
    /// `ignoredLines` are the lines (1-based) an ignore directive leaves alone: an item starting on
    /// one of them is taken as written even when applying the rules (no stamping, no field removal).
    func canonical(_ html: String, source: [[UInt8]] = [], applyingRules: Bool, keptLists: Set<Int> = [],
                   ignoredLines: Set<Int> = []) -> String {
        var normalizer = self
        normalizer.keptLists = keptLists
        normalizer.ignoredLines = ignoredLines
        return normalizer.canonicalForm(html, source: source, applyingRules: applyingRules)
    }

    /// Lists left in their order (first lines, 1-based).
    var keptLists: Set<Int> = []
    /// Lines left alone by ignore directives (1-based).
    var ignoredLines: Set<Int> = []

    private func canonicalForm(_ html: String, source: [[UInt8]], applyingRules: Bool) -> String {
        var tokens: [HTMLToken] = []
        let decoded = HTMLTokenizer.tokens(html).map { token in token.text.map { HTMLToken.text(HTMLNormalizer.decodingEscapes($0)) } ?? token }
        for node in HTMLTreeBuilder.nodes(decoded) {
            append(node, to: &tokens, source: source, applyingRules: applyingRules)
        }
        return HTMLNormalizer.layout(HTMLNormalizer.mergingText(tokens))
    }

    /// Text with the four escapes cmark-gfm writes (`&amp;`, `&lt;`, `&gt;`, `&quot;`) decoded, so that a
    /// mark such as `[>]` reads as written. Both renderings are decoded alike.
    static func decodingEscapes(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            if let (entity, character) = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\"")].first(where: { rest.hasPrefix($0.0) }) {
                out += character
                rest = rest.dropFirst(entity.count)
            } else {
                out += "&"
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }

    // MARK: Lists

    private func append(_ node: HTMLNode, to tokens: inout [HTMLToken], source: [[UInt8]], applyingRules: Bool) {
        switch node {
        case .token(let token):
            tokens.append(token)
        case .list(let open, let items, let close):
            tokens.append(.tag(open))
            let units = items.map { normalized($0, source: source, applyingRules: applyingRules) }
            let sinks = applyingRules && !keptLists.contains(open.source?.line ?? -1)
            for unit in units where !sinks || !unit.completed { tokens += unit.tokens }
            for unit in units where sinks && unit.completed { tokens += unit.tokens }
            tokens.append(.tag(close))
        }
    }

    /// An item's canonical tokens, and whether it is a completed task.
    private func normalized(_ item: HTMLListItem, source: [[UInt8]], applyingRules allRules: Bool) -> (tokens: [HTMLToken], completed: Bool) {
        // Nested lists are judged by their own items' lines.
        let applyingRules = allRules && !ignoredLines.contains(item.open.source?.line ?? -1)
        // The head is everything before the first nested list; a task's first line lies in it.
        var head: [HTMLToken] = []
        var rest = item.children[...]
        while let first = rest.first, case .token(let token) = first {
            head.append(token)
            rest = rest.dropFirst()
        }
        let hadCheckbox = HTMLNormalizer.startsWithCheckbox(head)
        head = HTMLNormalizer.mergingText(HTMLNormalizer.replacingCheckbox(head))
        let sourceMark = HTMLNormalizer.markerLineCheckbox(item.open.source, in: source)
        var completed = false
        var note: HTMLToken?
        if let marker = HTMLNormalizer.taskMarker(in: head),
           let mark = marker.mark ?? sourceMark, hadCheckbox || sourceMark != nil || source.isEmpty {
            completed = mark == "x" || mark == "X" || mark == "-"
            // Split the marker off its text so that the rest of the line can be scanned alone;
            // `[X]` is written `[x]` (the rules allow it), which shows where cmark-gfm leaves it as text.
            let scalars = Array((head[marker.index].text ?? "").unicodeScalars)
            let prefix = mark == "X" && marker.mark != nil ? "[x]" : String(String.UnicodeScalarView(scalars[..<marker.length]))
            head[marker.index] = .text(prefix)
            head.insert(.text(String(String.UnicodeScalarView(scalars[marker.length...]))), at: marker.index + 1)
            // When nothing follows the checkbox on its source line, the first rendered line is the next
            // source line, which holds no fields of the task.
            let emptyTask = HTMLNormalizer.markerLineIsEmptyAfterCheckbox(item.open.source, in: source)
            let fields = emptyTask
                ? []
                : HTMLNormalizer.strippingFirstLine(&head, from: marker.index + 1, completed: completed, applyingRules: applyingRules)
            // An empty task is left as written: it gets no date.
            note = .note(summary(of: fields, mark: mark, applyingRules: applyingRules && !emptyTask))
            if marker.mark != nil { HTMLNormalizer.unwrapEmptyParagraph(&head, marker: marker.index) }
        }
        var tokens: [HTMLToken] = [.tag(item.open)]
        if let note { tokens.append(note) }
        tokens += head
        for node in rest { append(node, to: &tokens, source: source, applyingRules: allRules) }
        tokens.append(.tag(item.close))
        return (tokens, completed)
    }

    /// The fields of a task as `fields: key=value …` (the last occurrence of each key counts); applying
    /// the rules, with the end dates the formatter must remove or stamp.
    private func summary(of fields: [RenderedField], mark: Unicode.Scalar, applyingRules: Bool) -> String {
        var value: [String: String] = [:]
        for field in fields {
            // A relative date is written as the day it names.
            value[field.key] = Day(field.value) == nil && DatePhrase.isRelative(field.value)
                ? DatePhrase.resolve(field.value, today: today)?.description ?? field.value : field.value
        }
        if applyingRules {
            switch mark {
            case "x", "X", "-":
                if value["done"] == nil, value["cancelled"] == nil {
                    value[mark == "-" ? "cancelled" : "done"] = today.description
                }
            default:
                value["done"] = nil
                value["cancelled"] = nil
            }
        }
        return "fields:" + value.keys.sorted().map { " \($0)=\(value[$0]!)" }.joined()
    }

    // MARK: Task line

    /// Whether the item's content starts with the checkbox cmark-gfm renders for a task.
    private static func startsWithCheckbox(_ head: [HTMLToken]) -> Bool {
        guard let first = head.first(where: { !$0.isBlankText })?.tag else { return false }
        return first.opens("input") && first.raw.contains("type=\"checkbox\"")
    }

    /// The mark of the checkbox on the source line where an item starts, right after the item's marker:
    /// marker (`-`, `*`, `+`, digits and `.`/`)`), spaces or tabs, `[`, one scalar, `]`, then a space,
    /// a tab or the end of the line. `nil` when there is none or no positions to check.
    private static func markerLineCheckbox(_ position: (line: Int, column: Int)?, in source: [[UInt8]]) -> Unicode.Scalar? {
        guard let position, position.line >= 1, position.line <= source.count else { return nil }
        let line = source[position.line - 1].prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        var i = line.startIndex + position.column - 1
        guard i < line.endIndex else { return nil }
        if [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(line[i]) {
            i += 1
        } else {
            let digits = i
            while i < line.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[i]) { i += 1 }
            guard i > digits, i < line.endIndex, line[i] == UInt8(ascii: ".") || line[i] == UInt8(ascii: ")") else { return nil }
            i += 1
        }
        let spaces = i
        while i < line.endIndex, line[i] == UInt8(ascii: " ") || line[i] == UInt8(ascii: "\t") { i += 1 }
        guard i > spaces, i < line.endIndex, line[i] == UInt8(ascii: "[") else { return nil }
        let rest = Array(String(decoding: line[(i + 1)...], as: UTF8.self).unicodeScalars)
        guard rest.count >= 2, rest[1] == "]", rest[0] != "[", rest[0] != "]" else { return nil }
        guard rest.count == 2 || rest[2] == " " || rest[2] == "\t" else { return nil }
        return rest[0]
    }

    /// Whether the item's source line holds nothing but white space after its checkbox.
    private static func markerLineIsEmptyAfterCheckbox(_ position: (line: Int, column: Int)?, in source: [[UInt8]]) -> Bool {
        guard markerLineCheckbox(position, in: source) != nil, let position else { return false }
        let line = source[position.line - 1].prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        guard let open = line[(line.startIndex + position.column - 1)...].firstIndex(of: UInt8(ascii: "[")) else { return false }
        let afterMark = String(decoding: line[(open + 1)...], as: UTF8.self).unicodeScalars.dropFirst(2)
        return afterMark.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// A leading `<input type="checkbox">` becomes the text `[x] ` or `[ ] ` it was rendered from,
    /// placed inside the paragraph or heading that follows it, where the text would have stood.
    private static func replacingCheckbox(_ head: [HTMLToken]) -> [HTMLToken] {
        var tokens = head
        guard let k = tokens.firstIndex(where: { !$0.isBlankText }), let input = tokens[k].tag,
              input.opens("input"), input.raw.contains("type=\"checkbox\"") else { return head }
        let marker = HTMLToken.text(input.raw.contains("checked") ? "[x] " : "[ ] ")
        tokens.remove(at: k)
        if let m = tokens[k...].firstIndex(where: { !$0.isBlankText }), let tag = tokens[m].tag,
           !tag.isClosing, ["p", "h1", "h2", "h3", "h4", "h5", "h6"].contains(tag.name) {
            tokens.insert(marker, at: m + 1)
            tokens.removeSubrange(k..<m)
        } else {
            tokens.insert(marker, at: k)
        }
        return tokens
    }

    /// A paragraph left holding nothing but the task's `[m]` once its fields are gone is dropped:
    /// removing `done:` from an open task whose only text it was removes the paragraph cmark-gfm
    /// renders for it in a loose list (`<p>done:…</p>` becomes nothing).
    private static func unwrapEmptyParagraph(_ head: inout [HTMLToken], marker: Int) {
        guard marker > 0, let open = head[marker - 1].tag, open.opens("p") else { return }
        var close = marker + 1
        while close < head.count, head[close].isBlankText { close += 1 }
        guard close < head.count, let tag = head[close].tag, tag.closes("p") else { return }
        head.remove(at: close)
        head.remove(at: marker - 1)
    }

    /// Where a task's `[m]` stands: the item's first text starts with `[m]` followed by whitespace or
    /// a block boundary. Returns the token, how many of its scalars the marker takes, and the mark.
    ///
    /// A mark that is itself inline markup (`[~] a ~b~` renders `[<del>] a </del>b`) is found as a
    /// lone `[`, the tag, then text starting with `]`; its mark is then unknown here (`nil`).
    private static func taskMarker(in head: [HTMLToken]) -> (index: Int, length: Int, mark: Unicode.Scalar?)? {
        var i = 0
        while i < head.count {
            let token = head[i]
            if token.isBlankText {
                i += 1
                continue
            }
            if let tag = token.tag, !tag.isClosing, ["p", "h1", "h2", "h3", "h4", "h5", "h6"].contains(tag.name) {
                i += 1
                continue
            }
            break
        }
        guard i < head.count, let text = head[i].text else { return nil }
        func endsWell(_ s: [Unicode.Scalar], after: Int, token: Int) -> Bool {
            if s.count > after { return isWhitespace(s[after]) }
            if token + 1 == head.count { return true }
            if let next = head[token + 1].tag, next.isBlock { return true }
            return false
        }
        let s = Array(text.unicodeScalars)
        if s == ["["], i + 2 < head.count, let tag = head[i + 1].tag, !tag.isClosing, !tag.isBlock,
           let rest = head[i + 2].text, rest.unicodeScalars.first == "]",
           endsWell(Array(rest.unicodeScalars), after: 1, token: i + 2) {
            return (i + 2, 1, nil)
        }
        guard s.count >= 3, s[0] == "[", s[2] == "]" else { return nil }
        let mark = s[1]
        guard mark != "[", mark != "]", mark == " " || !isWhitespace(mark), endsWell(s, after: 3, token: i) else { return nil }
        return (i, 3, mark)
    }

    /// Removes the fields from the text of the task's first line, which starts at `start`, and
    /// returns them in order. The line ends at a soft break, `<br />` or any block-level tag; code
    /// spans are skipped. Of each key only the last occurrence is the field (earlier ones stay text);
    /// applying the rules, a task that is not completed loses every `done`/`cancelled` occurrence.
    private static func strippingFirstLine(_ head: inout [HTMLToken], from start: Int, completed: Bool, applyingRules: Bool) -> [RenderedField] {
        func isInline(_ token: HTMLToken) -> Bool {
            switch token {
            case .tag(let tag): !tag.isBlock
            case .opaque: true
            case .text, .note: false
            }
        }
        // The text pieces of the line: token index, the part on this line, and the fields in it.
        var pieces: [(index: Int, line: String, rest: Substring, found: [(field: RenderedField, range: Range<Int>, emoji: Bool)])] = []
        var codeDepth = 0
        var i = start
        // Whether markup (anything but plain text: a code span, emphasis, a link) stands after the last
        // text piece on the line, and after each piece before the next one.
        var markupAfter: [Bool] = []
        scan: while i < head.count {
            switch head[i] {
            case .text(let text):
                let newline = text.firstIndex(of: "\n")
                if codeDepth == 0 {
                    let line = String(text[..<(newline ?? text.endIndex)])
                    let gluedLeft = i > start && isInline(head[i - 1])
                    let gluedRight = newline == nil && i + 1 < head.count && isInline(head[i + 1])
                    let found = RenderedFieldScanner.fields(in: line, gluedLeft: gluedLeft, gluedRight: gluedRight)
                    pieces.append((i, line, text[(newline ?? text.endIndex)...], found))
                    markupAfter.append(false)
                } else if !markupAfter.isEmpty {
                    markupAfter[markupAfter.count - 1] = true
                }
                if newline != nil { break scan }
            case .tag(let tag):
                if tag.isBlock || tag.raw.contains("\n") { break scan }
                if tag.opens("code") { codeDepth += 1 }
                if tag.closes("code") { codeDepth = max(0, codeDepth - 1) }
                if !markupAfter.isEmpty { markupAfter[markupAfter.count - 1] = true }
            case .opaque(let raw):
                if raw.contains("\n") { break scan }
                if !markupAfter.isEmpty { markupAfter[markupAfter.count - 1] = true }
            case .note:
                break
            }
            i += 1
        }
        // Emoji fields count only in the line's trailing run (fields, tags, a block id), read backwards.
        var runPiece = pieces.count, runStart = 0
        backwards: for p in pieces.indices.reversed() {
            guard !markupAfter[p] else { break }
            let scalars = Array(pieces[p].line.unicodeScalars)
            var k = scalars.count
            var f = pieces[p].found.count - 1
            while true {
                while k > 0 && isWhitespace(scalars[k - 1]) { k -= 1 }
                runPiece = p
                runStart = k
                if k == 0 { continue backwards }
                if f >= 0 && pieces[p].found[f].range.upperBound == k {
                    k = pieces[p].found[f].range.lowerBound
                    f -= 1
                    continue
                }
                var t = k
                while t > 0 && !isWhitespace(scalars[t - 1]) { t -= 1 }
                guard k - t >= 2, scalars[t] == "#" || scalars[t] == "^" else { break backwards }
                k = t
            }
        }
        for p in pieces.indices {
            pieces[p].found.removeAll { $0.emoji && (p < runPiece || (p == runPiece && $0.range.lowerBound < runStart)) }
        }
        // The block id: the line's last word that is not a field (an earlier duplicate counts as one
        // here, though it stays text), `^` then letters, digits or `-`. It is written last, so it may
        // move past text that stays (a duplicate), and Obsidian hides it: it is taken out of the text
        // and kept with the fields (`block=^id`), so that it must still be there.
        var blockID: (piece: Int, range: Range<Int>, text: String)?
        if let p = pieces.indices.last, !markupAfter[p] {
            let scalars = Array(pieces[p].line.unicodeScalars)
            var k = scalars.count
            var f = pieces[p].found.count - 1
            while true {
                while k > 0 && isWhitespace(scalars[k - 1]) { k -= 1 }
                guard f >= 0 && pieces[p].found[f].range.upperBound == k else { break }
                k = pieces[p].found[f].range.lowerBound
                f -= 1
            }
            var t = k
            while t > 0 && !isWhitespace(scalars[t - 1]) { t -= 1 }
            if k - t >= 2, scalars[t] == "^",
               scalars[(t + 1)..<k].allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }) {
                blockID = (p, t..<k, String(String.UnicodeScalarView(scalars[t..<k])))
            }
        }
        let all = pieces.flatMap { piece in piece.found.map(\.field) }
        var last: [String: Int] = [:]
        for (n, field) in all.enumerated() { last[field.key] = n }
        var n = 0
        for (p, piece) in pieces.enumerated() {
            var ranges: [Range<Int>] = []
            for found in piece.found {
                let isEndDate = found.field.key == "done" || found.field.key == "cancelled"
                if last[found.field.key] == n || (applyingRules && !completed && isEndDate) { ranges.append(found.range) }
                n += 1
            }
            if let blockID, blockID.piece == p {
                ranges.insert(blockID.range, at: ranges.firstIndex { $0.lowerBound > blockID.range.lowerBound } ?? ranges.count)
            }
            if !ranges.isEmpty { head[piece.index] = .text(RenderedFieldScanner.removing(ranges, from: piece.line) + piece.rest) }
        }
        return all + (blockID.map { [RenderedField(key: "block", value: $0.text)] } ?? [])
    }

    // MARK: Layout

    /// Adjacent text tokens joined into one.
    private static func mergingText(_ tokens: [HTMLToken]) -> [HTMLToken] {
        var result: [HTMLToken] = []
        for token in tokens {
            if let text = token.text, let last = result.last?.text {
                result[result.count - 1] = .text(last + text)
            } else {
                result.append(token)
            }
        }
        return result
    }

    /// The tokens written out: block-level tags and notes on their own lines, whitespace collapsed
    /// outside `<pre>`/`<code>` and dropped next to block boundaries.
    private static func layout(_ tokens: [HTMLToken]) -> String {
        func isBoundary(_ token: HTMLToken?) -> Bool {
            guard let token else { return true }
            switch token {
            case .tag(let tag): return tag.isBlock
            case .note: return true
            case .text, .opaque: return false
            }
        }
        var out = ""
        var verbatimDepth = 0
        func startLine() {
            if !out.isEmpty, out.last != "\n" { out += "\n" }
        }
        for (i, token) in tokens.enumerated() {
            switch token {
            case .text(let text):
                if verbatimDepth > 0 {
                    out += text
                    continue
                }
                var collapsed = String.UnicodeScalarView()
                for c in text.unicodeScalars {
                    if isWhitespace(c) {
                        if collapsed.last != " " { collapsed.append(" ") }
                    } else {
                        collapsed.append(c)
                    }
                }
                if isBoundary(i == 0 ? nil : tokens[i - 1]), collapsed.first == " " { collapsed.removeFirst() }
                if isBoundary(i + 1 == tokens.count ? nil : tokens[i + 1]), collapsed.last == " " { collapsed.removeLast() }
                out += String(collapsed)
            case .tag(let tag):
                if tag.isBlock, verbatimDepth == 0 { startLine() }
                out += tag.raw
                if tag.isBlock, verbatimDepth == 0 { out += "\n" }
                if tag.name == "pre" || tag.name == "code" {
                    verbatimDepth = max(0, verbatimDepth + (tag.isClosing ? -1 : 1))
                    if tag.isBlock, tag.isClosing, verbatimDepth == 0 { out += "\n" }
                }
            case .opaque(let raw):
                out += raw
            case .note(let note):
                startLine()
                out += "⟪" + note + "⟫\n"
            }
        }
        return out
    }
}
