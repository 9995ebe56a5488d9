#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import todofmt

/// ``FreedMemory/shareOneArena()`` reaches glibc's `mallopt` (declared by name, so that the static
/// executable binds it too) and glibc takes the setting.
final class FreedMemoryTests: XCTestCase {
    func testGlibcTakesTheOneArenaSetting() throws {
        #if canImport(Glibc)
        XCTAssertTrue(FreedMemory.shareOneArena())
        #else
        throw XCTSkip("glibc only")
        #endif
    }
}
