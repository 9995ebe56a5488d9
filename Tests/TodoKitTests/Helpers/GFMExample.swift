/// One example of the GFM spec as stored in `../shared/gfm-spec/*.json`.
struct GFMExample: Decodable, Sendable {
    /// The example's number within its file.
    let number: Int
    /// The spec section it belongs to.
    let section: String
    /// The Markdown input.
    let markdown: String
    /// The HTML the spec expects.
    let html: String

    /// Whether the expected rendering holds a task-list checkbox.
    var rendersCheckbox: Bool { html.contains("type=\"checkbox\"") }
}
