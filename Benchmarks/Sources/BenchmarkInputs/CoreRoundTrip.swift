// How fast the machine's two cores pass memory to each other: recorded beside the two-thread
// stream variants (the benchmark's `CoreRoundTrip` metric) and printed by `InstructionProbe
// --core-round-trip`. A parallel stream hands every model a worker thread made to the caller's
// thread, so how much a second thread gains depends on it: on a virtual machine, the same two
// virtual cores can pass a cache line back and forth in about 60 ns in one period and in about
// 340 ns in another (cores that share a cache, or not; the host decides), and two threads scale
// less in the second (the Performance article, "Threads and error policies"). The report prints the
// median beside each two-thread row, so that a reader knows which machine the row measured.
import Foundation
import Synchronization

public enum CoreRoundTrip {
    private final class Turn: Sendable {
        let value = Atomic<Int>(0)
    }

    /// Waits until `turn` holds `expected`, spinning, then yielding the processor now and then (so
    /// that a machine with one free core still gets through).
    private static func wait(_ turn: Turn, for expected: Int) {
        var spins = 0
        while turn.value.load(ordering: .acquiring) != expected {
            spins += 1
            if spins == 10_000 {
                spins = 0
                sched_yield()
            }
        }
    }

    /// Times `roundTrips` round trips between this thread and a new one, each thread writing the
    /// shared word the other waits for, and returns the nanoseconds of one (the thread's start
    /// left out).
    public static func measure(roundTrips: Int = 1_000) -> Int {
        let turn = Turn()
        let partner = Thread {
            for trip in 0...roundTrips {
                wait(turn, for: 2 * trip + 1)
                turn.value.store(2 * trip + 2, ordering: .releasing)
            }
        }
        partner.start()
        let clock = ContinuousClock()
        var start = clock.now
        for trip in 0...roundTrips {
            // The first round trip waits for the thread to start.
            if trip == 1 { start = clock.now }
            turn.value.store(2 * trip + 1, ordering: .releasing)
            wait(turn, for: 2 * trip + 2)
        }
        let elapsed = start.duration(to: clock.now)
        return Int((elapsed / .nanoseconds(1)) / Double(roundTrips))
    }
}
