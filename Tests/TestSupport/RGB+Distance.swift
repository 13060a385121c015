import Raster

extension RGB {
    /// How far this colour lies from `other`: the sum of the three channels' differences.
    package func distance(to other: RGB) -> Int {
        abs(Int(red) - Int(other.red)) + abs(Int(green) - Int(other.green)) + abs(Int(blue) - Int(other.blue))
    }

    /// Whether this colour lies nearer `ink` than `paper`: an anti-aliased pixel of that ink.
    package func isInk(_ ink: RGB, over paper: RGB) -> Bool {
        distance(to: ink) < distance(to: paper)
    }
}
