/// Reads query instructions into a ``TaskQuery``. Keywords are case-insensitive; every instruction
/// it does not know is an error.
struct TaskQueryParser {
    /// The day relative dates count from.
    let today: Day

    mutating func apply(_ instruction: Substring, to query: inout TaskQuery) throws(TaskQueryError) {
        let text = String(instruction)
        // Keywords are compared with each run of spaces and tabs read as one space.
        let lower = Self.words(text.lowercased()).joined(separator: " ")
        if let rest = lower.dropPrefix("sort by ") {
            var words = rest.split(separator: " ").map(String.init)
            // `sort by tag [reverse] [N]`: the Nth tag.
            var tagNumber = 1
            if words.count >= 2, words[0] == "tag", let number = Int(words[words.count - 1]) {
                guard number >= 1 else { throw TaskQueryError(text, "tag numbers start at 1") }
                tagNumber = number
                words.removeLast()
            }
            let reverse = words.last == "reverse"
            if reverse { words.removeLast() }
            guard words.count == 1, let key = TaskSort.Key(rawValue: words[0] == "starts" ? "start" : words[0]) else {
                throw TaskQueryError(text, "unknown sort key (expected \(TaskSort.Key.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            query.sorts.append(TaskSort(key, reverse: reverse, tagNumber: tagNumber))
        } else if let rest = lower.dropPrefix("group by ") {
            var words = rest.split(separator: " ").map(String.init)
            let reverse = words.last == "reverse"
            if reverse { words.removeLast() }
            let aliases = ["tag": "tags", "starts": "start"]
            let word = words.count == 1 ? aliases[words[0]] ?? words[0] : words.joined(separator: " ")
            guard let key = TaskGrouping.Key(rawValue: word) else {
                throw TaskQueryError(text, "unknown group key (expected \(TaskGrouping.Key.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            query.groupings.append(TaskGrouping(key, reverse: reverse))
        } else if let rest = lower.dropPrefix("limit ") {
            var words = rest.split(separator: " ")
            let groups = words.first == "groups"
            if groups { words.removeFirst() }
            if words.first == "to" { words.removeFirst() }
            if words.count == 2, words[1] == "tasks" || words[1] == "task" { words.removeLast() }
            guard words.count == 1, let count = Int(words[0]), count >= 0 else {
                throw TaskQueryError(text, "expected 'limit [groups] N' or 'limit [groups] to N tasks'")
            }
            if groups { query.groupLimit = count } else { query.limit = count }
        } else if lower.hasPrefix("hide ") || lower.hasPrefix("show ") {
            let name = String(lower.dropFirst(5).trimmingQuerySpaces)
            guard let field = TaskQueryField(rawValue: name == "tag" ? "tags" : name) else {
                throw TaskQueryError(text, "cannot hide or show '\(name)' (expected \(TaskQueryField.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            if lower.hasPrefix("hide ") { query.hidden.insert(field) } else { query.hidden.remove(field) }
        } else {
            query.filters.append(try filter(text, instruction: text))
        }
    }

    // MARK: - Filters

    /// One filter: a simple one, or a boolean combination of parenthesised ones.
    func filter(_ text: String, instruction: String) throws(TaskQueryError) -> TaskFilter {
        if Self.isBooleanCombination(text) {
            var boolean = BooleanReader(tokens: try tokens(text, instruction: instruction), parser: self, instruction: instruction)
            let result = try boolean.binary()
            if boolean.index < boolean.tokens.count {
                throw TaskQueryError(instruction, "unexpected '\(boolean.tokens[boolean.index].text)' in a boolean combination")
            }
            return result
        }
        return try simpleFilter(text, instruction: instruction)
    }

    /// Whether a filter is a boolean combination: it starts with a delimiter (`(`, `[`, `{`, `"`),
    /// after any number of NOTs (`NOT NOT (done)`, `NOT(done)`).
    static func isBooleanCombination(_ text: String) -> Bool {
        var rest = text.trimmingQuerySpaces
        while rest.prefix(3).uppercased() == "NOT", let next = rest.dropFirst(3).first,
              next == " " || next == "\t" || delimiters[next] != nil {
            rest = rest.dropFirst(3).trimmingQuerySpaces
        }
        return rest.first.map { delimiters[$0] != nil } ?? false
    }

    /// The words of a text: each run of spaces and tabs separates two.
    static func words<S: StringProtocol>(_ text: S) -> [S.SubSequence] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }

    /// What follows `keywords` (words separated by single spaces, in lower case) at the start of
    /// `text`, compared ignoring case with any run of spaces and tabs between the words, without
    /// the white space after them; nil when the text does not start with them.
    static func rest(of text: Substring, after keywords: String) -> Substring? {
        var rest = text.trimmingQuerySpaces
        for keyword in keywords.split(separator: " ") {
            guard rest.prefix(keyword.count).lowercased() == keyword else { return nil }
            rest = rest.dropFirst(keyword.count)
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
            rest = rest.trimmingQuerySpaces
        }
        return rest
    }

    private func simpleFilter(_ text: String, instruction: String) throws(TaskQueryError) -> TaskFilter {
        let words = Self.words(text.lowercased()).map(String.init)
        // The filter's words with single spaces, for every filter but a text or regex value.
        let lower = words.joined(separator: " ")
        switch lower {
        case "done": return .done(true)
        case "not done": return .done(false)
        case "is recurring": return .recurring(true)
        case "is not recurring": return .recurring(false)
        case "has tags": return .hasTags(true)
        case "no tags": return .hasTags(false)
        default: break
        }
        // has|no FIELD date
        if words.count == 3, words[0] == "has" || words[0] == "no", words[2] == "date",
           let field = TaskDateField(filterWord: words[1]) {
            return .hasDate(field, words[0] == "has")
        }
        // status.type is [not] TYPE
        if let rest = lower.dropPrefix("status.type is ") {
            let negated = rest.hasPrefix("not ")
            let name = (negated ? rest.dropFirst(4) : Substring(rest)).trimmingQuerySpaces.uppercased()
            guard let type = TaskStatusType(rawValue: name) else {
                throw TaskQueryError(instruction, "unknown status type (expected TODO, IN_PROGRESS, DONE or CANCELLED)")
            }
            return .statusType(type, !negated)
        }
        // priority is [not|above|below] LEVEL
        if let rest = lower.dropPrefix("priority is ") {
            var comparison = TaskPriorityComparison.equal
            var level = Substring(rest)
            if let after = rest.dropPrefix("above ") { comparison = .above; level = Substring(after) }
            if let after = rest.dropPrefix("below ") { comparison = .below; level = Substring(after) }
            if let after = rest.dropPrefix("not ") { comparison = .notEqual; level = Substring(after) }
            let name = String(level.trimmingQuerySpaces)
            if name == "none" { return .priority(comparison, nil) }
            guard let priority = Priority(rawValue: name) else {
                throw TaskQueryError(instruction, "unknown priority (expected highest, high, medium, none, low or lowest)")
            }
            return .priority(comparison, priority)
        }
        // FIELD regex matches|does not match /…/
        if words.count >= 4, words[1] == "regex", let field = textField(words[0]) {
            let matches: Bool
            let patternText: Substring
            if let rest = Self.rest(of: Substring(text), after: words[0] + " regex matches") {
                matches = true
                patternText = rest
            } else if let rest = Self.rest(of: Substring(text), after: words[0] + " regex does not match") {
                matches = false
                patternText = rest
            } else {
                throw TaskQueryError(instruction, "expected 'regex matches /…/' or 'regex does not match /…/'")
            }
            do {
                return .regex(field, matches: matches, try TextPattern(slashed: String(patternText)))
            } catch {
                throw TaskQueryError(instruction, error.description)
            }
        }
        // tags include|do not include TAG; FIELD includes|does not include TEXT
        if words.count >= 3, let field = textField(words[0]) {
            let verbs: [(String, Bool)] = [("includes", true), ("include", true), ("does not include", false), ("do not include", false)]
            for (verb, include) in verbs {
                guard let rest = Self.rest(of: Substring(text), after: words[0] + " " + verb), !rest.isEmpty else { continue }
                let value = String(rest)
                return field == .tags ? .tags(include: include, value) : .text(field, include: include, value)
            }
        }
        // FIELD [RELATION] DATE
        if let field = words.first.flatMap(TaskDateField.init(filterWord:)), words.count >= 2, words[0] != "start" {
            let rest = String(lower.dropFirst(words[0].count).trimmingQuerySpaces)
            let relations: [(String, TaskDateRelation)] = [
                ("on or before ", .onOrBefore), ("on or after ", .onOrAfter), ("in or before ", .onOrBefore),
                ("in or after ", .onOrAfter), ("before ", .before), ("after ", .after), ("on ", .on), ("in ", .on),
            ]
            for (word, relation) in relations where rest.hasPrefix(word) {
                if let range = range(String(rest.dropFirst(word.count))) { return .date(field, relation, range) }
                // `due in 3 days`: the phrase itself starts with "in".
                if word == "in ", let range = range(rest) { return .date(field, .on, range) }
                throw TaskQueryError(instruction, "invalid date '\(rest.dropFirst(word.count))'")
            }
            if let range = range(rest) { return .date(field, .on, range) }
            throw TaskQueryError(instruction, "invalid date '\(rest)'")
        }
        throw TaskQueryError(instruction, "not supported (see 'todofmt help tasks')")
    }

    private func textField(_ word: String) -> TaskTextField? {
        switch word {
        case "description": .description
        case "path": .path
        case "filename": .filename
        case "folder": .folder
        case "root": .root
        case "heading": .heading
        case "tags", "tag": .tags
        default: nil
        }
    }

    // MARK: - Dates

    /// A query date: `YYYY-MM-DD`, two of them (a range), a numbered range (`2026`, `2026-12`,
    /// `2026-Q4`, `2026-W48`), `this|next|last week|month|quarter|year` (the calendar range, as in
    /// Obsidian Tasks), or a phrase ``DatePhrase`` resolves.
    func range(_ text: String) -> DayRange? {
        let words = text.lowercased().split(separator: " ")
        if words.count == 2, let start = Day(words[0]), let end = Day(words[1]) { return DayRange(start, end) }
        if words.count == 1, let numbered = Self.numberedRange(words[0]) { return numbered }
        if words.count == 2, let offset = ["last": -1, "this": 0, "next": 1][String(words[0])] {
            switch words[1] {
            case "week":
                guard let start = today.startOfWeek.adding(weeks: offset) else { return nil }
                return DayRange(start, start.endOfWeek)
            case "month":
                guard let first = Day(year: today.year, month: today.month, day: 1)?.adding(months: offset) else { return nil }
                return DayRange(first, first.endOfMonth)
            case "quarter":
                let firstMonth = (today.month - 1) / 3 * 3 + 1
                guard let first = Day(year: today.year, month: firstMonth, day: 1)?.adding(months: 3 * offset),
                      let last = first.adding(months: 2)?.endOfMonth else { return nil }
                return DayRange(first, last)
            case "year":
                let year = today.year + offset
                guard let first = Day(year: year, month: 1, day: 1), let last = Day(year: year, month: 12, day: 31) else { return nil }
                return DayRange(first, last)
            default:
                break
            }
        }
        return DatePhrase.resolve(text, today: today).map { DayRange($0) }
    }

    /// Obsidian Tasks' numbered ranges, in lower case: a year `2026`, a month `2026-12`, a quarter
    /// `2026-q4`, an ISO week `2026-w48` (Monday to Sunday; week 1 holds the year's first Thursday).
    static func numberedRange(_ text: Substring) -> DayRange? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts[0].count == 4, parts[0].allSatisfy({ ("0"..."9").contains($0) }), let year = Int(parts[0]) else { return nil }
        if parts.count == 1 {
            guard let first = Day(year: year, month: 1, day: 1), let last = Day(year: year, month: 12, day: 31) else { return nil }
            return DayRange(first, last)
        }
        guard parts.count == 2, parts[1].count >= 2, parts[1].count <= 3 else { return nil }
        let part = parts[1]
        let digits = part.first == "q" || part.first == "w" ? part.dropFirst() : part
        guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(digits) else { return nil }
        switch part.first {
        case "q":
            guard part.count == 2, (1...4).contains(number), let first = Day(year: year, month: 3 * number - 2, day: 1),
                  let last = first.adding(months: 2)?.endOfMonth else { return nil }
            return DayRange(first, last)
        case "w":
            // The week of 4 January is week 1; the week of 28 December is the year's last.
            guard part.count == 3, number >= 1, let january4 = Day(year: year, month: 1, day: 4),
                  let december28 = Day(year: year, month: 12, day: 28) else { return nil }
            let weeks = (december28.startOfWeek.daysSinceEpoch - january4.startOfWeek.daysSinceEpoch) / 7 + 1
            guard number <= weeks, let first = january4.startOfWeek.adding(weeks: number - 1) else { return nil }
            return DayRange(first, first.endOfWeek)
        default:
            guard part.count == 2, (1...12).contains(number), let first = Day(year: year, month: number, day: 1) else { return nil }
            return DayRange(first, first.endOfMonth)
        }
    }

    // MARK: - Boolean combinations

    struct Token {
        /// An operator word (AND, OR, XOR, NOT) or the text inside a pair of parentheses.
        var text: String
        var isOperand: Bool
    }

    /// The pairs of characters that delimit the filters of a boolean combination, as in Obsidian
    /// Tasks: one pair per line.
    static let delimiters: [Character: Character] = ["(": ")", "[": "]", "{": "}", "\"": "\""]

    /// `(a) AND NOT (b)` → operands and operator words. The first delimiter of the line is the
    /// one every filter of it is written in (`[a] OR [b]`, `"a" XOR "b"`).
    private func tokens(_ text: String, instruction: String) throws(TaskQueryError) -> [Token] {
        var tokens: [Token] = []
        let chars = Array(text)
        var open: Character?
        var i = 0
        while i < chars.count {
            if chars[i] == " " || chars[i] == "\t" { i += 1; continue }
            if open == nil, Self.delimiters[chars[i]] != nil { open = chars[i] }
            if let open, chars[i] == open, let close = Self.delimiters[open] {
                // Brackets nest; quotes do not.
                var j = i + 1
                var depth = 1
                while j < chars.count {
                    if chars[j] == close { depth -= 1 } else if chars[j] == open { depth += 1 }
                    if depth == 0 { break }
                    j += 1
                }
                guard j < chars.count else { throw TaskQueryError(instruction, "missing '\(close)'") }
                tokens.append(Token(text: String(chars[(i + 1)..<j]), isOperand: true))
                i = j + 1
                continue
            }
            var j = i
            while j < chars.count, chars[j] != " ", chars[j] != "\t", chars[j] != (open ?? "(") { j += 1 }
            // A word may not end at a delimiter before the first one fixes it: "NOT[".
            if open == nil, let end = chars[i..<j].firstIndex(where: { Self.delimiters[$0] != nil }) { j = end }
            let word = String(chars[i..<j])
            guard ["AND", "OR", "XOR", "NOT"].contains(word.uppercased()) else {
                throw TaskQueryError(instruction, "expected AND, OR, XOR or NOT between parenthesised filters, found '\(word)'")
            }
            tokens.append(Token(text: word.uppercased(), isOperand: false))
            i = j
        }
        return tokens
    }

    /// Precedence, loosest first: OR, AND, XOR, NOT (Obsidian Tasks evaluates NOT, then XOR, then
    /// AND, then OR).
    struct BooleanReader {
        let tokens: [Token]
        let parser: TaskQueryParser
        let instruction: String
        var index = 0

        mutating func take(_ word: String) -> Bool {
            guard index < tokens.count, !tokens[index].isOperand, tokens[index].text == word else { return false }
            index += 1
            return true
        }

        /// The binary operators, loosest first (declaration order): each one's operands are read at
        /// the next tighter level, the last one's by ``not()``.
        enum BinaryOperator: String, CaseIterable {
            case or = "OR", and = "AND", xor = "XOR"

            /// The filter that joins `left` and `right` with this operator.
            func join(_ left: TaskFilter, _ right: TaskFilter) -> TaskFilter {
                switch self {
                case .or: .or(left, right)
                case .xor: .xor(left, right)
                case .and: .and(left, right)
                }
            }
        }

        /// A left-associative chain of the binary operator at `level` of ``BinaryOperator``'s cases
        /// (the whole expression at level 0), or what ``not()`` reads past the last level.
        mutating func binary(level: Int = 0) throws(TaskQueryError) -> TaskFilter {
            let operators = BinaryOperator.allCases
            guard level < operators.count else { return try not() }
            let op = operators[level]
            var left = try binary(level: level + 1)
            while take(op.rawValue) { left = op.join(left, try binary(level: level + 1)) }
            return left
        }

        mutating func not() throws(TaskQueryError) -> TaskFilter {
            if take("NOT") { return .not(try not()) }
            guard index < tokens.count, tokens[index].isOperand else {
                throw TaskQueryError(instruction, "expected a parenthesised filter"
                                     + (index < tokens.count ? " before '\(tokens[index].text)'" : " at the end"))
            }
            let text = String(tokens[index].text.trimmingQuerySpaces)
            index += 1
            return try parser.filter(text, instruction: instruction)
        }
    }
}

extension String {
    /// The rest after `prefix`, or nil when the string does not start with it.
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
