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
}
