@testable import App
import Brain
import Dispatch
import Foundation
import Testing

/// Writers racing each other, and a writer killed mid-save: the file is always whole.
@Suite("State store: concurrent writers and SIGKILL", .serialized)
struct StateStoreConcurrencyTests {
    /// Distinct states, told apart by their program.
    static func state(_ n: Int) -> SavedState {
        var model = AppModel()
        model.type(expression: "x + \(n)")
        model.apply(.graph, graphPane: Panes.full)
        // History makes the file big enough that a torn write would show.
        for k in 0..<40 {
            model.type(expression: "x^\(k) + \(n)")
            model.apply(.graph, graphPane: Panes.full)
        }
        model.type(expression: "x + \(n)")
        return model.savedState(pane: Panes.full, theme: "theme \(n)")
    }

    /// Whether `loaded` is what saving `state` wrote: the same calculator, graph and theme, and
    /// `state`'s history first, perhaps followed by other writers' entries merged in.
    static func isSave(_ loaded: SavedState, of state: SavedState) -> Bool {
        var withoutHistory = loaded
        withoutHistory.history = state.history
        return withoutHistory == state && loaded.history.starts(with: state.history)
            && loaded.history.count <= History.capacity
    }

    @Test("Many threads saving at once leave a whole file; the last writer wins, with the others' history merged")
    func threads() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        let states = (0..<8).map(Self.state)
        try store.save(states[0])
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 10) { worker in
            for round in 0..<25 {
                if worker < 8 {
                    do { try store.save(states[(worker + round) % states.count]) } catch { failures.add() }
                } else if case .state(let loaded) = store.load(), states.contains(where: { Self.isSave(loaded, of: $0) }) {
                    continue
                } else {
                    failures.add()
                }
            }
        }
        #expect(failures.value == 0)
        try store.save(states[5])
        let last = try #require(store.load().state)
        #expect(Self.isSave(last, of: states[5]), "the last writer wins")
        #expect(last.history.count == History.capacity, "the other writers' entries fill the history")
        #expect(directory.contents() == ["state.json"], "no temporary or set-aside files are left")
    }

    @Test("Two processes saving at once leave a whole file, and each one's saves land")
    func processes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        try store.save(Self.state(0))
        // Writer 1 saves states 11, 12, 13 in turn, writer 2 states 21, 22, 23, until told to stop;
        // then each saves its last state, 19 or 29, and reports whether every save succeeded.
        let writers = [1, 2].map { k in
            LoopingSaver(store: store, states: (1...3).map { Self.state(10 * k + $0) }, last: Self.state(10 * k + 9))
        }
        let markers = [0] + [1, 2].flatMap { k in [1, 2, 3, 9].map { 10 * k + $0 } }
        let known = Dictionary(uniqueKeysWithValues: markers.map { ($0, Self.state($0)) })
        /// The marker of a state some writer saved, or nil.
        func marker(of state: SavedState) -> Int? {
            state.theme.flatMap { Int($0.dropFirst("theme ".count)) }.flatMap { marker in
                known[marker].map { Self.isSave(state, of: $0) } == true ? marker : nil
            }
        }
        var seen: Set<Int> = []
        let deadline = Date().addingTimeInterval(20)  // a guard against writers that never write
        while Date() < deadline, !(seen.contains { $0 / 10 == 1 } && seen.contains { $0 / 10 == 2 }) {
            let loaded = try #require(store.load().state, "the file is always one whole, valid state")
            seen.insert(try #require(marker(of: loaded), "the file is a state some writer saved"))
        }
        #expect(seen.contains { $0 / 10 == 1 }, "writer 1's saves landed")
        #expect(seen.contains { $0 / 10 == 2 }, "writer 2's saves landed")
        // A later child inherits an earlier one's stop pipe: tell both before waiting for either.
        writers.forEach { $0.requestStop() }
        let statuses = writers.map { $0.exitStatus() }
        #expect(statuses == [0, 0], "every save of both writers succeeded")
        let last = try #require(store.load().state.flatMap(marker(of:)))
        #expect(last == 19 || last == 29, "the file is a writer's last save, not an earlier one: \(last)")
        #expect(directory.contents() == ["state.json"], "no temporary or set-aside files are left")
    }

    @Test("A writer killed with SIGKILL mid-save leaves the old file or the new one, whole")
    func killedMidSave() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        let a = Self.state(1), b = Self.state(2)
        try store.save(a)
        var seen: Set<String> = []
        // At least 50 kills, and on until both states have been seen: on a loaded machine a save
        // (with its fsyncs) can take longer than the first window, which then widens.
        var round = 0
        while round < 50 || (seen.count < 2 && round < 400) {
            let pid = spawnSaver(store: store, states: [a, b])
            usleep(UInt32.random(in: 1_000...(40_000 * (1 + UInt32(round / 25)))))
            round += 1
            killAndReap(pid)
            switch store.load() {
            case .state(let loaded) where Self.isSave(loaded, of: a): seen.insert("a")
            case .state(let loaded) where Self.isSave(loaded, of: b): seen.insert("b")
            case let other:
                Issue.record("after SIGKILL the file was \(other)")
                return
            }
        }
        #expect(seen == ["a", "b"], "the child saved both states at some point")
        // Temporary files the killed writers left are cleared by the next save.
        try store.save(b)
        #expect(directory.contents() == ["state.json"])
        #expect(store.load().state.map { Self.isSave($0, of: b) } == true)
    }

    @Test("Six gcviews sharing one state folder: every one's history survives, within capacity")
    func sixInstancesMergeHistory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        // Six instances start from the same (missing) file, each graphs its own curve, then each saves.
        let states = (1...6).map { n in
            var model = AppModel()
            model.type(expression: "x * \(n)")
            model.apply(.graph, graphPane: Panes.full)
            return model.savedState(pane: Panes.full, theme: "theme \(n)")
        }
        let savers = states.map { state in LoopingSaver(store: store, states: [state], last: state) }
        savers.forEach { $0.requestStop() }
        #expect(savers.map { $0.exitStatus() } == Array(repeating: 0, count: 6))
        let merged = try #require(store.load().state)
        #expect(Set(merged.history.map(\.description)) == Set(states.map { $0.history[0].description }))
        #expect(merged.history.count == 6, "each entry once")
        #expect(directory.contents() == ["state.json"], "no lock or temporary file is left")

        // Histories of 41 entries each: the merge stops at capacity, the newest writer's first.
        for n in [11, 12, 13] { try store.save(Self.state(n)) }
        let full = try #require(store.load().state)
        #expect(full.history.count == History.capacity)
        #expect(Self.isSave(full, of: Self.state(13)))
    }
}

/// A child process that saves `states` in turn until `stop()`, then saves `last` and exits 0 if
/// every save succeeded, 1 otherwise.
private struct LoopingSaver {
    let pid: pid_t
    /// The write end of a pipe the child polls; closing it tells the child to stop.
    let stopWriter: Int32

    init(store: StateStore, states: [SavedState], last: SavedState) {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let pid = fork()
        if pid == 0 {
            close(ends[1])
            var succeeded = true
            var index = 0
            var stopRequest = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            while poll(&stopRequest, 1, 0) == 0 {
                do { try store.save(states[index % states.count]) } catch { succeeded = false }
                index += 1
            }
            do { try store.save(last) } catch { succeeded = false }
            _exit(succeeded ? 0 : 1)
        }
        #expect(pid > 0, "fork failed")
        close(ends[0])
        self.pid = pid
        stopWriter = ends[1]
    }

    /// Tells the child to stop.
    func requestStop() {
        close(stopWriter)
    }

    /// Waits for the child and returns its exit status (-1 if it did not exit normally).
    func exitStatus() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}

/// Forks a child that saves `states` in turn until it is killed; returns its pid.
private func spawnSaver(store: StateStore, states: [SavedState]) -> pid_t {
    let pid = fork()
    if pid == 0 {
        while true {
            for state in states { try? store.save(state) }
        }
    }
    #expect(pid > 0, "fork failed")
    return pid
}

private func killAndReap(_ pid: pid_t) {
    guard pid > 0 else { return }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
}

/// A thread-safe count.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
