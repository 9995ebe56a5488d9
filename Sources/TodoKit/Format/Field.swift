/// One metadata field read from a task line.
public struct Field: Hashable, Sendable {
    /// The value a field holds.
    public enum Value: Hashable, Sendable {
        /// A calendar day (every key but priority).
        case day(Day)
        /// A priority level.
        case priority(Priority)
    }

    /// What the field says.
    public var key: FieldKey
    /// The field's value.
    public var value: Value
    /// The spelling the field was read in.
    public var style: FieldStyle

    /// Creates a field.
    public init(key: FieldKey, value: Value, style: FieldStyle = .default) {
        self.key = key
        self.value = value
        self.style = style
    }

    /// The day, for a date field.
    public var day: Day? {
        if case .day(let d) = value { return d }
        return nil
    }

    /// The field written in `style`, e.g. `due:2026-12-01`, `📅 2026-12-01`, `[due:: 2026-12-01]`.
    public func written(in style: FieldStyle) -> String {
        var out = ByteWriter(capacity: 32)
        write(in: style, into: &out)
        return out.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the field written in `style` to `out`.
    func write(in style: FieldStyle, into out: inout ByteWriter) {
        switch style {
        case .plain:
            out.append(key.plainPrefix)
        case .emoji:
            if case .priority(let p) = value {
                out.append(p.emojiText)
                return
            }
            out.append(key.emojiPrefix)
        case .dataview:
            out.append(key.dataviewPrefix)
        }
        switch value {
        case .day(let d): d.write(into: &out)
        case .priority(let p): out.append(p.word)
        }
        if style == .dataview { out.append(UInt8(ascii: "]")) }
    }
}
