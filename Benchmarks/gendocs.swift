// Writes the test suite's generated documents to a directory, for `bench.py compare`, which formats
// them with both binaries (OUT/gendocs). Odd cases have inline directives mixed in.
//
//   swiftc -O -parse-as-library Benchmarks/gendocs.swift Tests/TodoKitTests/Helpers/DocumentGenerator.swift \
//       Tests/TodoKitTests/Helpers/SplitMix64.swift -o .build/gendocs
//   mkdir -p .build/bench/gendocs && .build/gendocs .build/bench/gendocs 20000
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entry point: `gendocs DIRECTORY COUNT`.
@main
struct GenerateDocuments {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let count = Int(arguments[2]) else {
            fputs("usage: gendocs DIRECTORY COUNT\n", stderr)
            exit(2)
        }
        for index in 0..<count {
            let bytes = DocumentGenerator.document(seed: 20_261_121 + UInt64(index), directives: index % 2 == 1)
            let path = arguments[1] + "/doc-" + String(100_000 + index) + ".md"
            guard let file = fopen(path, "wb") else {
                fputs("gendocs: \(path): cannot create\n", stderr)
                exit(2)
            }
            let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
            if written != bytes.count {
                fputs("gendocs: \(path): cannot write\n", stderr)
                exit(2)
            }
        }
    }
}
