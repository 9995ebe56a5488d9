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

    /// What became of the file, for ``formatInPlace(_:at:)``.
    public enum Effect: Equatable, Sendable {
        /// The content is canonical already; nothing was written.
        case unchanged
        /// The file now holds the formatted content.
        case written
        /// The file was saved again since it was read; the formatted content was not written.
        case changedMeanwhile
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

    /// Formats `original`, what the file at `path` was read to hold, and replaces the file with
    /// the result if that differs and the file still holds `original`, as
    /// ``format(_:at:beforeWriting:)`` does, for a caller that does not need the formatted bytes:
    /// a large document is written a stretch at a time as the stretches are formatted (each one
    /// verified first), without being gathered.
    /// - Parameters:
    ///   - original: The file's content as read.
    ///   - path: The file.
    /// - Returns: What became of the file.
    /// - Throws: ``Failure/document(_:)`` before the file is touched, ``Failure/file(_:)`` when
    ///   the write fails (the file is unchanged).
    public func formatInPlace(_ original: [UInt8], at path: String) throws(Failure) -> Effect {
        try formatInPlace(original, at: path, minimumBytes: DocumentStretches.minimumBytes)
    }

    /// ``formatInPlace(_:at:)`` in stretches of at least `minimumBytes` (tests choose smaller ones).
    func formatInPlace(_ original: [UInt8], at path: String, minimumBytes: Int) throws(Failure) -> Effect {
        var replacement: AtomicFile.Replacement?
        var failure: FileError?
        let stretches = formatter.formatInStretches(original, minimumBytes: minimumBytes, gathered: false) { piece in
            do throws(FileError) {
                // Created with the first piece: a file that stays as it is is not touched.
                if replacement == nil { replacement = try AtomicFile.Replacement(path) }
                try replacement!.append(piece)
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw .file(failure) }
        switch stretches {
        case .unchanged:
            return .unchanged
        case .changed:
            do {
                return try replacement!.commit(ifStill: original) ? .written : .changedMeanwhile
            } catch {
                throw .file(error)
            }
        case .notCut:
            // What was written of the stretches goes (the temporary file is removed).
            replacement = nil
            switch try format(original, at: path) {
            case .unchanged: return .unchanged
            case .written: return .written
            case .changedMeanwhile: return .changedMeanwhile
            }
        }
    }
}
