/// A task field found in rendered text: canonical key (`done` for Dataview's `completion`) and value.
struct RenderedField: Hashable, Sendable {
    /// `priority`, `created`, `start`, `scheduled`, `due`, `cancelled` or `done` (or `block` for a
    /// block id, the `^id` as its value).
    let key: String
    /// `YYYY-MM-DD`, or a priority level.
    let value: String
}
