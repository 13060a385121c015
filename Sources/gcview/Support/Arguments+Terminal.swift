import ArgumentParser
import Raster
import Terminal

extension GraphicsProtocol: ArgumentChoice {}

/// The colour scheme asked for on the command line.
enum ThemeChoice: String, ArgumentChoice {
    case dark
    case light

    /// The choice that matches the terminal's background; dark when it is unknown.
    init(background isDark: Bool?) {
        self = isDark == false ? .light : .dark
    }

    /// The graph colours of this choice.
    var theme: Theme { self == .dark ? .dark : .light }
}
