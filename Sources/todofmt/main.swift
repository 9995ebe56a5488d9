import TodoKit
#if canImport(Glibc)
import Glibc
#endif
// Temporary development front end (replaced by the real CLI).
var input: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 65536)
while true { let n = read(0, &chunk, chunk.count); if n <= 0 { break }; input += chunk[0..<n] }
var options = FormatOptions(today: Day("2026-11-21")!)
if CommandLine.arguments.contains("--emoji") { options.fieldStyle = .emoji }
do {
    let out = try TodoFormatter(options: options).format(utf8: input)
    _ = out.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
} catch { let m = Array("todofmt: \(error)\n".utf8); _ = m.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }; exit(2) }
