import Brain

/// What gcview remembers between launches, as stored in its JSON state file.
struct SavedState: Codable, Equatable {
    /// The file format this build writes; a newer file is set aside, never overwritten.
    static let currentVersion = 1

    /// The calculator as it was: its program, M, and any number being typed.
    struct Calculator: Codable, Equatable {
        var program: Program
        var memory: Double?
        var typed: String?
        /// "degrees" when trigonometric functions read degrees (absent, radians, in older files).
        var angle: String?
    }

    /// The graph as it was. The origin is a fraction of the pane's size from its centre, so it
    /// survives a terminal of another size.
    struct Graph: Codable, Equatable {
        var program: Program
        var scaleX: Double
        var scaleY: Double
        var originFromCentreX: Double
        var originFromCentreY: Double
        var isFullScreen: Bool?
        /// The curves kept under `program`, oldest first (absent in files from before several curves).
        var kept: [Program]?
        /// "log" for a log axis (absent, linear, in files from before log axes).
        var xScale: String?
        var yScale: String?
        /// The sliders of the curves' parameters, by name (absent in files from before sliders).
        var parameters: [String: SavedSlider]?
        /// How long a playback's sweep takes, in seconds (absent in files from before playback).
        var sweepSeconds: Double?
        /// Every curve in colour order, when one is not y(x) (absent in files from before other
        /// kinds, and whenever `program` and `kept` say it all). A curve that does not read is dropped.
        var relations: [SavedRelation]?
    }

    /// A curve of any kind as saved: read leniently, so that one that does not read (an unknown
    /// kind from a newer build, a damaged program) is nil and the rest of the state still loads.
    struct SavedRelation: Codable, Equatable {
        var relation: Relation?

        init(_ relation: Relation) { self.relation = relation }

        init(from decoder: any Decoder) throws {
            relation = try? Relation(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            try relation?.encode(to: encoder)
        }
    }

    /// A slider as saved: read leniently, so that one bad slider (an end that is not finite, a
    /// range of no width) is dropped and the rest of the state still loads.
    struct SavedSlider: Codable, Equatable {
        var value: Double
        var lower: Double
        var upper: Double
    }

    var version = SavedState.currentVersion
    var calculator: Calculator
    var graph: Graph?
    var theme: String?
    var history: [History.Entry]
}
