import Brain

/// The most recently graphed programs, unique, newest first (like Smashtag's recent searches).
struct History: Equatable, Codable {
    /// One graphed program and its description.
    struct Entry: Equatable, Codable {
        var description: String
        var program: Program
    }

    /// How many entries are kept.
    static let capacity = 100

    private(set) var entries: [Entry] = []

    init(entries: [Entry] = []) {
        self.entries = Array(entries.prefix(Self.capacity))
    }

    /// Puts `graph` first, removing an older copy (the same program, or one that reads the same)
    /// and the oldest beyond capacity.
    mutating func record(_ graph: GraphedProgram) {
        entries.removeAll { $0.program == graph.program || $0.description == graph.description }
        entries.insert(Entry(description: graph.description, program: graph.program), at: 0)
        if entries.count > Self.capacity {
            entries.removeLast(entries.count - Self.capacity)
        }
    }
}
