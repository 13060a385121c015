import Brain

/// Merging the histories of several gcviews that share one state file.
extension History {
    /// `ours` (newest first) followed by the entries of `theirs` whose programs `ours` lacks, in
    /// their order, cut to `capacity`: saving keeps what other gcviews graphed.
    static func merging(_ ours: [Entry], with theirs: [Entry]) -> [Entry] {
        var merged = Array(ours.prefix(capacity))
        for entry in theirs where merged.count < capacity {
            let programs = entry.programs
            if !merged.contains(where: { $0.programs == programs }) { merged.append(entry) }
        }
        return merged
    }
}
