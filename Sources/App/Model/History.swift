import Brain

/// The most recently graphed programs, unique, newest first (like Smashtag's recent searches).
/// An entry is a whole graph: one program, or several curves drawn together.
struct History: Equatable, Codable {
    /// One graph: its newest program and description, and the curves drawn under it.
    struct Entry: Equatable, Codable {
        /// The newest curve's description.
        var description: String
        /// The newest curve's program.
        var program: Program
        /// The curves under it, oldest first; nil or empty for a graph of one curve.
        var kept: [Program]?

        /// Every program of the graph in colour order.
        var programs: [Program] { (kept ?? []) + [program] }
    }

    /// How many entries are kept.
    static let capacity = 100

    private(set) var entries: [Entry] = []

    init(entries: [Entry] = []) {
        self.entries = Array(entries.prefix(Self.capacity))
    }

    /// Puts the graph of `curves` (oldest first) first, removing an older copy (the same programs,
    /// or ones that read the same) and the oldest beyond capacity.
    mutating func record(_ curves: [GraphedProgram]) {
        guard let newest = curves.last else { return }
        let kept = curves.dropLast()
        let entry = Entry(description: newest.description, program: newest.program,
                          kept: kept.isEmpty ? nil : kept.map(\.program))
        entries.removeAll { $0.programs == entry.programs || Self.reading(of: $0) == Self.reading(of: entry) }
        entries.insert(entry, at: 0)
        if entries.count > Self.capacity {
            entries.removeLast(entries.count - Self.capacity)
        }
    }

    /// How an entry reads: its programs' descriptions in order.
    static func reading(of entry: Entry) -> [String] {
        entry.programs.map(\.description)
    }
}
