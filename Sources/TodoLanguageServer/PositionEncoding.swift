/// How the `character` of an LSP position counts: in UTF-16 code units (the protocol's default)
/// or in UTF-8 bytes (when the client offers it at `initialize`).
enum PositionEncoding: String, Sendable {
    /// `utf-16`: a character outside the Basic Multilingual Plane (most emoji) counts 2.
    case utf16 = "utf-16"
    /// `utf-8`: every byte counts 1.
    case utf8 = "utf-8"
}
