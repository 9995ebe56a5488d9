/// What archiving one todo file comes to: the new bytes of the file and of the archive, and how
/// many tasks moved.
public struct ArchivePlan: Hashable, Sendable {
    /// The todo file without the archived tasks (with them under the archive section, for
    /// ``TaskArchiver/Destination/section(_:)``).
    public let source: [UInt8]
    /// The archive file's new bytes; nil when archiving into a section of the file itself.
    public let archive: [UInt8]?
    /// The tasks taken out of their lists (each with its subtasks).
    public let moved: Int
    /// Of those, the tasks the archive already held under their heading (a rerun after a crash
    /// between the two writes): removed from the file, not copied again.
    public let alreadyArchived: Int
}
