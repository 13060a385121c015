import Raster

/// The label patches a layered pane keeps in the terminal, one picture an id (issue 49: a pan back
/// and forth sent the same patch again on every other step). A patch the terminal still holds is
/// placed again for a few dozen bytes rather than sent again; one no longer wanted is only taken
/// off the screen, its pixels kept for a later step that wants it back; one placed where it already
/// stands costs nothing.
struct PatchSlots {
    /// Where a patch stands: the cursor's cell and the pixels into it.
    struct Place: Equatable {
        var row: Int
        var column: Int
        var offsetInCell: PixelSize
    }

    /// What one id holds: the picture last sent with it, and where it is shown (nil: hidden).
    struct Slot: Equatable {
        var image: IndexedImage?
        var place: Place?
    }

    /// What brings one id up to date.
    enum Step: Equatable {
        /// Send `image` with the id and show it at `place`.
        case send(slot: Int, image: IndexedImage, place: Place)
        /// Show the picture the id holds at `place`.
        case place(slot: Int, place: Place)
        /// Take the id's picture off the screen, keeping it.
        case hide(slot: Int)
    }

    private(set) var slots: [Slot]

    /// `count` ids, none holding a picture.
    init(count: Int) {
        slots = Array(repeating: Slot(), count: count)
    }

    /// The ids that hold a picture in the terminal.
    var holding: [Int] { slots.indices.filter { slots[$0].image != nil } }

    /// How many patches are shown.
    var shownCount: Int { slots.filter { $0.place != nil }.count }

    /// The steps that show `patches` (at most one an id; the rest are left out) and nothing else:
    /// each placed with an id that holds its picture when one does, else sent with an id whose
    /// picture no patch wants (an empty one first).
    mutating func steps(showing patches: [(image: IndexedImage, place: Place)]) -> [Step] {
        let wanted = Array(patches.prefix(slots.count))
        var assigned = [Int?](repeating: nil, count: wanted.count)
        var taken = Set<Int>()
        for (index, patch) in wanted.enumerated() {
            if let slot = slots.indices.first(where: { !taken.contains($0) && slots[$0].image == patch.image }) {
                assigned[index] = slot
                taken.insert(slot)
            }
        }
        var steps = [Step]()
        for (index, patch) in wanted.enumerated() {
            if let slot = assigned[index] {
                if slots[slot].place != patch.place { steps.append(.place(slot: slot, place: patch.place)) }
                slots[slot].place = patch.place
                continue
            }
            let free = slots.indices.filter { !taken.contains($0) }
            guard let slot = free.first(where: { slots[$0].image == nil }) ?? free.first else { continue }
            taken.insert(slot)
            steps.append(.send(slot: slot, image: patch.image, place: patch.place))
            slots[slot] = Slot(image: patch.image, place: patch.place)
        }
        for slot in slots.indices where !taken.contains(slot) && slots[slot].place != nil {
            steps.append(.hide(slot: slot))
            slots[slot].place = nil
        }
        return steps
    }

    /// Forgets the pictures of the ids not shown: a freeing deletion of any picture frees them
    /// too in kitty 0.26, whose deletion frees every image no placement shows, matched or not.
    mutating func forgetHidden() {
        for slot in slots.indices where slots[slot].place == nil { slots[slot].image = nil }
    }

    /// Forgets every id's picture: they were deleted, or the screen was cleared.
    mutating func forget() {
        slots = Array(repeating: Slot(), count: slots.count)
    }
}
