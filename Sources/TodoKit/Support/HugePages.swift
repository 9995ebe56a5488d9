#if canImport(Glibc)
import Glibc
#endif

/// Transparent huge pages for the large buffers a file's bytes are read or written into.
///
/// Filling a fresh 10 MB buffer costs about 2,600 page faults of 4 KB, a few microseconds each on a
/// virtual machine, which is a good part of checking a 10 MB file. Where the kernel gives huge pages
/// on request (Linux, transparent huge pages in `madvise` mode), the whole 2 MB pages inside the
/// buffer are asked for as huge pages before anything is written to them: a handful of faults
/// instead, and no more memory than the buffer's own size rounded to whole pages.
enum HugePages {
    /// The size of a huge page on x86-64 and arm64 Linux.
    private static let size = 2 << 20

    /// The page size behind a buffer of `count` bytes (what ``advise(_:)`` asks for when the buffer
    /// is large enough for huge pages, else 4 KB).
    static func pageSize(ofBufferOf count: Int) -> Int {
        #if os(Linux)
        return count >= 2 * size ? size : 4096
        #else
        return 4096
        #endif
    }

    /// Asks for huge pages behind the whole 2 MB pages of `buffer`, which nothing has touched yet;
    /// buffers shorter than two huge pages are left alone, and so is everything off Linux.
    /// - Parameter buffer: A buffer just allocated.
    static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard buffer.count >= 2 * size, let base = buffer.baseAddress else { return }
        let start = (Int(bitPattern: base) + size - 1) & ~(size - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(size - 1)
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(first, end - start, MADV_HUGEPAGE)
        #endif
    }

    /// ``advise(_:)`` for the room an array has reserved and not filled yet (nothing has touched it),
    /// up to its first `elements` elements.
    static func advise<Element>(capacityOf array: inout [Element], upTo elements: Int) {
        let bytes = (min(array.capacity, elements) - array.count) * MemoryLayout<Element>.stride
        guard bytes > 0 else { return }
        array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            advise(UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(base + buffer.count), count: bytes))
        }
    }

    /// Gives back the memory of the whole 4 KB pages of `buffer` past its first `used` bytes, for a
    /// buffer sized for the most it could hold (an output's bound): the huge page its content ends
    /// in was taken whole, up to 2 MB of it unused. Left alone for buffers ``advise(_:)`` leaves
    /// alone, and off Linux. The bytes past `used` read as zeros afterwards.
    /// - Parameters:
    ///   - buffer: A buffer that ``advise(_:)`` was given.
    ///   - used: How many bytes at its start hold content.
    static func release(_ buffer: UnsafeMutableRawBufferPointer, after used: Int) {
        guard buffer.count >= 2 * size, let base = buffer.baseAddress else { return }
        releaseWholePages(from: base + used, to: base + buffer.count)
    }

    /// Gives back the memory of the whole pages that lie within `start..<end` (on Linux; elsewhere
    /// nothing happens). Their bytes read as zeros afterwards; the partial pages at either end are
    /// left alone.
    static func releaseWholePages(from start: UnsafeMutableRawPointer, to end: UnsafeMutableRawPointer) {
        #if os(Linux)
        let page = Int(getpagesize())
        let low = (Int(bitPattern: start) + page - 1) & ~(page - 1)
        let high = Int(bitPattern: end) & ~(page - 1)
        guard high > low, let first = UnsafeMutableRawPointer(bitPattern: low) else { return }
        _ = madvise(first, high - low, MADV_DONTNEED)
        #endif
    }
}
