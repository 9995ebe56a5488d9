#if canImport(Glibc)
import Glibc

/// `mallopt` of `<malloc.h>`, which the Glibc module does not import. Declared by its C name so
/// that the static executable binds it at link time (`dlsym` finds nothing in a static executable).
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// How a short run's threads share and reuse the memory they free.
///
/// glibc's allocator gives each thread that allocates while another holds the main arena an arena
/// of its own, and memory freed in one arena is reused only by allocations from that arena. A
/// large file is formatted a stretch at a time, one per processor, and the results are gathered
/// on the main thread, so the blocks each worker frees would sit in its arena while other threads
/// take fresh ones: measured on the 10 MB unformatted file, a peak of 37.7 MB with the default,
/// 33.7 MB with one arena, in the same time.
///
/// Each stretch then takes and frees the same few blocks of up to a megabyte or two, and by
/// default glibc hands them back to the kernel (each in a mapping of its own, or trimmed off the
/// top of the heap) and the next stretch faults fresh pages in: 6,300 page faults in the 10 MB
/// unformatted file's check, 2,300 when blocks up to ``reusedBlockLimit`` stay for reuse, and
/// that check 4 to 8 ms faster. Larger blocks, those of a document formatted whole, still get
/// mappings of their own that go back when freed, so keeping the rest costs at most half a
/// megabyte at any measured peak.
///
/// Format and lint runs ask for both; long runs (watch, the language server) keep the
/// allocator's default.
enum FreedMemory {
    /// The largest block kept for reuse when freed: a stretch of a large file is formatted in
    /// blocks of up to about this size (a stretch is at most 2 MB, when it is not formatted alone).
    static let reusedBlockLimit: Int32 = 2 << 20

    /// Asks glibc's allocator for one arena, shared by every thread (`M_ARENA_MAX`), and to keep
    /// freed blocks of up to ``reusedBlockLimit`` for reuse instead of handing them back
    /// (`M_MMAP_THRESHOLD`, and `M_TRIM_THRESHOLD` out of reach); true when it took the settings.
    /// Other C libraries are left as they are (false).
    @discardableResult
    static func shareAndReuse() -> Bool {
        #if canImport(Glibc)
        // M_ARENA_MAX (-8), M_MMAP_THRESHOLD (-3) and M_TRIM_THRESHOLD (-1) of <malloc.h>.
        return mallopt(-8, 1) == 1 && mallopt(-3, reusedBlockLimit) == 1 && mallopt(-1, Int32.max) == 1
        #else
        return false
        #endif
    }
}
