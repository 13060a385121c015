import Brain

/// Numbers as the popover shows them: `NumberFormat.significant`, no digit that is noise, and
/// words for what is not a number.
enum PopoverNumber {
    /// `value` to the digits it can be trusted to.
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "undefined" : value > 0 ? "∞" : "-∞" }
        return NumberFormat.significant(value)
    }
}
