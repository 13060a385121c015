import Raster
/// The largest sixel picture a terminal shows, and why gcview believes so.
///
/// A terminal says its largest picture in reply to XTSMGRAPHICS `Pi=2 Pa=4` ("read the maximum";
/// `Pa=1` reads the current geometry, which xterm and foot cut to the window). xterm drops a
/// picture larger than its maximum altogether (1000x1000 unless configured), so where nothing is
/// said, that is assumed. Inside tmux the reply is tmux's own failure, and tmux sends a picture on
/// padded to whole cells (1000 px in 9 px cells becomes 1008), so there the limit is xterm's,
/// cut to whole cells. A picture larger than the text area would be cropped; and a sixel picture
/// is whole six-pixel bands tall.
public struct SixelLimit: Sendable, Equatable {
    /// Where the limit comes from.
    public enum Source: Sendable, Equatable {
        /// The terminal's reply to XTSMGRAPHICS.
        case reported
        /// Assumed inside tmux, whose own reply says nothing of the terminal outside.
        case assumedInsideTmux
        /// Assumed because the terminal did not say (or said something refused).
        case assumedUnsaid
    }

    /// xterm's default largest sixel picture (its `maxGraphicSize` resource).
    public static let xtermDefault = PixelSize(width: 1000, height: 1000)

    /// The largest picture that is shown whole: no side beyond the terminal's maximum or the text area.
    public let size: PixelSize
    /// Where the maximum comes from.
    public let source: Source
    /// Why `size` is what it is, for `gcview probe`.
    public let explanation: String
    /// Whether a picture is redrawn squeezed to the whole six-pixel bands of the cells it covers,
    /// as tmux up to 3.6 does (its `sixel_scale`; tmux issue 4529): a picture over 22 rows of
    /// 19-pixel cells (418 pixels) is drawn 414 pixels tall, a pixel row dropped every 105, so a
    /// minus sign or a one-pixel line can vanish. A picture over rows whose pixels are whole bands
    /// is drawn as sent.
    public let squeezedToWholeBands: Bool

    /// The fewest rows of `cellHeight`-pixel cells whose pixels are whole six-pixel bands: a
    /// picture squeezed to whole bands is shown as sent over a multiple of them (6 rows of
    /// 19-pixel cells, 3 of 16-pixel ones, any number of 18-pixel ones).
    public static func rowStep(cellHeight: Int) -> Int {
        func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int { b == 0 ? a : greatestCommonDivisor(b, a % b) }
        return cellHeight > 0 ? 6 / greatestCommonDivisor(cellHeight, 6) : 1
    }

    /// Whether the tmux that answered XTVERSION with `name` squeezes pictures: every release before
    /// 3.7, and a name that does not say its release (a build from master, "tmux next-3.7"), which
    /// costs at most a few rows of picture if it does not.
    public static func tmuxSqueezesPictures(name: String?) -> Bool {
        guard let release = TmuxRelease(name: name), !release.isDevelopment else { return true }
        return !release.isAtLeast(3, 7)
    }

    /// The limit for a terminal that reported `reported` (nil: nothing, or refused), inside tmux
    /// or not, with cells of `cell` pixels and a text area of `textArea` pixels, where known.
    ///
    /// `squeezedToWholeBands` only matters inside tmux: by default, whether the tmux named
    /// `tmuxName` squeezes pictures.
    public init(reported: PixelSize?, insideTmux: Bool, cell: PixelSize?, textArea: PixelSize?, tmuxName: String? = nil) {
        squeezedToWholeBands = insideTmux && Self.tmuxSqueezesPictures(name: tmuxName)
        var maximum: PixelSize
        var why: String
        if let reported, !insideTmux {
            source = .reported
            // Konsole says 16384x16384; no picture gcview draws is larger than `SizeLimits.side`.
            maximum = SizeLimits.clampedPicture(reported)
            why = "the terminal's maximum \(reported) (XTSMGRAPHICS)"
        } else {
            source = insideTmux ? .assumedInsideTmux : .assumedUnsaid
            maximum = Self.xtermDefault
            why = insideTmux ? "inside tmux, which does not say the outer terminal's: xterm's default \(maximum) assumed"
                             : "not reported: xterm's default \(maximum) assumed"
        }
        if insideTmux, let cell, cell.width > 0, cell.height > 0 {
            let whole = PixelSize(width: max(maximum.width / cell.width, 1) * cell.width,
                                  height: max(maximum.height / cell.height, 1) * cell.height)
            if whole != maximum {
                maximum = whole
                why += ", cut to \(whole) in whole \(cell) cells (tmux pads a picture to whole cells)"
            }
        }
        if let textArea, textArea.width < maximum.width || textArea.height < maximum.height {
            maximum = PixelSize(width: min(maximum.width, textArea.width), height: min(maximum.height, textArea.height))
            why += ", within the text area \(textArea)"
        }
        // A sixel picture is drawn (and counted by tmux) in whole six-pixel bands: 988 px would be 990.
        if maximum.height >= 6, maximum.height % 6 != 0 {
            maximum.height -= maximum.height % 6
            why += ", \(maximum.height) px tall in whole six-pixel bands"
        }
        if squeezedToWholeBands, let cell, cell.height > 0, Self.rowStep(cellHeight: cell.height) > 1 {
            why += "; laid over \(Self.rowStep(cellHeight: cell.height)) rows at a time, whose pixels are whole"
                + " six-pixel bands (this tmux redraws a picture squeezed to them)"
        }
        size = maximum
        explanation = why
    }
}
