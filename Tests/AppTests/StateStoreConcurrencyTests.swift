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

    @Test("Many threads saving at once leave a whole file; the last writer wins")
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
                } else if case .state(let loaded) = store.load(), states.contains(loaded) {
                    continue
                } else {
                    failures.add()
                }
            }
        }
        #expect(failures.value == 0)
        try store.save(states[5])
        #expect(store.load() == .state(states[5]), "the last writer wins")
        #expect(directory.contents() == ["state.json"], "no temporary or set-aside files are left")
    }

    @Test("Two processes saving at once leave a whole file")
    func processes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        let a = Self.state(1), b = Self.state(2)
        try store.save(a)
        let writers = [a, b].map { state in spawnSaver(store: store, states: [state]) }
        var loads = 0
        let deadline = Date().addingTimeInterval(0.3)
        while Date() < deadline {
            let loaded = store.load()
            #expect(loaded == .state(a) || loaded == .state(b))
            loads += 1
        }
        for pid in writers { killAndReap(pid) }
        #expect(loads > 10)
        #expect(directory.contents().filter { $0.contains("corrupt") }.isEmpty)
    }

    @Test("A writer killed with SIGKILL mid-save leaves the old file or the new one, whole")
    func killedMidSave() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        let a = Self.state(1), b = Self.state(2)
        try store.save(a)
        var seen: Set<String> = []
        for _ in 0..<50 {
            let pid = spawnSaver(store: store, states: [a, b])
            usleep(UInt32.random(in: 1_000...40_000))
            killAndReap(pid)
            switch store.load() {
            case .state(let loaded) where loaded == a: seen.insert("a")
            case .state(let loaded) where loaded == b: seen.insert("b")
            case let other:
                Issue.record("after SIGKILL the file was \(other)")
                return
            }
        }
        #expect(seen == ["a", "b"], "the child saved both states at some point")
        // Temporary files the killed writers left are cleared by the next save.
        try store.save(b)
        #expect(directory.contents() == ["state.json"])
        #expect(store.load() == .state(b))
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
