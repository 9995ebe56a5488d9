/// Formats what a todo file held and puts the result in its place: the one read → format →
/// write-if-unchanged step that formatting in place, `lint --fix` and `watch` share.
///
/// The file is replaced only when formatting changes it, and only if it still holds what was read
/// (``AtomicFile/write(_:to:ifStill:)``): a save that lands meanwhile wins and is left alone.
public struct FileFormatter: Sendable {
    /// What became of the file.
    public enum Outcome: Equatable, Sendable {
        /// The content is canonical already; nothing was written.
        case unchanged
        /// The file now holds these formatted bytes.
        case written([UInt8])
        /// The file was saved again since it was read; these formatted bytes were not written.
        case changedMeanwhile([UInt8])
    }

    /// Why the file was not formatted.
    public enum Failure: Error, Equatable, Sendable {
        /// The content is not a document that can be formatted; nothing was written.
        case document(TodoError)
        /// The file could not be read or written; it is unchanged.
        case file(FileError)
    }

    /// The formatter applied to the content.
    public let formatter: TodoFormatter

    /// A file formatter with `formatter`.
    /// - Parameter formatter: How the content is formatted.
    public init(formatter: TodoFormatter) {
        self.formatter = formatter
    }

    /// Formats `original`, what the file at `path` was read to hold, and replaces the file with
    /// the result if that differs and the file still holds `original`.
    /// - Parameters:
    ///   - original: The file's content as read.
    ///   - path: The file.
    ///   - beforeWriting: Called with the formatted bytes just before they are written (a watcher
    ///     is told to expect them, so that the write is not taken for a save).
    /// - Returns: Whether the file was written.
    /// - Throws: ``Failure/document(_:)`` before anything is written, ``Failure/file(_:)`` when
    ///   the write fails (the file is unchanged).
    public func format(_ original: [UInt8], at path: String,
                       beforeWriting: ([UInt8]) -> Void = { _ in }) throws(Failure) -> Outcome {
        let formatted: [UInt8]
        do {
            formatted = try formatter.format(utf8: original)
        } catch {
            throw .document(error)
        }
        guard formatted != original else { return .unchanged }
        beforeWriting(formatted)
        do {
            return try AtomicFile.write(formatted, to: path, ifStill: original) ? .written(formatted)
                : .changedMeanwhile(formatted)
        } catch {
            throw .file(error)
        }
    }
}
