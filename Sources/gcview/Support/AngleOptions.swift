import ArgumentParser
import Brain

/// `--degrees`, shared by `eval`, `plot` and `points`: trigonometric functions read degrees and
/// their inverses give them, and x (the variable) is in degrees.
struct AngleOptions: ParsableArguments {
    @Flag(help: "Angles in degrees: sin(30) is 0.5, acos(0.5) is 60, and x is in degrees.")
    var degrees = false

    /// The mode the programs are evaluated in.
    var angle: AngleMode { degrees ? .degrees : .radians }
}

/// How an axis of `plot` is scaled, as typed: `linear` or `log`.
enum ScaleChoice: String, ArgumentChoice {
    case linear, log
}
