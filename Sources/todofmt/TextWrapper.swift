/// Breaks prose into lines, for a terminal and for the man page: at spaces, greedily, never inside
/// a word.
enum TextWrapper {
    /// The lines of `text` at most `width` terminal columns wide (a longer word gets a line of its
    /// own; an emoji takes two columns).
    static func lines(_ text: String, width: Int) -> [String] {
        lines(words: text.split(separator: " ").map(String.init), width: width, length: DisplayWidth.of)
    }

    /// `words` joined by single spaces into lines at most `width` long as `length` measures them
    /// (a longer word gets a line of its own); one empty line when there are no words.
    static func lines(words: [String], width: Int, length: (String) -> Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            if line.isEmpty {
                line = word
            } else if length(line) + 1 + length(word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `text` wrapped to `width` columns with every line indented by `indent` spaces; the first
    /// line starts with `lead` instead when given (a term in a two-column list), or on a line of
    /// its own after `lead` when `lead` does not fit in the indentation.
    static func block(_ text: String, width: Int, indent: Int, lead: String? = nil) -> String {
        let pad = String(repeating: " ", count: indent)
        var lines = Self.lines(text, width: max(width - indent, 20)).map { pad + $0 }
        if let lead {
            if lead.count + 2 <= indent, !lines.isEmpty {
                lines[0] = lead + String(lines[0].dropFirst(lead.count))
            } else {
                lines.insert(lead, at: 0)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension TextWrapper {
    /// `a`, `a or b`, `a, b or c`.
    static func list(_ items: [String], conjunction: String = "or") -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }
}
