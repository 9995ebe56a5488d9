// timerun: runs one command and prints `wall_ns cpu_ns maxrss_kib exit_status`.
//
//     timerun STDIN STDOUT STDERR PROGRAM [ARG...]
//
// Built by bench.py with `swiftc -O` (not part of the package). The benchmark needs it because a
// child spawned straight from Python inherits Python's peak RSS (about 20 MB) into its own
// ru_maxrss; spawned from this small process the floor is this process's few MB, as with
// /usr/bin/time, but with nanosecond wall and microsecond CPU resolution.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let args = CommandLine.arguments
guard args.count >= 5 else {
    fputs("usage: timerun STDIN STDOUT STDERR PROGRAM [ARG...]\n", stderr)
    exit(2)
}

#if canImport(Glibc)
var actions = posix_spawn_file_actions_t()
#else
var actions: posix_spawn_file_actions_t?
#endif
posix_spawn_file_actions_init(&actions)
posix_spawn_file_actions_addopen(&actions, 0, args[1], O_RDONLY, 0)
posix_spawn_file_actions_addopen(&actions, 1, args[2], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
posix_spawn_file_actions_addopen(&actions, 2, args[3], O_WRONLY | O_CREAT | O_TRUNC, 0o644)

let argv: [UnsafeMutablePointer<CChar>?] = args[4...].map { strdup($0) } + [nil]
var start = timespec()
clock_gettime(CLOCK_MONOTONIC, &start)
var pid: pid_t = 0
let spawned = posix_spawn(&pid, args[4], &actions, nil, argv, environ)
guard spawned == 0 else {
    fputs("timerun: cannot run \(args[4]): \(String(cString: strerror(spawned)))\n", stderr)
    exit(2)
}
var status: Int32 = 0
var usage = rusage()
while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
var end = timespec()
clock_gettime(CLOCK_MONOTONIC, &end)

let wall = (Int(end.tv_sec) - Int(start.tv_sec)) * 1_000_000_000 + (Int(end.tv_nsec) - Int(start.tv_nsec))
let cpu = (Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec)) * 1_000_000_000
    + (Int(usage.ru_utime.tv_usec) + Int(usage.ru_stime.tv_usec)) * 1000
#if canImport(Darwin)
let maxRSS = Int(usage.ru_maxrss) / 1024
#else
let maxRSS = Int(usage.ru_maxrss)
#endif
// Exit status, or 128 + signal number as a shell reports it.
let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
print(wall, cpu, maxRSS, code)
