#if canImport(Glibc)
import Glibc
import Synchronization
import Dispatch
#if canImport(SystemCalls)
import SystemCalls
#endif

/// Worker threads that stay on their processors between the parallel steps of one large job (on
/// Linux; elsewhere ``Parallel`` uses Dispatch alone).
///
/// A step given to Dispatch wakes a sleeping worker thread, and the kernel often wakes it on the
/// processor of the thread that woke it: it waits there until the scheduler moves it, a millisecond
/// or more, and the step's parts run one after the other (measured on a 2-processor machine: the
/// validation of a 10 MB file took 5.1 ms instead of 2.9 in half of the runs). These workers
/// instead wait for the next step by spinning, for a while (20 ms) after a step and before the
/// first (``warmUp()``), so they are running when it comes; then they sleep.
///
/// One step runs at a time: ``run(_:_:)`` returns false when another is running (a step started
/// inside a step, or from another thread), and the caller goes to Dispatch.
final class WorkerPool: Sendable {
    /// The pool of the process: one worker per processor but the caller's, spinning for 20 ms (a
    /// large file's steps follow one another within milliseconds).
    static let shared = WorkerPool(workers: Parallel.processors - 1, spinNanoseconds: 20_000_000)

    /// The step being run, in one word, so that a part is claimed with one compare-and-exchange:
    /// the step's number (bits 40 and up), its part count (bits 20 to 39) and the next part to
    /// claim (bits 0 to 19).
    private let ticket = Atomic<Int>(0)
    /// Parts of the current step that have ended.
    private let finished = Atomic<Int>(0)
    /// Whether a step is running (only one at a time).
    private let busy = Atomic<Bool>(false)
    /// Until when (``now()``) idle workers spin before they sleep.
    private let spinUntil = Atomic<UInt64>(0)
    /// How many workers sleep on `wake`, counted under `sleepers`' lock.
    private let sleepers = Mutex<Int>(0)
    private let wake = DispatchSemaphore(value: 0)
    /// The current step's body; set before its ticket is published, read only by a thread that
    /// claimed one of its parts (the step cannot end before that part has).
    private nonisolated(unsafe) var body: (@Sendable (Int) -> Void)?
    private let workers: Int
    /// How long a worker spins waiting for a step before it sleeps.
    private let spinNanoseconds: UInt64
    private let started = Atomic<Bool>(false)

    private static let indexBits = 20
    private static let partMask = (1 << indexBits) - 1
    /// The most parts one step can have here (more go to Dispatch).
    static let maximumParts = partMask

    /// A pool of `workers` threads (started by the first step or ``warmUp()``) that spin for
    /// `spinNanoseconds` before they sleep; they run as long as the process does.
    init(workers: Int, spinNanoseconds: UInt64) {
        self.workers = workers
        self.spinNanoseconds = spinNanoseconds
    }

    /// Starts the workers if they are not running yet, and has idle ones spin for a while: a step
    /// is coming (e.g. a large file is being read).
    func warmUp() {
        guard workers > 0 else { return }
        spinUntil.store(Self.now() + spinNanoseconds, ordering: .relaxed)
        if started.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged {
            for _ in 0..<workers { startThread() }
        } else {
            signalSleepers()
        }
    }

    /// Runs `body` for each of `parts` indices on the workers and the calling thread, and returns
    /// true when all have ended; returns false at once, without calling `body`, when the pool has
    /// no workers or is running another step.
    func run(_ parts: Int, _ body: @Sendable (Int) -> Void) -> Bool {
        guard workers > 0, parts <= Self.maximumParts,
              busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged else { return false }
        defer { busy.store(false, ordering: .releasing) }
        warmUp()
        withoutActuallyEscaping(body) { body in
            self.body = body
            finished.store(0, ordering: .relaxed)
            let step = (ticket.load(ordering: .relaxed) >> (2 * Self.indexBits)) + 1
            ticket.store(step << (2 * Self.indexBits) | parts << Self.indexBits, ordering: .releasing)
            spinUntil.store(Self.now() + spinNanoseconds, ordering: .relaxed)
            signalSleepers()
            work(on: step)
            // Every part has been claimed; wait for those still running elsewhere.
            var spins = 0
            while finished.load(ordering: .acquiring) < parts {
                spins += 1
                if spins & 255 == 0 { sched_yield() }
            }
            self.body = nil
        }
        return true
    }

    /// Claims and runs parts of step `step` until none is left (or another step has begun).
    private func work(on step: Int) {
        while true {
            let current = ticket.load(ordering: .acquiring)
            guard current >> (2 * Self.indexBits) == step else { return }
            let part = current & Self.partMask
            guard part < (current >> Self.indexBits) & Self.partMask else { return }
            guard ticket.compareExchange(expected: current, desired: current + 1, ordering: .acquiring).exchanged else { continue }
            runPart(part)
            finished.add(1, ordering: .releasing)
        }
    }

    /// Calls the body on `part`; the body's reference ends with this call (the caller's
    /// `withoutActuallyEscaping` checks that none remains).
    @inline(never) private func runPart(_ part: Int) {
        body!(part)
    }

    private func signalSleepers() {
        let sleeping = sleepers.withLock { count in
            defer { count = 0 }
            return count
        }
        for _ in 0..<sleeping { wake.signal() }
    }

    /// Starts a worker on another processor than the calling thread's, where there is one: a new
    /// thread is often put on its creator's processor, and runs there by turns with it until the
    /// scheduler moves it (measured on the 10 MB file's check: the worker began its first stretch
    /// 0.5 to 4 ms after the caller in 10 of 16 runs, and with it in all 16 once started
    /// elsewhere). Once running, the worker may run on any processor the process may.
    private func startThread() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let loop: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
            Unmanaged<WorkerPool>.fromOpaque(context!).takeRetainedValue().workerLoop()
        }
        var created: Int32 = -1
        #if canImport(SystemCalls)
        var attributes = pthread_attr_t()
        if pthread_attr_init(&attributes) == 0 {
            if todofmt_thread_attr_start_elsewhere(&attributes) == 0 { created = pthread_create(&thread, &attributes, loop, context) }
            pthread_attr_destroy(&attributes)
        }
        #endif
        if created != 0 { created = pthread_create(&thread, nil, loop, context) }
        if created == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<WorkerPool>.fromOpaque(context).release()
        }
    }

    private func workerLoop() -> Never {
        #if canImport(SystemCalls)
        _ = todofmt_thread_allow_processors_of(getpid())
        #endif
        var seen = 0
        while true {
            var spins = 0
            var step = ticket.load(ordering: .acquiring) >> (2 * Self.indexBits)
            while step == seen {
                spins += 1
                // Gives way to threads waiting for this processor (e.g. other files' formatting).
                if spins & 63 == 0 { sched_yield() }
                if spins & 1023 == 0 && Self.now() >= spinUntil.load(ordering: .relaxed) {
                    let sleeps = sleepers.withLock { count in
                        // Checked under the lock that `signalSleepers` takes after publishing a step.
                        guard ticket.load(ordering: .acquiring) >> (2 * Self.indexBits) == seen,
                              Self.now() >= spinUntil.load(ordering: .relaxed) else { return false }
                        count += 1
                        return true
                    }
                    if sleeps { wake.wait() }
                    spins = 0
                }
                step = ticket.load(ordering: .acquiring) >> (2 * Self.indexBits)
            }
            seen = step
            work(on: step)
        }
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
#endif
