#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the configuration that applies to each file, reading every configuration file once.
///
/// Discovery walks up from the directory of a file (from a directory itself when the path names
/// one) and takes the first `.todofmt.json` it finds; files further up are not read, and nothing
/// is merged. The walk stops after a directory that holds `.git` (a file or a directory: the
/// repository root), and outside a repository at `/`; with no file found the defaults apply.
/// Relative paths are resolved against the current directory, lexically (`..` removes the
/// previous name, as in the path as written; links are not resolved). A path need not exist.
///
/// Answers are cached per directory, so asking for thousands of files reads each directory's
/// entries once. Safe to use from several threads.
public final class ConfigurationResolver: @unchecked Sendable {
    /// What applies in one directory: a configuration (with the absolute directory holding its
    /// file, which its patterns are relative to) or the error reading it.
    private struct Entry {
        var result: Loaded
        var base: String?
    }

    /// A configuration or the error reading it. Not `Result`: a generic type's metadata is built
    /// at run time on first use, with a scan of every protocol conformance in the program for
    /// `Failure: Error`, which cost a run on one small file 2.5% of its instructions.
    private enum Loaded {
        case success(Configuration)
        case failure(ConfigurationError)

        /// The configuration, or the error thrown.
        func get() throws(ConfigurationError) -> Configuration {
            switch self {
            case .success(let configuration): configuration
            case .failure(let error): throw error
            }
        }
    }

    /// `nil` when configuration files are discovered.
    private let fixed: Entry?
    /// The absolute current directory, without a final `/`.
    private let currentDirectory: String
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Guarded by `mutex`: what applies in each absolute directory asked about so far, in a
    /// short list while there are at most ``listedDirectories`` (a run on a few files then builds
    /// no dictionary, whose generic metadata and `String: Hashable` lookup cost a run on one small
    /// file 4% of its instructions), then in ``cache``.
    private var listed: [(directory: String, entry: Entry)] = []
    /// Guarded by `mutex`: what applies in each directory, once more than ``listedDirectories``
    /// were asked about (it then holds all of them, and ``listed`` is empty).
    private var cache: [String: Entry] = [:]
    /// How many directories ``listed`` holds before they move to ``cache``.
    private static let listedDirectories = 16

    /// A resolver that discovers configuration files.
    /// - Parameter currentDirectory: What relative paths are relative to; `nil` for the process's
    ///   current directory.
    public init(currentDirectory: String? = nil) {
        fixed = nil
        self.currentDirectory = Self.normalized(currentDirectory ?? Self.processDirectory(), in: "/")
        pthread_mutex_init(mutex, nil)
    }

    /// A resolver that applies one configuration to every file and reads no configuration file
    /// (`--config FILE`, or `--no-config` with ``Configuration/default``).
    /// - Parameters:
    ///   - configuration: What applies everywhere; its patterns are relative to the directory of its
    ///     ``Configuration/file`` (with no file, paths are matched without their leading `/`).
    ///   - currentDirectory: What relative paths are relative to; `nil` for the process's current
    ///     directory.
    public init(fixed configuration: Configuration, currentDirectory: String? = nil) {
        let current = Self.normalized(currentDirectory ?? Self.processDirectory(), in: "/")
        self.currentDirectory = current
        fixed = Entry(result: .success(configuration),
                      base: configuration.file.map { Self.parent(of: Self.normalized($0, in: current)) })
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The configuration that applies to the file (or directory) at `path`.
    /// - Parameter path: A file or directory, absolute or relative to the current directory; it
    ///   need not exist.
    /// - Returns: The nearest configuration file's settings, or ``Configuration/default`` when the
    ///   walk up finds none.
    /// - Throws: ``ConfigurationError`` when the configuration file that applies cannot be read or
    ///   is not valid.
    public func configuration(for path: String) throws(ConfigurationError) -> Configuration {
        let file = absolute(path)
        return try entry(startingAt: Self.isDirectory(file) ? file : Self.parent(of: file)).result.get()
    }

    /// Whether a directory walk includes the file at `path`. Paths given on the command line are
    /// processed whatever this says.
    /// - Parameter path: A file, absolute or relative to the current directory.
    /// - Returns: `true` when the configuration that applies to it includes it (by its path relative
    ///   to the configuration file's directory) and does not exclude it.
    /// - Throws: ``ConfigurationError`` when the configuration file that applies cannot be read or
    ///   is not valid.
    public func walkIncludes(_ path: String) throws(ConfigurationError) -> Bool {
        let file = absolute(path)
        let entry = entry(startingAt: Self.parent(of: file))
        return try entry.result.get().includes(relativePath: Self.relative(file, to: entry.base))
    }

    /// Whether the configuration that applies to the file at `path` excludes it.
    /// - Parameter path: A file, absolute or relative to the current directory.
    /// - Returns: `true` when an `exclude` pattern matches the file or a directory above it (by its
    ///   path relative to the configuration file's directory).
    /// - Throws: ``ConfigurationError`` when the configuration file that applies cannot be read or
    ///   is not valid.
    public func excludes(_ path: String) throws(ConfigurationError) -> Bool {
        let file = absolute(path)
        let entry = entry(startingAt: Self.parent(of: file))
        return try entry.result.get().excludes(relativePath: Self.relative(file, to: entry.base), isDirectory: false)
    }

    /// Whether a directory walk enters the directory at `path`.
    /// - Parameter path: A directory, absolute or relative to the current directory.
    /// - Returns: `true` unless the configuration that applies to the files beside it excludes it
    ///   or a directory above it.
    /// - Throws: ``ConfigurationError`` when that configuration file cannot be read or is not valid.
    public func walkEnters(_ path: String) throws(ConfigurationError) -> Bool {
        let directory = absolute(path)
        let entry = entry(startingAt: Self.parent(of: directory))
        return try !entry.result.get().excludes(relativePath: Self.relative(directory, to: entry.base), isDirectory: true)
    }

    /// `path` relative to `base` when it is below it, else without its leading `/` (so that
    /// patterns without a `/` still match its name).
    private static func relative(_ path: String, to base: String?) -> String {
        if let base, base != "/", path.hasPrefix(base + "/") { return String(path.dropFirst(base.count + 1)) }
        return String(path.dropFirst())
    }

    // MARK: - Discovery

    private func absolute(_ path: String) -> String {
        Self.normalized(path, in: currentDirectory)
    }

    /// What applies in `start` (absolute, normalized), found by walking up from it.
    private func entry(startingAt start: String) -> Entry {
        if let fixed { return fixed }
        var info = stat()
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        var visited: [String] = []
        var directory = start
        let found: Entry
        while true {
            if let cached = cached(directory) {
                found = cached
                break
            }
            visited.append(directory)
            let candidate = Self.join(directory, Configuration.fileName)
            if lstat(candidate, &info) == 0 {
                found = Entry(result: Self.load(candidate, named: display(candidate)), base: directory)
                break
            }
            if directory == "/" || lstat(Self.join(directory, ".git"), &info) == 0 {
                found = Entry(result: .success(.default), base: nil)
                break
            }
            directory = Self.parent(of: directory)
        }
        for directory in visited { remember(found, for: directory) }
        return found
    }

    /// What is known to apply in `directory`; the caller holds `mutex`.
    private func cached(_ directory: String) -> Entry? {
        guard cache.isEmpty else { return cache[directory] }
        return listed.first { $0.directory == directory }?.entry
    }

    /// Records what applies in `directory`; the caller holds `mutex`.
    private func remember(_ entry: Entry, for directory: String) {
        if cache.isEmpty && listed.count < Self.listedDirectories {
            listed.append((directory, entry))
            return
        }
        for (listedDirectory, listedEntry) in listed { cache[listedDirectory] = listedEntry }
        listed = []
        cache[directory] = entry
    }

    private static func load(_ path: String, named name: String) -> Loaded {
        do {
            return .success(try Configuration(contentsOf: path, named: name))
        } catch {
            return .failure(error)
        }
    }

    /// How a configuration file is named in messages: relative to the current directory when it
    /// is below it, else absolute.
    private func display(_ path: String) -> String {
        if currentDirectory == "/" { return String(path.dropFirst()) }
        if path.hasPrefix(currentDirectory + "/") { return String(path.dropFirst(currentDirectory.count + 1)) }
        return path
    }

    // MARK: - Paths

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The process's current directory (`/` when it cannot be found).
    package static func processDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `path` made absolute against `directory` (absolute and normalized), with `.`, `..`, empty
    /// names and a final `/` removed.
    package static func normalized(_ path: String, in directory: String) -> String {
        if let ascii = asciiNormalized(path, in: directory) { return ascii }
        var names: [Substring] = path.hasPrefix("/") ? [] : directory.split(separator: "/")
        for name in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch name {
            case ".": continue
            case "..": if !names.isEmpty { names.removeLast() }
            default: names.append(name)
            }
        }
        return "/" + names.joined(separator: "/")
    }

    /// ``normalized(_:in:)`` of ASCII text (a walk calls it for every file), on bytes: there each
    /// byte is a character. Nil when either string is not ASCII.
    private static func asciiNormalized(_ path: String, in directory: String) -> String? {
        var path = path, directory = directory
        return path.withUTF8 { path in
            directory.withUTF8 { directory -> String? in
                var out: [UInt8] = []
                out.reserveCapacity(directory.count + path.count + 1)
                // Where each name's `/` stands in `out`, so that `..` can take the last name off.
                var starts: [Int] = []
                func names(_ bytes: UnsafeBufferPointer<UInt8>, interpreted: Bool) -> Bool {
                    var i = 0
                    while i < bytes.count {
                        guard bytes[i] < 0x80 else { return false }
                        if bytes[i] == UInt8(ascii: "/") {
                            i += 1
                            continue
                        }
                        var j = i
                        while j < bytes.count && bytes[j] != UInt8(ascii: "/") {
                            guard bytes[j] < 0x80 else { return false }
                            j += 1
                        }
                        let length = j - i
                        if interpreted && length == 1 && bytes[i] == UInt8(ascii: ".") {
                            // `.`: nothing
                        } else if interpreted && length == 2 && bytes[i] == UInt8(ascii: ".") && bytes[i + 1] == UInt8(ascii: ".") {
                            if let last = starts.popLast() { out.removeSubrange(last...) }
                        } else {
                            starts.append(out.count)
                            out.append(UInt8(ascii: "/"))
                            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<j]))
                        }
                        i = j
                    }
                    return true
                }
                if path.first != UInt8(ascii: "/") {
                    guard names(directory, interpreted: false) else { return nil }
                }
                guard names(path, interpreted: true) else { return nil }
                if out.isEmpty { return "/" }
                return String(decoding: out, as: UTF8.self)
            }
        }
    }

    /// The directory holding `path` (absolute, normalized); `/` for `/`.
    package static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/" + name : directory + "/" + name
    }
}

extension ConfigurationResolver: TodoFileSelection {
    /// Whether a walk takes the file: ``walkIncludes(_:)``, without throwing.
    /// - Parameters:
    ///   - path: The file, absolute or relative to the current directory.
    ///   - relativePath: The file's path relative to the walked directory, used when the
    ///     configuration file that applies cannot be read or is not valid.
    /// - Returns: What ``walkIncludes(_:)`` answers; under a configuration file that cannot be used,
    ///   whether `relativePath` has a default todo file name, so that processing the file reports
    ///   the configuration's error.
    public func includesFile(at path: String, relativePath: String) -> Bool {
        do {
            return try walkIncludes(path)
        } catch {
            return Configuration.default.includes(relativePath: relativePath)
        }
    }

    /// Whether a walk enters the directory: ``walkEnters(_:)``, without throwing.
    /// - Parameters:
    ///   - path: The directory, absolute or relative to the current directory.
    ///   - relativePath: The directory's path relative to the walked directory; unused (the
    ///     protocol ``TodoFileSelection`` passes it).
    /// - Returns: What ``walkEnters(_:)`` answers; `true` under a configuration file that cannot be
    ///   used.
    public func entersDirectory(at path: String, relativePath: String) -> Bool {
        (try? walkEnters(path)) ?? true
    }
}
