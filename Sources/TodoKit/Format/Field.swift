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
        let valueText: String
        switch value {
        case .day(let d): valueText = d.description
        case .priority(let p): valueText = p.rawValue
        }
        switch style {
        case .plain:
            return "\(key.rawValue):\(valueText)"
        case .emoji:
            if case .priority(let p) = value { return p.emoji }
            return "\(key.emoji) \(valueText)"
        case .dataview:
            return "[\(key.dataviewName):: \(valueText)]"
        }
    }
}
