import Foundation
import Testing

/// The programs an end-to-end suite drives, and whether this machine has them.
///
/// A plain `swift test` on a machine without `scripts/setup --test` skips those suites and says
/// what is missing. `scripts/test` (and so CI) sets `GCVIEW_END_TO_END=required`: there a missing
/// terminal is a failure, not a skip, since the suites run and fail to start it.
enum EndToEnd {
    /// Whether every end-to-end suite must run, whatever is installed.
    static let isRequired = ProcessInfo.processInfo.environment["GCVIEW_END_TO_END"] == "required"

    /// X11 under Xvfb, with the tools that type into windows and take screenshots.
    static let x11 = ["/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/import"]
    /// Every terminal `Emulator.all` opens, and what each needs.
    static let everyTerminal = x11 + ["/usr/bin/xterm", "/usr/bin/mlterm", "/usr/bin/kitty", "/usr/bin/konsole"] + wayland
    /// foot under headless sway, run as `nobody`.
    static let wayland = ["/usr/bin/sway", "/usr/bin/foot", "/usr/bin/grim", "/usr/bin/wtype", "/usr/bin/swaymsg",
                          "/usr/bin/setpriv"]

    /// Which of `programs` this machine lacks.
    static func missing(_ programs: [String]) -> [String] {
        programs.filter { !FileManager.default.isExecutableFile(atPath: $0) }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the suite only where `programs` are installed, unless end-to-end tests are required;
    /// a skip names what is missing and how to install it.
    static func needs(_ programs: [String]) -> Self {
        let missing = EndToEnd.missing(programs)
        let reason = "needs \(missing.joined(separator: ", ")): run scripts/setup --test"
        return .enabled(if: EndToEnd.isRequired || missing.isEmpty, Comment(rawValue: reason))
    }
}
