#if canImport(Glibc)
import Glibc
#endif

/// What a short run does with the memory it frees: keeps it for its own reuse until it exits.
///
/// By default the C library gives each large block back to the kernel as soon as it is freed, and
/// takes fresh pages for the next one: on a large file a run frees and allocates tens of MB (the
/// input's parse goes before the output's is made), and each block given back costs the kernel a
/// flush of every processor's address translations, each fresh 4 KB page a fault. A run that ends
/// within a second gains nothing from handing memory back early: its exit does, all at once. The
/// formatter and linter runs ask for that (measured on the 10 MB file: 4-6 % faster; the peak is
/// 2-7 MB higher, the freed blocks that are not reused). Long runs (watch, the language server)
/// keep the allocator's default.
enum FreedMemory {
    /// Asks glibc's allocator to keep freed blocks of any size for reuse (`mallopt`: large blocks
    /// from the heap rather than mappings of their own, and the heap never trimmed); other C
    /// libraries are left as they are.
    static func keepForReuse() {
        #if canImport(Glibc)
        // mallopt is not part of the Glibc module; it is looked up as a C function.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        // M_MMAP_THRESHOLD (-3) and M_TRIM_THRESHOLD (-1) of <malloc.h>, both 1 GiB.
        _ = mallopt(-3, 1 << 30)
        _ = mallopt(-1, 1 << 30)
        #endif
    }
}
