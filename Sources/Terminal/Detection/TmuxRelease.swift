/// tmux's release, read from the name it answers XTVERSION with (`tmux 3.5a`): what the probe's
/// choices that depend on tmux's age (colours it passes on, pictures it squeezes) go by.
struct TmuxRelease: Sendable {
    var major: Int
    var minor: Int
    /// A build from tmux's development branch (`tmux next-3.7`): `major.minor` is the release it leads to.
    var isDevelopment = false

    /// The release in `name`: `tmux 3.5a` is 3.5, `tmux 3.10` is 3.10, `tmux next-3.7` is 3.7 in
    /// development; nil for another terminal's name, or one without a release (`tmux`, `tmux master`).
    init?(name: String?) {
        guard let name, name.hasPrefix("tmux ") else { return nil }
        var release = name.dropFirst("tmux ".count)
        isDevelopment = release.hasPrefix("next-")
        if isDevelopment { release = release.dropFirst("next-".count) }
        let numbers = release.prefix { ($0.isASCII && $0.isNumber) || $0 == "." }.split(separator: ".").compactMap { Int($0) }
        guard numbers.count >= 2 else { return nil }
        (major, minor) = (numbers[0], numbers[1])
    }

    /// Whether this is `major.minor` or later.
    func isAtLeast(_ major: Int, _ minor: Int) -> Bool {
        (self.major, self.minor) >= (major, minor)
    }
}
