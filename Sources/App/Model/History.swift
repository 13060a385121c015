import Brain

/// The most recently graphed programs, unique, newest first (like Smashtag's recent searches).
/// An entry is a whole graph: one program, or several curves drawn together.
///
/// Each entry's reading (its programs' descriptions) is computed once, when it comes in, and
/// kept beside it: recording, restoring and listing never describe a stored program again, so
/// their cost is linear in the history's size.
struct History: Equatable, Codable {
    /// One graph: its newest program and description, and the curves drawn under it.
    struct Entry: Equatable, Codable {
        /// The newest curve's description.
        var description: String
        /// The newest curve's program.
        var program: Program
        /// The curves under it, oldest first; nil or empty for a graph of one curve.
        var kept: [Program]?

        /// Every curve of the graph in colour order, when one is not y(x) (absent in files from
        /// before other kinds, and when every curve is y(x): `program` and `kept` say it all).
        var relations: [SavedState.SavedRelation]?

        /// Every program of the graph in colour order.
        var programs: [Program] { (kept ?? []) + [program] }

        /// Every curve of the graph in colour order.
        var curves: [Relation] { relations.map { $0.compactMap(\.relation) } ?? programs.map(Relation.function) }
    }

    /// How many entries are kept.
    static let capacity = 100

    private(set) var entries: [Entry] = []
    /// How each entry reads, `readings[i]` for `entries[i]`.
    private(set) var readings: [[String]] = []

    private enum CodingKeys: String, CodingKey { case entries }

    /// The first `capacity` of `entries`, as they are.
    init(entries: [Entry] = []) {
        self.entries = Array(entries.prefix(Self.capacity))
        readings = self.entries.map(Self.reading(of:))
    }

    /// The entries of `candidates` in order, each kept only if no earlier one reads the same, up
    /// to `capacity`. `reading` is asked once for each candidate looked at, and the comparison is a
    /// hash lookup, so the work is linear in the candidates' length.
    init(deduplicating candidates: some Sequence<Entry>, reading: (Entry) -> [String] = History.reading(of:)) {
        var seen = Set<[String]>()
        for entry in candidates {
            guard entries.count < Self.capacity else { break }
            let words = reading(entry)
            guard seen.insert(words).inserted else { continue }
            entries.append(entry)
            readings.append(words)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(entries: try container.decode([Entry].self, forKey: .entries))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
    }

    /// Puts the graph of `curves` (oldest first) first, removing an older copy (the same programs,
    /// or ones that read the same) and the oldest beyond capacity.
    ///
    /// The curves bring their descriptions, and the older entries' readings are kept, so nothing is
    /// described again.
    mutating func record(_ curves: [GraphedProgram]) {
        guard let newest = curves.last else { return }
        let kept = curves.dropLast()
        let entry = Entry(description: newest.description, program: newest.program,
                          kept: kept.isEmpty ? nil : kept.map(\.program), relations: curves.savedRelations)
        let reading = curves.map(\.description)
        let relations = entry.curves
        let stale = entries.indices.filter { readings[$0] == reading || entries[$0].curves == relations }
        for index in stale.reversed() {
            entries.remove(at: index)
            readings.remove(at: index)
        }
        entries.insert(entry, at: 0)
        readings.insert(reading, at: 0)
        if entries.count > Self.capacity {
            entries.removeLast(entries.count - Self.capacity)
            readings.removeLast(readings.count - Self.capacity)
        }
    }

    /// How an entry reads: its programs' descriptions in order.
    static func reading(of entry: Entry) -> [String] {
        entry.relations != nil ? entry.curves.map(\.description) : entry.programs.map(\.description)
    }
}
