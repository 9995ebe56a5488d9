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
    /// Of those, the tasks an interrupted run of the same move had copied into the archive
    /// already (its record given to the plan): removed from the file, not copied again.
    public let alreadyArchived: Int
    /// Of those, copied now, the tasks that an interrupted run may have copied already: its record
    /// was given, but the todo file has changed since, so the archive's copies may be of other
    /// tasks with the same lines. Copied again rather than risk losing one; worth a warning.
    public let possibleDuplicates: Int
    /// The archive without the copies counted in ``alreadyArchived``: what it held before the
    /// interrupted run, as far as this move goes. The undo journal's "before" of the archive, so
    /// that undoing the move takes it back whole. Nil when archiving into a section.
    public let archiveBeforeMove: [UInt8]?
    /// The move, to record (``PendingArchives/record(_:from:to:)``) before the archive is written
    /// and to remove once the todo file is; nil when nothing moves or the destination is a section.
    public let pending: PendingArchive?
}
