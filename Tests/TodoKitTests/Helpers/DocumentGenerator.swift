/// Composes random but reproducible todo documents from the pieces of the format's grammar.
///
/// The same seed always gives the same bytes. Documents mix headings, paragraphs, bullet and
/// ordered lists with tasks of every status nested up to depth 6 (2/3/4-space, exact and tab
/// indents), continuation lines, hard breaks, loose lists, block quotes, fenced and indented code and
/// HTML blocks holding task-like lines, tables, front matter, fields in every spelling (invalid and
/// duplicated ones too), block ids, unicode, LF/CRLF/CR and mixed endings, a BOM and a missing final
/// newline.
struct DocumentGenerator {
    /// The seed this document came from.
    let seed: UInt64
    private var rng: SplitMix64
    private var lines: [String] = []
    /// The indent one nesting level adds in this document.
    private var indentUnit = "  "
    /// Percent chance that an item gets a child list, before depth lowers it.
    private var nestingChance = 25
    /// Whether inline directives (`<!-- todofmt-ignore -->`, regions, disable) are mixed in. Off, the
    /// generator draws exactly the numbers it always drew, so the documents stay the same.
    private var directives = false

    private static let maxLines = 70

    /// A generator for one document.
    init(seed: UInt64) {
        self.seed = seed
        rng = SplitMix64(seed: seed)
    }

    /// `count` documents (seeds `firstSeed` on), each after an ATX heading that follows a blank line,
    /// where scans and reparses cut, every third with directives; after some of them a code fence
    /// left open, an Obsidian comment left open (`obsidianComments`) and an HTML block (followed by
    /// a quoted task, `quotedTasks`): the cuts meet blocks that run across them.
    static func sections(_ count: Int, firstSeed: UInt64, obsidianComments: Bool = true, quotedTasks: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = []
        for k in 0..<UInt64(count) {
            bytes += Array("\n# Part \(k)\n\n".utf8)
            bytes += document(seed: firstSeed + k, directives: k % 3 == 0)
            if k % 4 == 1 { bytes += Array("\n```\nan unclosed fence\n\n# not a heading here\n".utf8) }
            if k % 4 == 2 && obsidianComments { bytes += Array("\n%% an open comment\n\n# hidden\n%%\n".utf8) }
            if k % 4 == 3 { bytes += Array("\n<pre>\n\n# inside HTML\n</pre>\n\(quotedTasks ? "> - [ ] quoted\n" : "")".utf8) }
        }
        return bytes
    }

    /// The document for `seed`; `directives`: with inline directives mixed in.
    static func document(seed: UInt64, directives: Bool = false) -> [UInt8] {
        var generator = DocumentGenerator(seed: seed)
        generator.directives = directives
        return generator.document()
    }

    /// Generates the document.
    mutating func document() -> [UInt8] {
        indentUnit = rng.pick(["  ", "  ", "   ", "    ", "    ", "\t"])
        nestingChance = rng.chance(15) ? 75 : 25
        if rng.chance(10) { frontMatter() }
        let blocks = 1 + rng.below(6)
        var openRegion = false
        for index in 0..<blocks where lines.count < DocumentGenerator.maxLines {
            if index > 0 || !lines.isEmpty { separator() }
            if directives && rng.chance(15) {
                lines.append(rng.pick(["<!-- todofmt-disable -->", "<!-- todofmt-disable TD004 -->", "<!--todofmt-enable-->",
                                       "<!-- todofmt-ignore-end -->", "<!-- todofmt-nonsense -->"]))
            }
            if directives && !openRegion && rng.chance(12) {
                lines.append("<!-- todofmt-ignore-start -->")
                openRegion = true
            }
            block()
            if directives && openRegion && rng.chance(50) {
                lines.append(rng.pick(["<!-- todofmt-ignore-end -->", "", "<!-- todofmt-ignore-end -->"]))
                openRegion = lines.last == ""
            }
        }
        return assemble()
    }

    // MARK: Document level

    private mutating func assemble() -> [UInt8] {
        var out: [UInt8] = rng.chance(5) ? [0xEF, 0xBB, 0xBF] : []
        let style = rng.below(100)
        let finalNewline = rng.chance(85)
        for (index, line) in lines.enumerated() {
            out += Array(line.utf8)
            if index == lines.count - 1, !finalNewline { break }
            let ending: String
            switch style {
            case ..<70: ending = "\n"
            case ..<85: ending = "\r\n"
            case ..<89: ending = "\r"
            default: ending = rng.pick(["\n", "\n", "\r\n", "\r"])
            }
            out += Array(ending.utf8)
        }
        return out
    }

    private mutating func separator() {
        switch rng.below(100) {
        case ..<78: blank()
        case ..<88:
            blank()
            blank()
        default: break
        }
    }

    private mutating func blank() {
        lines.append(rng.chance(8) ? rng.pick([" ", "  ", "\t"]) : "")
    }

    private mutating func frontMatter() {
        lines.append("---")
        lines.append("title: \(word())")
        if rng.chance(50) { lines.append("tags: [todo, \(word())]") }
        if rng.chance(60) { lines.append("- [ ] yaml list item \(field())") }
        if rng.chance(40) { lines.append("- [x] also yaml") }
        lines.append("due: \(date())")
        lines.append(rng.chance(80) ? "---" : "...")
    }

    private mutating func block() {
        switch rng.below(100) {
        case ..<42: list(depth: 0, prefix: "")
        case ..<52: paragraph(prefix: "")
        case ..<61: heading()
        case ..<71: blockQuote()
        case ..<77: fencedCode(prefix: "")
        case ..<80: indentedCode()
        case ..<86: htmlBlock()
        case ..<89: lines.append(rng.pick(["***", "___", "- - -", "---", "* * *"]))
        case ..<92: table()
        default: nearMisses()
        }
    }

    // MARK: Leaf blocks

    private mutating func heading() {
        let text = inlineText(words: 1 + rng.below(4))
        if rng.chance(75) {
            let level = 1 + rng.below(6)
            let closing = rng.chance(15) ? " " + String(repeating: "#", count: 1 + rng.below(3)) : ""
            let body = rng.chance(15) ? "[ ] \(text)" : text
            lines.append(String(repeating: "#", count: level) + " " + body + closing)
        } else {
            lines.append(text)
            lines.append(rng.pick(["===", "---", "=====", "-------"]))
        }
    }

    private mutating func paragraph(prefix: String) {
        for index in 0..<(1 + rng.below(3)) {
            var text = inlineText(words: 2 + rng.below(6))
            if rng.chance(15) { text = "[ ] " + text }
            if rng.chance(10) { text += " " + field() }
            if index > 0, rng.chance(10) { text = "[x] " + text }
            lines.append(prefix + text)
        }
    }

    private mutating func fencedCode(prefix: String) {
        let fence = rng.pick(["```", "```", "~~~", "````"])
        let info = rng.chance(40) ? rng.pick(["md", "markdown", "sh", "text"]) : ""
        lines.append(prefix + fence + info)
        for _ in 0..<(1 + rng.below(4)) {
            lines.append(prefix + rng.pick([
                "- [ ] not a task in a fence", "- [x] done in fence due:2026-01-01", "    - [ ] indented in fence",
                "* [-] cancelled in fence", "let x = 1", "", "1. [x] ordered in fence 📅 2026-12-01",
            ]))
        }
        if lines.count < DocumentGenerator.maxLines || rng.chance(90) { lines.append(prefix + fence) }
    }

    private mutating func indentedCode() {
        for _ in 0..<(1 + rng.below(3)) {
            lines.append(rng.pick(["    - [ ] in indented code", "    - [x] done in code", "\t* [ ] tab code", "    code()"]))
        }
    }

    private mutating func htmlBlock() {
        switch rng.below(4) {
        case 0:
            lines += ["<div>", "- [ ] inside a div \(field())", "- [x] done inside a div", "</div>"]
        case 1:
            lines += ["<!--", "- [x] commented out", "- [ ] also commented due:2026-01-01", "-->"]
        case 2:
            lines += ["<details>", "<summary>More</summary>", ""]
            list(depth: 0, prefix: "")
            lines += ["", "</details>"]
        default:
            lines.append("<p align=\"center\">- [ ] html paragraph</p>")
        }
    }

    private mutating func table() {
        lines += ["| Task | Due |", "| --- | :-: |"]
        for _ in 0..<(1 + rng.below(3)) {
            lines.append("| [\(rng.pick([" ", "x"]))] \(word()) | \(field()) |")
        }
    }

    private mutating func nearMisses() {
        for _ in 0..<(1 + rng.below(4)) {
            lines.append(rng.pick([
                "-[ ] no space after dash", "- [x]glued", "- []", "- [ x] inner space", "- [\t] tab mark",
                "* [[x]] double", "[ ] bare paragraph box", "-[X] upper", "+ [] empty brackets",
                "- [ ]x", "1.[ ] no space",
            ]))
        }
    }

    private mutating func blockQuote() {
        let start = lines.count
        let nested = rng.chance(15)
        if rng.chance(70) { list(depth: 0, prefix: "") } else { paragraph(prefix: "") }
        if rng.chance(30) {
            blank()
            list(depth: 0, prefix: "")
        }
        for index in start..<lines.count {
            let line = lines[index]
            // Now and then a lazy continuation line without the `>`.
            if index > start, rng.chance(4), !line.isEmpty, !line.hasPrefix(" "), !line.hasPrefix("\t") {
                continue
            }
            let marker = rng.chance(85) ? "> " : ">"
            lines[index] = (nested ? "> " : "") + (line.allSatisfy({ $0 == " " || $0 == "\t" }) ? ">" : marker + line)
        }
    }

    // MARK: Lists

    private mutating func list(depth: Int, prefix: String) {
        if directives && rng.chance(25) {
            // Usually right before the list; now and then with a blank line or text in between.
            lines.append(prefix + rng.pick(["<!-- todofmt-ignore -->", "<!--todofmt-ignore-->", "<!-- todofmt-ignore  -->"]))
            switch rng.below(10) {
            case 0: lines.append("")
            case 1: lines.append(prefix + inlineText(words: 2))
            default: break
            }
        }
        let ordered = rng.chance(35)
        let bullet = rng.pick(["-", "-", "*", "+"])
        let delimiter = rng.pick([".", ".", ")"])
        var number = rng.pick([1, 1, 1, 0, 2, 5, 9, 10, 99, 998])
        let sameNumbers = ordered && rng.chance(20)
        let loose = rng.chance(20)
        let count = 1 + rng.below(depth == 0 ? 6 : 4)
        for index in 0..<count where lines.count < DocumentGenerator.maxLines {
            if index > 0, (loose && rng.chance(70)) || rng.chance(4) { blank() }
            let marker = ordered ? "\(number)\(delimiter)" : bullet
            item(marker: marker, depth: depth, prefix: prefix)
            if !sameNumbers { number += rng.chance(90) ? 1 : 1 + rng.below(3) }
        }
    }

    private mutating func item(marker: String, depth: Int, prefix: String) {
        let gap = rng.chance(85) ? " " : rng.pick(["  ", "   ", "    ", "\t"])
        let markerEnd = DocumentGenerator.width(prefix) + marker.count
        let gapWidth = gap == "\t" ? 4 - markerEnd % 4 : gap.count
        let contentIndent = prefix + String(repeating: " ", count: marker.count + gapWidth)
        var content = rng.chance(72) ? taskContent() : plainContent()
        let hasContinuation = rng.chance(18)
        if hasContinuation, !content.isEmpty, rng.chance(35) { content += rng.pick(["  ", "   ", "\\"]) }
        lines.append(prefix + marker + (content.isEmpty && rng.chance(60) ? "" : gap + content))
        if hasContinuation {
            let lazy = rng.chance(15)
            lines.append((lazy ? "" : contentIndent) + inlineText(words: 1 + rng.below(4)) + (rng.chance(20) ? " due:2026-03-03" : ""))
        }
        if rng.chance(8) {
            blank()
            lines.append(contentIndent + inlineText(words: 2 + rng.below(4)))
        }
        if rng.chance(5) { fencedCode(prefix: contentIndent) }
        if rng.chance(4) { lines.append(contentIndent + "> - [\(rng.pick(["x", " ", "-"]))] quoted \(word())") }
        if depth < 6, rng.chance(nestingChance - depth * 3), lines.count < DocumentGenerator.maxLines {
            if rng.chance(10) { blank() }
            let childPrefix = rng.chance(70) ? prefix + indentUnit : contentIndent
            list(depth: depth + 1, prefix: childPrefix)
        }
    }

    /// `[m] title with fields`.
    private mutating func taskContent() -> String {
        let mark = rng.pick([
            " ", " ", " ", " ", " ", "x", "x", "x", "x", "X", "-", "-", "/", "/", "~", ">", "!", "?", "✓", "+", "S",
        ])
        var tokens: [String] = []
        for _ in 0..<rng.below(6) { tokens.append(word()) }
        for _ in 0..<rng.below(4) { tokens.insert(field(), at: rng.below(tokens.count + 1)) }
        if rng.chance(6) { tokens.append("^" + rng.pick(["abc", "id-1", "x9", "blk-22"])) }
        if tokens.isEmpty { return "[\(mark)]" + (rng.chance(30) ? " " : "") }
        let separator = rng.chance(90) ? " " : rng.pick(["  ", "\t"])
        let trailing = rng.chance(8) ? rng.pick([" ", "\t", "  "]) : ""
        return "[\(mark)]" + separator + tokens.joined(separator: rng.chance(92) ? " " : "  ") + trailing
    }

    private mutating func plainContent() -> String {
        if rng.chance(25) {
            return rng.pick(["[x]glued", "[]", "[ x] spaced", "[\t] tab", "[[x]] double", "", "[ ]x", "**[x]** bold"])
        }
        var text = inlineText(words: 1 + rng.below(5))
        if rng.chance(15) { text += " " + field() }
        return text
    }

    // MARK: Words and fields

    private mutating func inlineText(words count: Int) -> String {
        (0..<count).map { _ in word() }.joined(separator: " ")
    }

    private mutating func word() -> String {
        rng.pick([
            "buy", "milk", "call", "Bob", "fix", "the", "bug", "write", "report", "review", "deploy", "#tag",
            "#work/home", "Café", "naïve", "日本語", "Привет", "emoji😀", "**bold**", "*em*", "`code`",
            "`due:2026-01-01`", "[link](https://example.com/due:2026-01-01)", "<https://example.com>",
            "https://example.org/x", "~~old~~", "a\\*b", "[[wiki]]", "==hi==", "<kbd>K</kbd>", "&amp;",
            "x_y_z", "[ref]", "^not-last", "50%", "a:b", "über", "🚀",
        ])
    }

    /// A field in some spelling, valid or not.
    private mutating func field() -> String {
        let dateKeys = ["created", "start", "scheduled", "due", "done", "cancelled"]
        let levels = ["highest", "high", "medium", "low", "lowest"]
        let dateEmoji = ["➕", "🛫", "⏳", "⌛", "📅", "📆", "🗓", "✅", "❌"]
        let priorityEmoji = ["🔺", "⏫", "🔼", "🔽", "⏬"]
        switch rng.below(100) {
        case ..<30: return "\(rng.pick(dateKeys)):\(date())"
        case ..<36: return "priority:\(rng.pick(levels))"
        case ..<48: return "\(rng.pick(dateEmoji))\(rng.chance(20) ? "\u{FE0F}" : "")\(rng.chance(85) ? " " : "  ")\(date())"
        case ..<54: return rng.pick(priorityEmoji) + (rng.chance(20) ? "\u{FE0F}" : "")
        case ..<64:
            let key = rng.pick(["created", "start", "scheduled", "due", "completion", "cancelled"])
            let value = rng.chance(50) ? " \(date())" : date()
            return rng.chance(70) ? "[\(key)::\(value)]" : "(\(key)::\(value))"
        case ..<67: return "[priority:: \(rng.pick(levels))]"
        default:
            return rng.pick([
                "due:2026-02-30", "due:someday", "12:30", "https://example.com/due:2026-01-01", "xdue:2026-01-01",
                "due:2026-01-01,", "priority:urgent", "[due:: someday]", "📅", "📅2026-01-01", "Due:2026-01-01",
                "due:2026-1-1", "`due:2026-01-01`", "#due:2026-01-01", "done:2025-02-29", "(due::2026-13-01)",
                "[completion:: 2026-11-21]", "done:2026-11-21", "✅ 2026-11-21", "cancelled:2026-11-21",
            ])
        }
    }

    private mutating func date() -> String {
        if rng.chance(5) { return "2026-11-21" }
        let year = 2024 + rng.below(5)
        let month = 1 + rng.below(12)
        let day = rng.chance(90) ? 1 + rng.below(28) : 29 + rng.below(3)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    /// The column a prefix of spaces and tabs reaches (tab stops of 4).
    private static func width(_ prefix: String) -> Int {
        var column = 0
        for c in prefix.unicodeScalars {
            column = c == "\t" ? column + 4 - column % 4 : column + 1
        }
        return column
    }
}
