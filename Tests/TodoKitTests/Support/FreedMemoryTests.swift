#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import TodoKit

/// ``FreedMemory`` reaches glibc's `mallopt` (declared by name, so that the static executable binds
/// it too), glibc takes the settings, and keeping freed blocks does what the stretches count on: a
/// block of a stretch's size comes from the heap, where it is reused once freed, instead of a
/// mapping of its own that goes back to the kernel when freed.
final class FreedMemoryTests: XCTestCase {
    func testGlibcTakesTheSettings() throws {
        #if canImport(Glibc)
        XCTAssertTrue(FreedMemory.shareOneArena())
        XCTAssertTrue(FreedMemory.keepFreedBlocks(true))
        XCTAssertTrue(FreedMemory.keepFreedBlocks(false))
        #else
        throw XCTSkip("glibc only")
        #endif
    }

    func testBlocksUpToTheLimitComeFromTheHeapOnceKept() throws {
        #if canImport(Glibc)
        let limit = Int(FreedMemory.reusedBlockLimit)
        // Runs that do not ask keep glibc's own settings.
        XCTAssertFalse(FreedMemory.keepsBlocksBetweenStretches)
        FreedMemory.keepsBlocksBetweenStretches = true
        defer {
            FreedMemory.keepsBlocksBetweenStretches = false
            FreedMemory.keepFreedBlocks(false)
        }
        FreedMemory.keepFreedBlocksFromNowOn()
        XCTAssertFalse(try isMappedAlone(bytes: limit / 2), "a block under the limit comes from the heap")
        XCTAssertFalse(try isMappedAlone(bytes: limit - 4096))
        #else
        throw XCTSkip("glibc only")
        #endif
    }

    /// The heap grown for the stretches lies in memory the kernel was asked to back with huge pages
    /// (`hg` among its mapping's flags in `/proc/self/smaps`), and glibc keeps it: a block under the
    /// limit taken right after comes from the heap.
    func testTheHeapGrownForStretchesAsksForHugePages() throws {
        #if os(Linux)
        guard let modes = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8),
              !modes.contains("[never]") else { throw XCTSkip("no transparent huge pages") }
        XCTAssertTrue(FreedMemory.keepFreedBlocks(true))
        defer { FreedMemory.keepFreedBlocks(false) }
        let size = 8 << 20
        let grown = try XCTUnwrap(FreedMemory.growHeapInHugePages(by: size))
        XCTAssertEqual(grown.count, size)
        // The whole 2 MB pages inside the block: at least two of the four.
        let hugeStart = (grown.lowerBound + (2 << 20) - 1) & ~((2 << 20) - 1)
        let advised = try advisedHugeBytes(in: hugeStart..<(grown.upperBound & ~((2 << 20) - 1)))
        XCTAssertGreaterThanOrEqual(advised, 4 << 20, "the kernel was asked for huge pages behind the grown heap")
        XCTAssertFalse(try isMappedAlone(bytes: Int(FreedMemory.reusedBlockLimit) / 2))
        // Nothing for less than two huge pages, or more than glibc takes from the heap.
        XCTAssertNil(FreedMemory.growHeapInHugePages(by: 2 << 20))
        XCTAssertNil(FreedMemory.growHeapInHugePages(by: FreedMemory.largestHeapGrowth + 4096))
        #else
        throw XCTSkip("Linux only")
        #endif
    }

    #if os(Linux)
    /// How many bytes of `range` lie in mappings flagged `hg` (`MADV_HUGEPAGE`) in `/proc/self/smaps`.
    private func advisedHugeBytes(in range: Range<Int>) throws -> Int {
        // Read to its end: the kernel gives the file's size as 0.
        let file = try XCTUnwrap(fopen("/proc/self/smaps", "r"))
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[..<count] }
        let smaps = String(decoding: bytes, as: UTF8.self)
        var total = 0
        var mapping: Range<Int>?
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                let bounds = first.split(separator: "-").compactMap { Int($0, radix: 16) }
                mapping = bounds.count == 2 ? bounds[0]..<bounds[1] : nil
            } else if fields.first == "VmFlags:", let mapping, fields.contains("hg"), mapping.overlaps(range) {
                total += mapping.clamped(to: range).count
            }
        }
        return total
    }
    #endif

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
