// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "todofmt",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TodoKit", targets: ["TodoKit"]),
        .library(name: "TodoLanguageServer", targets: ["TodoLanguageServer"]),
        .executable(name: "todofmt", targets: ["todofmt"]),
    ],
    targets: [
        // All logic: the format (parser, formatter, verifier), the model (TodoStore), the watcher,
        // the linter, configuration and file discovery.
        .target(name: "TodoKit", dependencies: ["SystemCalls"]),
        // Linux calls that Swift's Glibc module does not declare (renameat2, sync_file_range,
        // thread affinity).
        .target(name: "SystemCalls"),
        // The language server (`todofmt lsp`): the protocol over TodoKit's formatter, linter and model.
        .target(name: "TodoLanguageServer", dependencies: ["TodoKit"]),
        // Thin command-line front end: arguments, I/O, exit codes.
        .executableTarget(name: "todofmt", dependencies: ["TodoKit", "TodoLanguageServer"]),
        // TodoStore's operations timed in-process (`make bench`, issue 13); not part of the shipped product.
        .executableTarget(name: "todofmt-store-bench", dependencies: ["TodoKit"], path: "Benchmarks/StoreBench"),
        // What both test targets need: running a child process and capturing its output.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TodoKitTests", dependencies: ["TodoKit", "TestSupport"]),
        // The language server driven in-process, message by message.
        .testTarget(name: "TodoLanguageServerTests", dependencies: ["TodoLanguageServer", "TodoKit", "TestSupport"]),
        // End-to-end tests: run the built `todofmt` binary as a real process.
        .testTarget(name: "todofmtTests", dependencies: ["todofmt", "TestSupport"],
                    // Scripts the editor tests hand to real editors.
                    exclude: ["Editors"]),
    ],
    swiftLanguageModes: [.v6]
)
