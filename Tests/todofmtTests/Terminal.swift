import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs todofmt with its standard output on a pseudo-terminal, to see what it prints to a
/// terminal.
enum Terminal {
    struct Result {
        var status: Int32
        /// Everything written to the terminal.
        var output: String
    }

    static func run(_ arguments: [String], in directory: URL, environment: [String: String]) throws -> Result {
        let controller: Int32
        let name: String
        #if canImport(Darwin)
        controller = posix_openpt(O_RDWR | O_NOCTTY)
        guard controller >= 0 else { throw XCTSkip("no pseudo-terminals here") }
        guard grantpt(controller) == 0, unlockpt(controller) == 0, let cName = ptsname(controller) else {
            close(controller)
            throw XCTSkip("cannot set up a pseudo-terminal")
        }
        name = String(cString: cName)
        #else
        // posix_openpt is not visible to Swift on Linux; these are its steps on devpts.
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard controller >= 0 else { throw XCTSkip("no /dev/ptmx here") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let tiocsptlck: UInt = 0x4004_5431, tiocgptn: UInt = 0x8004_5430
        guard ioctl(controller, tiocsptlck, &unlock) == 0, ioctl(controller, tiocgptn, &number) == 0 else {
            close(controller)
            throw XCTSkip("cannot set up a pseudo-terminal")
        }
        name = "/dev/pts/\(number)"
        #endif
        defer { close(controller) }
        _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
        let terminal = open(name, O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw XCTSkip("cannot open \(name)") }
        _ = fcntl(terminal, F_SETFD, FD_CLOEXEC)
        // Raw mode, so the terminal passes bytes through (no LF to CRLF).
        var attributes = termios()
        tcgetattr(terminal, &attributes)
        cfmakeraw(&attributes)
        tcsetattr(terminal, TCSANOW, &attributes)

        // The output is far smaller than the terminal's buffer, so the child never blocks on it.
        let result: Todofmt.Result
        do {
            // The pseudo-terminal shows colour whatever terminal runs the tests (CI's may be `dumb`).
            result = try Todofmt.run(arguments, in: directory, environment: ["TERM": "xterm-256color"].merging(environment) { $1 },
                                     stdout: FileHandle(fileDescriptor: terminal, closeOnDealloc: false))
        } catch {
            close(terminal)
            throw error
        }
        close(terminal)

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var poller = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            // Generous safety net against a hang, never an assertion on time.
            guard poll(&poller, 1, 10_000) > 0 else { break }
            let count = read(controller, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            // EIO once the terminal side is closed and drained.
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        return Result(status: result.status, output: String(decoding: output, as: UTF8.self))
    }
}
