/// One metadata field read from a task line.
public struct Field: Hashable, Sendable {
    /// The value a field holds.
    public enum Value: Hashable, Sendable {
        /// A calendar day (the date keys).
        case day(Day)
        /// A priority level.
        case priority(Priority)
        /// A recurrence rule.
        case recurrence(RecurrenceRule)
        /// What happens on completion.
        case onCompletion(OnCompletion)
        /// An id, or for ``FieldKey/dependsOn`` ids separated by commas (no spaces).
        case text(String)
        /// A date key's value typed as a phrase relative to today (`tomorrow`, `next week`,
        /// `in-3-days`), as written; the formatter writes the day it names (``DatePhrase``).
        case relative(String)
    }

    /// What the field says.
    public var key: FieldKey
    /// The field's value.
    public var value: Value
    /// The spelling the field was read in.
    public var style: FieldStyle

    /// Creates a field.
    /// - Parameters:
    ///   - key: What the field says.
    ///   - value: The field's value; it should be of the kind `key` takes.
    ///   - style: The spelling the field was read in.
    public init(key: FieldKey, value: Value, style: FieldStyle = .default) {
        self.key = key
        self.value = value
        self.style = style
    }

    /// The day, for a date field holding one.
    public var day: Day? {
        if case .day(let d) = value { return d }
        return nil
    }

    /// The field with a relative date replaced by the day it names.
    /// - Parameter today: The day the phrase counts from.
    /// - Returns: The field with a ``Value/day(_:)`` value; the field unchanged when its value is not
    ///   ``Value/relative(_:)`` or the phrase names no day in years 1...9999.
    public func resolved(today: Day) -> Field {
        guard case .relative(let phrase) = value, let day = DatePhrase.resolve(phrase, today: today) else { return self }
        return Field(key: key, value: .day(day), style: style)
    }

    /// The field written in a style.
    /// - Parameter style: The spelling to write.
    /// - Returns: The field's text, e.g. `due:2026-12-01`, `📅 2026-12-01` or `[due:: 2026-12-01]`.
    public func written(in style: FieldStyle) -> String {
        var out = ByteWriter(capacity: 32)
        write(in: style, into: &out)
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the spelling of `key` in `style` up to its value (`due:`, `📅 `, `[due:: `).
    @inline(__always) static func appendPrefix(of key: FieldKey, in style: FieldStyle, into out: inout ByteWriter) {
        switch style {
        case .plain: out.append(key.plainPrefix)
        case .emoji: out.append(key.emojiPrefix)
        case .dataview: out.append(key.dataviewPrefix)
        }
    }

    /// Appends the field written in `style` to `out`.
    func write(in style: FieldStyle, into out: inout ByteWriter) {
        if style == .emoji, case .priority(let p) = value {
            out.append(p.emojiText)
            return
        }
        Field.appendPrefix(of: key, in: style, into: &out)
        switch value {
        case .day(let d): d.write(into: &out)
        case .priority(let p): out.append(p.word)
        case .recurrence(let rule): out.append(contentsOf: style == .plain ? rule.plainValue : rule.phrase)
        case .onCompletion(let action): out.append(contentsOf: action.rawValue)
        case .text(let text): out.append(contentsOf: text)
        case .relative(let phrase): out.append(contentsOf: style == .plain ? DatePhrase.plainSpelling(phrase) ?? phrase : phrase)
        }
        if style == .dataview { out.append(UInt8(ascii: "]")) }
    }
}
