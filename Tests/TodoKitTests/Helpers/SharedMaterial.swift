import Foundation
import XCTest

/// Locates the team material in `../shared` beside the package root; tests skip when it is absent.
enum SharedMaterial {
    /// The package root, found from this file's place in `Tests/TodoKitTests/Helpers/`; tests find
    /// the repository's files (fixtures, docs, scripts) from here.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Helpers
        .deletingLastPathComponent() // TodoKitTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    /// `../shared` relative to the package root.
    static let root: URL = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")

    /// A directory under `../shared`, or an `XCTSkip` when it is not there.
    static func directory(_ name: String) throws -> URL {
        let url = root.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw XCTSkip("\(url.path) is absent")
        }
        return url
    }

    /// The corpus files (`../shared/corpus/*.md`) sorted by name.
    static func corpusFiles() throws -> [URL] {
        let directory = try directory("corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".md") && $0 != "README.md" }
            .sorted()
        return names.map { directory.appendingPathComponent($0) }
    }

    /// `n_task_items` per file name from `../shared/corpus/FILES.tsv`.
    static func corpusTaskCounts() throws -> [String: Int] {
        let url = try directory("corpus").appendingPathComponent("FILES.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count >= 2, let count = Int(columns[1]) else { continue }
            counts[String(columns[0])] = count
        }
        return counts
    }

    /// The examples of one JSON file in `../shared/gfm-spec/`.
    static func gfmExamples(_ fileName: String) throws -> [GFMExample] {
        let url = try directory("gfm-spec").appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { throw XCTSkip("\(url.path) is absent") }
        return try JSONDecoder().decode([GFMExample].self, from: Data(contentsOf: url))
    }

    /// The bytes of a file.
    static func bytes(of url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }
}
