/// How the formatter spells metadata fields when it writes them.
public enum FieldStyle: String, CaseIterable, Sendable {
    /// `due:2026-12-01`, `priority:high`.
    case plain
    /// Obsidian Tasks' emoji: `📅 2026-12-01`, `⏫`.
    case emoji
    /// Dataview inline fields: `[due:: 2026-12-01]`, `[priority:: high]`.
    case dataview

    /// The style used when nothing else is configured.
    public static let `default` = FieldStyle.plain

    /// How many spaces stand before each field written in this style: two before Dataview fields,
    /// as Obsidian Tasks writes them (a display workaround in Obsidian), so that the two tools agree
    /// on the line; one otherwise.
    var spacesBeforeField: Int { self == .dataview ? 2 : 1 }
}
