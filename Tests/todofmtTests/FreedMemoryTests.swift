#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import todofmt

/// ``FreedMemory/shareAndReuse()`` reaches glibc's `mallopt` (declared by name, so that the static
/// executable binds it too), glibc takes the settings, and they do what the runs count on: a block
/// of a stretch's size comes from the heap, where it is reused once freed, instead of a mapping of
/// its own that goes back to the kernel when freed. (Whether a larger block gets a mapping depends
/// on what the test process freed before: glibc serves it from the heap when a free block there is
/// large enough.)
final class FreedMemoryTests: XCTestCase {
    func testGlibcTakesTheSettings() throws {
        #if canImport(Glibc)
        XCTAssertTrue(FreedMemory.shareAndReuse())
        #else
        throw XCTSkip("glibc only")
        #endif
    }

    func testBlocksUpToTheLimitComeFromTheHeap() throws {
        #if canImport(Glibc)
        XCTAssertTrue(FreedMemory.shareAndReuse())
        let limit = Int(FreedMemory.reusedBlockLimit)
        XCTAssertFalse(try isMappedAlone(bytes: limit / 2), "a block under the limit comes from the heap")
        XCTAssertFalse(try isMappedAlone(bytes: limit - 4096))
        #else
        throw XCTSkip("glibc only")
        #endif
    }

    #if canImport(Glibc)
    /// Whether glibc serves a block of `bytes` with a mapping of its own: the IS_MMAPPED bit (2)
    /// of the size word in front of the block.
    private func isMappedAlone(bytes: Int) throws -> Bool {
        let block = try XCTUnwrap(malloc(bytes))
        defer { free(block) }
        return (block - MemoryLayout<Int>.size).load(as: Int.self) & 2 != 0
    }
    #endif
}
