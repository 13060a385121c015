import ArgumentParser
import Brain

/// `--degrees`, shared by `eval`, `plot` and `points`: trigonometric functions read degrees and
/// their inverses give them, and x (the variable) is in degrees.
///
/// Each command declares the flag itself, with `help`, rather than taking this as an
/// `@OptionGroup`: argument-parser reflects over a group as over a command of its own, and the
/// two groups took 4.5 % of `plot`'s instructions at every start (README, Performance).
struct AngleOptions {
    /// The flag's help, the same in every command.
    static let help: ArgumentHelp = "Angles in degrees: sin(30) is 0.5, acos(0.5) is 60, and x is in degrees."

    /// Whether `--degrees` was given.
    var degrees: Bool

    /// The mode the programs are evaluated in.
    var angle: AngleMode { degrees ? .degrees : .radians }
}

/// How an axis of `plot` is scaled, as typed: `linear` or `log`.
enum ScaleChoice: String, ArgumentChoice {
    case linear, log
}
