/// A line of text drawn into an image: what it says, its line box in pixels, and what it labels.
public struct PlacedText: Equatable, Sendable {
    /// What the text is for.
    public enum Role: Equatable, Sendable {
        /// The graph's title, top left.
        case title
        /// A curve's name in the legend, after a stroke of its colour.
        case legend
        /// A number beside an axis tick.
        case tickLabel
        /// A line of a callout box (the popover).
        case callout
        /// A line or the title of a panel (a list or help page over the graph).
        case panel
    }

    /// The text.
    public var text: String
    /// The left edge of its line box, in pixels.
    public var left: Int
    /// The top edge of its line box, in pixels.
    public var top: Int
    /// Its advance width, in pixels.
    public var width: Int
    /// Its line height, in pixels.
    public var height: Int
    /// What it is for.
    public var role: Role

    /// Text `text` in the line box at `left`, `top`, `width` x `height` pixels, playing `role`.
    public init(text: String, left: Int, top: Int, width: Int, height: Int, role: Role) {
        self.text = text
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.role = role
    }
}
