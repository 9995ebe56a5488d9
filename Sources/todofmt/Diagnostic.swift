import TodoKit

/// One problem of a run as a value: what it is about and the underlying error. Runners collect
/// diagnostics; ``message`` is the one place their text is made, and ``Console/report(_:)`` the
/// one place it is printed (`todofmt: MESSAGE` on standard error).
struct Diagnostic: Error, Sendable, Equatable {
    /// What went wrong.
    enum Problem: Sendable, Equatable {
        /// A file could not be read or written.
        case file(FileError)
        /// The bytes are not a document todofmt can read (not UTF-8, binary).
        case document(TodoError)
        /// A configuration file cannot be used; its message names the file.
        case configuration(ConfigurationError)
        /// A ``TodoStore`` operation failed; its message names the file when it is about one.
        case store(TodoStoreError)
        /// Someone saved the file while todofmt was working on it (`"it was being formatted"`,
        /// `"archiving"`); their save is kept.
        case changedMeanwhile(while: String)
        /// A query given to `tasks` that cannot be run.
        case query(TaskQueryError)
        /// Standard output could not be written.
        case standardOutput(FileError)
        /// Anything else, as one lowercase line.
        case other(String)
    }

    /// The input or path it is about, printed first (`todos.md: no such file`); nil when the
    /// problem names its file itself or is about no file.
    var subject: String?
    /// What went wrong.
    var problem: Problem
    /// What followed from it, each after `; ` (`nothing was written`, `done.md was restored`).
    var notes: [String]

    /// A diagnostic about `subject`.
    /// - Parameters:
    ///   - subject: The input's name or path, or nil.
    ///   - problem: What went wrong.
    ///   - notes: What followed from it.
    init(_ subject: String?, _ problem: Problem, notes: [String] = []) {
        self.subject = subject
        self.problem = problem
        self.notes = notes
    }

    /// A diagnostic about `subject` for a file that could not be formatted in place.
    /// - Parameters:
    ///   - subject: The input's name or path.
    ///   - failure: Why it was not formatted.
    init(_ subject: String, formatting failure: FileFormatter.Failure) {
        switch failure {
        case .document(let error): self.init(subject, Problem.document(error))
        case .file(let error): self.init(subject, Problem.file(error))
        }
    }

    /// A diagnostic about `subject` for an error of TodoKit, as the store and the configuration
    /// throw them untyped. A configuration error names its own file, and is about that file rather
    /// than `subject` (`.todofmt.json:3:3: …`, as format and lint print it).
    /// - Parameters:
    ///   - subject: The path it is about, or nil.
    ///   - error: What was thrown.
    init(_ subject: String?, error: any Error) {
        switch error {
        case let error as TodoStoreError: self.init(subject, .store(error))
        case let error as ConfigurationError: self.init(nil, .configuration(error))
        case let error as FileError: self.init(subject, .file(error))
        case let error as TodoError: self.init(subject, .document(error))
        default: self.init(subject, .other("\(error)"))
        }
    }

    /// The one-line message, without the `todofmt: ` prefix.
    var message: String {
        let text: String
        switch problem {
        case .file(let error): text = error.description
        case .document(let error): text = error.description
        case .configuration(let error): text = error.description
        case .store(let error): text = error.description
        case .changedMeanwhile(let activity): text = "changed while \(activity)"
        case .query(let error): text = error.description
        case .standardOutput(let error): text = "cannot write standard output: \(error)"
        case .other(let line): text = line
        }
        let noted = ([text] + notes).joined(separator: "; ")
        // A storage error that names its file is not prefixed with the file a second time.
        if case .store(.storage(path: _?, _)) = problem { return noted }
        return subject.map { "\($0): \(noted)" } ?? noted
    }
}
