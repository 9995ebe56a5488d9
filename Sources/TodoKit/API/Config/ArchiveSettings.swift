/// The `"archive"` object of `.todofmt.json`: what `todofmt archive` does by default.
public struct ArchiveSettings: Hashable, Sendable {
    /// Only tasks completed more than this many days ago move (0: every completed task).
    public var olderThanDays = 0
    /// The archive file, relative to the directory of the todo file it archives; nil: `done.md`.
    public var to: String?
    /// A heading of the todo file itself to move completed tasks under, instead of an archive file.
    public var section: String?

    /// The defaults: every completed task, to `done.md` beside its file.
    public init() {}
}
