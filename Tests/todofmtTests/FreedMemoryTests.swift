#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import todofmt

/// After ``FreedMemory/keepForReuse()``, a block larger than glibc's largest default threshold for
/// mappings of their own (32 MB) comes from a heap, where freeing it keeps it for reuse: it is no
/// longer a mapping of its own, which freeing would give back to the kernel.
final class FreedMemoryTests: XCTestCase {
    /// Whether `pointer` is the start of a mapping's first chunk, as glibc places a block it maps
    /// alone (its 16-byte header at the mapping's start).
    private func startsItsOwnMapping(_ pointer: UnsafeMutableRawPointer) throws -> Bool {
        let header = UInt(bitPattern: pointer) - 16
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        return maps.split(separator: "\n").contains { line in
            UInt(line.prefix { $0 != "-" }, radix: 16) == header
        }
    }

    func testLargeBlocksComeFromAHeapOnceFreedMemoryIsKept() throws {
        #if canImport(Glibc)
        let size = 48 << 20
        // The default first: the test's premise (glibc maps a block this large alone).
        let before = try XCTUnwrap(malloc(size))
        let mappedAlone = try startsItsOwnMapping(before)
        free(before)
        guard mappedAlone else { throw XCTSkip("this C library does not map large blocks alone") }
        FreedMemory.keepForReuse()
        let after = try XCTUnwrap(malloc(size))
        defer { free(after) }
        XCTAssertFalse(try startsItsOwnMapping(after), "a 48 MB block is still a mapping of its own")
        #else
        throw XCTSkip("glibc only")
        #endif
    }
}
