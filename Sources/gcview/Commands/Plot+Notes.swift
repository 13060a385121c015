import Brain
import Raster

/// The notes `plot` writes on stderr about what its picture leaves out.
extension Plot {
    /// Notes on the curves as sampled for one picture over `xRange`, each relation beside its
    /// samples: that long expressions were sampled more coarsely, or one curve drew less than it
    /// has; and, for each curve nothing of which was found, that it is missing and why (a y(x)
    /// curve with no finite value over the range, 1/0 or √(−1 − x²); another kind with no point
    /// in view), so that an empty picture is never left unexplained.
    static func samplingNotes(for relations: [Relation], _ samples: [Samples], over xRange: ClosedRange<Double>) -> [String] {
        var notes = [String]()
        let coarse = samples.indices.filter { samples[$0].isCoarse }
        if coarse.contains(where: { relations[$0].function != nil }) {
            let widest = samples.map { $0.widestColumn }.max() ?? 1
            notes.append("gcview: note: long expressions are sampled more coarsely, to bound the work"
                         + (widest > 1 ? " (columns up to \(widest) pixels wide)" : ""))
        } else if let first = coarse.first {
            notes.append("gcview: note: '\(relations[first].description.sanitisedForTerminal)' has more detail than the work bound draws: parts may be missing")
        }
        for (relation, sampled) in zip(relations, samples) where sampled.branches.isEmpty && sampled.bands.isEmpty && !sampled.isRegion {
            let equation = relation.description.sanitisedForTerminal
            let range = "[\(NumberFormat.significant(xRange.lowerBound)), \(NumberFormat.significant(xRange.upperBound))]"
            notes.append(relation.function != nil
                ? "gcview: note: no finite value of \(equation) was found for x in \(range): nothing of it is drawn"
                : "gcview: note: no point of \(equation) was found: nothing of it is drawn")
        }
        return notes
    }

    /// The note that `--area` (or `points`' `--at`, `--area`, `--table`, as `options` name them)
    /// leaves out the curves of `relations` that are not y(x), naming the first, with the `outcome`
    /// for them; none when every curve is y(x) or no option is given.
    static func kindNote(for relations: [Relation], options: [String], outcome: String = "left unmarked") -> [String] {
        let others = relations.filter { $0.function == nil }
        guard let first = others.first, !options.isEmpty else { return [] }
        let more = others.count > 1 ? " (and \(others.count - 1) more)" : ""
        return ["gcview: note: \(options.joined(separator: " and ")) \(options.count == 1 ? "works" : "work") on y(x) curves only: '"
                + first.description.sanitisedForTerminal + "' is \(first.kindPhrase)\(more), \(outcome)"]
    }
}
