#if canImport(Glibc)
import Glibc

/// `mallopt` of `<malloc.h>`, which the Glibc module does not import. Declared by its C name so
/// that the static executable binds it at link time (`dlsym` finds nothing in a static executable).
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// How a short run's threads share and reuse the memory they free (glibc's allocator; other C
/// libraries are left as they are).
///
/// glibc gives each thread that allocates while another holds the main arena an arena of its own,
/// and memory freed in one arena is reused only by allocations from that arena. A large file is
/// formatted a stretch at a time, one per processor, and the results are gathered where they
/// come, so the blocks each thread frees would sit in its arena while other threads take fresh
/// ones: measured on the 10 MB unformatted file, a peak of 37.7 MB with the default, 33.7 MB with
/// one arena, in the same time.
///
/// Each stretch then takes and frees the same few blocks of up to a megabyte or two (the largest,
/// its output's bound), and by default glibc hands them back to the kernel (each in a mapping of
/// its own, or trimmed off the top of the heap), so that the next stretch faults fresh pages in:
/// 6,300 page faults in the 10 MB unformatted file's check, 2,300 when the stretches keep the
/// blocks they free, and that check 3 to 4 ms faster. The check's findings and report, written
/// once the last stretch is done, then take their blocks (a megabyte or more each for thousands of
/// findings) from what the stretches freed too, rather than from fresh pages: 1 ms less. Kept
/// blocks cost memory where a document is formatted whole (its input's blocks are not all reused
/// by its output's: 0.5 MB more at the peak of a list of 100,000 items) and where the formatted
/// file is gathered whole besides (2.5 MB more with a million tasks formatted in place), so they
/// are kept from the first check of a large document's stretches on
/// (``keepFreedBlocksFromNowOn(if:growingHeapBy:)``), and only in runs that ask for it
/// (``keepsBlocksBetweenStretches``).
///
/// Until the stretches have taken the heap they need, each of its pages is a fault of its own: 1,900
/// faults in the 10 MB unformatted file's check. So when blocks start being kept, the heap is grown
/// at once by what the stretches in progress take, in huge pages (``growHeapInHugePages(by:)``):
/// 350 to 650 faults, and the unformatted 10 MB check 2.0 ms faster (CPU 4.6 ms), the canonical
/// one 2.0 ms, the 1 MB one 0.5 ms (101 to 201 runs of each in turns), for 0.8, 1.9 and 2.8 MB more
/// at their peaks (a huge page is resident whole once touched).
package enum FreedMemory {
    /// Whether freed blocks of up to ``reusedBlockLimit`` are kept from the first check of a large
    /// document's stretches on: set once, before formatting starts, by short runs (the command line
    /// tool's format and lint runs); long runs (watch, the language server) leave it false.
    package nonisolated(unsafe) static var keepsBlocksBetweenStretches = false

    /// The largest block kept for reuse when freed: a stretch's output bound is under it.
    static let reusedBlockLimit: Int32 = 2 << 20

    /// Asks glibc's allocator for one arena, shared by every thread (`M_ARENA_MAX`); true when it
    /// took the setting.
    @discardableResult
    package static func shareOneArena() -> Bool {
        #if canImport(Glibc)
        // M_ARENA_MAX (-8) of <malloc.h>.
        return mallopt(-8, 1) == 1
        #else
        return false
        #endif
    }

    /// Whether freed blocks are kept already. Guarded by `lock`.
    private nonisolated(unsafe) static var keeping = false
    private static let lock = ThreadLock()

    /// Keeps freed blocks of up to ``reusedBlockLimit`` for reuse from now on, for the rest of the
    /// run, when `keep` and ``keepsBlocksBetweenStretches`` (`M_MMAP_THRESHOLD`, and
    /// `M_TRIM_THRESHOLD` out of reach); the first time, also grows the heap by `heapBytes` in huge
    /// pages (``growHeapInHugePages(by:)``) for the blocks to come.
    static func keepFreedBlocksFromNowOn(if keep: Bool = true, growingHeapBy heapBytes: Int = 0) {
        guard keep && keepsBlocksBetweenStretches else { return }
        lock.locked {
            guard !keeping else { return }
            keeping = keepFreedBlocks(true)
            if keeping { growHeapInHugePages(by: heapBytes) }
        }
    }

    /// The largest block glibc takes from the heap when asked to (`M_MMAP_THRESHOLD` at most 32 MB
    /// on 64-bit systems): the most ``growHeapInHugePages(by:)`` grows the heap by.
    static let largestHeapGrowth = 24 << 20

    /// Grows the heap by `bytes` at once, in huge pages where the kernel gives them on request
    /// (``HugePages/advise(_:)``), for the blocks of up to ``reusedBlockLimit`` taken after, while
    /// freed blocks are kept (``keepFreedBlocks(_:)``): a block of `bytes` is taken from the heap
    /// (not from a mapping of its own) and freed at once, which leaves it at the top of the heap,
    /// untouched, where kept blocks are not trimmed from. Does nothing for less than two huge pages
    /// or more than ``largestHeapGrowth``, and off glibc.
    /// - Returns: Where the block was, for tests; nil when the heap was not grown.
    @discardableResult
    static func growHeapInHugePages(by bytes: Int) -> Range<Int>? {
        #if canImport(Glibc)
        guard HugePages.pageSize(ofBufferOf: bytes) > 4096, bytes <= largestHeapGrowth,
              mallopt(-3, Int32(bytes + 4096)) == 1 else { return nil }
        defer { _ = mallopt(-3, reusedBlockLimit) }
        guard let block = malloc(bytes) else { return nil }
        HugePages.advise(UnsafeMutableRawBufferPointer(start: block, count: bytes))
        free(block)
        return Int(bitPattern: block)..<Int(bitPattern: block) + bytes
        #else
        return nil
        #endif
    }

    /// Sets whether freed blocks are kept; true when glibc took the settings.
    @discardableResult
    static func keepFreedBlocks(_ keep: Bool) -> Bool {
        #if canImport(Glibc)
        // M_MMAP_THRESHOLD (-3) and M_TRIM_THRESHOLD (-1) of <malloc.h>; 128 KB is glibc's default for both.
        return mallopt(-3, keep ? reusedBlockLimit : 128 << 10) == 1 && mallopt(-1, keep ? Int32.max : 128 << 10) == 1
        #else
        return false
        #endif
    }
}
