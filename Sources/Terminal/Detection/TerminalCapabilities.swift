import Raster

/// How gcview draws pictures in a terminal.
public enum GraphicsProtocol: String, CaseIterable, Sendable {
    case sixel
    case kitty
    /// iTerm2's inline images (OSC 1337), also shown by WezTerm, Konsole and mintty.
    case iterm2
    case unicode
    /// kitty graphics placed by Unicode placeholder cells and sent through tmux's passthrough:
    /// kitty 0.28+ (and Ghostty) inside tmux.
    case kittyPlaceholders = "kitty-placeholders"

    /// The protocol `GCVIEW_PROTOCOL` names in `environment` (any case), or nil if unset or unknown.
    public static func requested(in environment: [String: String]) -> GraphicsProtocol? {
        environment["GCVIEW_PROTOCOL"].flatMap(GraphicsProtocol.init(named:))
    }

    /// The protocol a value of `GCVIEW_PROTOCOL` names, in any case; nil when it names none.
    public init?(named value: String) {
        self.init(rawValue: value.lowercased())
    }
}

extension PixelSize {
    /// The cell assumed when a terminal does not say its own: 10 x 20 pixels, a common size.
    public static let assumedCell = PixelSize(width: 10, height: 20)
}

/// What the terminal can show and how big things are, with a note on how each fact was learned.
public struct TerminalCapabilities: Sendable, Equatable {
    /// The protocol images are drawn with.
    public var graphicsProtocol: GraphicsProtocol
    /// Whether the kitty graphics query was answered OK.
    public var supportsKitty: Bool
    /// Whether DA1 listed sixel (attribute 4).
    public var supportsSixel: Bool
    /// One character cell, in pixels.
    public var cellSize: PixelSize?
    /// Inside tmux, the cell of the terminals that show the pane as tmux's clients say it, when
    /// they all say the same. tmux draws a picture in its own idea of the pane's cell (`cellSize`,
    /// from its replies), scaled to this one: where the two differ (a window made with no client
    /// keeps tmux's default 16x32 until its size changes), pictures are not shown pixel for pixel.
    public var tmuxClientCell: PixelSize?
    /// The text area, in pixels.
    public var textAreaSize: PixelSize?
    /// The terminal width in cells.
    public var columns: Int?
    /// The terminal height in cells.
    public var rows: Int?
    /// Sixel colour registers: as reported, else 16 when sixel is supported.
    public var sixelColorRegisters: Int?
    /// The largest sixel image the terminal reported (XTSMGRAPHICS, read the maximum).
    public var sixelGeometry: PixelSize?
    /// The largest sixel picture shown whole, and why; nil when sixel is neither supported nor chosen.
    public var sixelLimit: SixelLimit?
    /// The largest sixel picture shown whole (see `SixelLimit`).
    public var maxSixelSize: PixelSize? { sixelLimit?.size }
    /// Whether sixel pictures are squeezed to whole six-pixel bands of the rows they cover (tmux).
    public var sixelSqueezedToWholeBands: Bool { sixelLimit?.squeezedToWholeBands ?? false }
    /// The default background colour (OSC 11).
    public var background: RGB?
    /// The default foreground colour (OSC 10): what text without a colour of its own is drawn in.
    public var foreground: RGB?
    /// The terminal's name and version (XTVERSION), sanitized.
    public var terminalName: String?
    /// How each value was learned, and anything odd in the replies (sanitized).
    public var notes: [String]
    /// One line for the user when a setting of theirs stands between them and pictures: kitty
    /// inside tmux with passthrough off (`TmuxAnswer.passthroughAdvice`); nil otherwise, and when
    /// the protocol was chosen explicitly.
    public var advice: String?
    /// How to choose the protocol again when the terminals showing tmux's pane change; nil
    /// outside tmux and when the protocol was chosen explicitly (set by `TerminalProbe.detect`).
    public var rechoice: TmuxRechoice?
    /// Whether the terminal's DA1 reply, which comes last, arrived before the deadline; when false, more
    /// replies may still come (see `TerminalProbe.discardLateReplies(input:until:)`).
    public var answeredInTime: Bool

    /// The two cells when tmux scales sixel pictures: its own idea of the pane's (`cellSize`, in
    /// which gcview draws, as tmux places a picture by it) and its clients' (`tmuxClientCell`).
    /// A window made with no client keeps tmux's default, 16x32 px, until its size changes, so a
    /// terminal with 9x19 cells attached to it gets every picture scaled: not pixel for pixel.
    public var tmuxScalesPictures: (tmux: PixelSize, terminal: PixelSize)? {
        guard graphicsProtocol == .sixel, let tmuxClientCell, let cellSize, tmuxClientCell != cellSize else { return nil }
        return (cellSize, tmuxClientCell)
    }

    /// Whether the background is dark (Rec. 601 luma below half scale); nil if unknown.
    public var isDark: Bool? { background.map(Self.isDark) }

    /// Whether `background` is dark: Rec. 601 luma below half scale.
    public static func isDark(_ background: RGB) -> Bool {
        299 * Int(background.red) + 587 * Int(background.green) + 114 * Int(background.blue) < 128 * 1000
    }

    /// The capabilities the probe replies imply, given the window size, the environment and an explicit choice.
    ///
    /// The protocol is `override`, else `GCVIEW_PROTOCOL`, else inside tmux sixel if DA1 has 4 and
    /// `tmux` (its answer about its clients) says every client's terminal shows sixel, and unicode
    /// if not, else OSC 1337 in WezTerm, iTerm2 and mintty (XTVERSION or `TERM_PROGRAM`),
    /// else kitty if the kitty query said OK, else sixel if DA1 has 4, else unicode.
    ///
    /// Windows Terminal's pixel sizes are a fixed 10 x 20 cell whatever the font, so there they are
    /// not taken as the cell's.
    public init(replies: ProbeReplies, window: WindowSize?, environment: [String: String] = [:],
                override: GraphicsProtocol? = nil, tmux: TmuxAnswer? = nil) {
        var notes = [String]()
        answeredInTime = replies.deviceAttributes != nil
        supportsKitty = replies.kitty == .ok
        supportsSixel = replies.deviceAttributesSayIsSixel
        if case .error(let message) = replies.kitty { notes.append("kitty graphics query refused: \(message)") }
        notes += replies.refusals
        if replies.deviceAttributes == nil { notes.append("no DA1 reply: terminal silent or too slow") }

        if let override {
            graphicsProtocol = override
            notes.append("protocol: chosen explicitly")
        } else if let chosen = GraphicsProtocol.requested(in: environment) {
            graphicsProtocol = chosen
            notes.append("protocol: from GCVIEW_PROTOCOL")
        } else if replies.comeThroughTmux(environment: environment) {
            // DA1 says whether tmux parses sixel; its clients' features, whether the user sees it.
            // Kitty graphics pass through only inside tmux's passthrough, placed by placeholder
            // cells (kitty 0.28+, Ghostty); tmux 3.3a has no sixel.
            let note: String
            (graphicsProtocol, note) = (tmux ?? .unavailable("not asked")).choice(tmuxParsesSixel: supportsSixel)
            notes.append(note)
            if graphicsProtocol == .unicode { advice = tmux?.passthroughAdvice }
        } else if let host = Self.inlineImageTerminal(name: replies.terminalName, environment: environment) {
            graphicsProtocol = .iterm2
            notes.append("protocol: iterm2 (OSC 1337), the image protocol \(host) knows best")
        } else if supportsKitty {
            graphicsProtocol = .kitty
            notes.append("protocol: kitty graphics query answered OK")
        } else if supportsSixel {
            graphicsProtocol = .sixel
            notes.append("protocol: DA1 lists sixel (4)")
        } else {
            graphicsProtocol = .unicode
            notes.append("protocol: no graphics support reported")
        }
        if let requested = environment["GCVIEW_PROTOCOL"], GraphicsProtocol.requested(in: environment) == nil {
            notes.append("GCVIEW_PROTOCOL=\"\(sanitized(Array(requested.lowercased().utf8)))\" ignored: use sixel, kitty, iterm2, unicode or kitty-placeholders")
        }

        if let window, window.refusingAbsurdPixels != nil {
            notes.append("TIOCGWINSZ pixels \(window.pixelWidth)x\(window.pixelHeight) for \(window.columns)x\(window.rows) cells refused: "
                + "beyond \(ReplyParser.show(SizeLimits.cell)) px a cell or \(ReplyParser.show(SizeLimits.area)) px a side")
        }
        let window = window?.withinLimits
        columns = window.flatMap { $0.columns > 0 ? $0.columns : nil }
        rows = window.flatMap { $0.rows > 0 ? $0.rows : nil }
        let windowPixels = window.flatMap { $0.pixelWidth > 0 && $0.pixelHeight > 0
            ? PixelSize(width: $0.pixelWidth, height: $0.pixelHeight) : nil }

        let isWindowsTerminal = Self.isWindowsTerminal(replies: replies, environment: environment)
        let sizes = isWindowsTerminal ? replies.withoutPixelSizes : replies
        if isWindowsTerminal {
            notes.append("Windows Terminal: its CSI 16t/14t sizes are a fixed 10x20 cell, not the font's; ignored")
        }
        terminalName = replies.terminalName
        if replies.comeThroughTmux(environment: environment), case .clients(let clients)? = tmux {
            tmuxClientCell = clients.commonCell
        } else {
            tmuxClientCell = nil
        }
        if let reported = sizes.textAreaSize {
            textAreaSize = reported
            notes.append("text area: CSI 14 t reply")
        } else if let windowPixels {
            textAreaSize = windowPixels
            notes.append("text area: TIOCGWINSZ pixels")
        } else {
            textAreaSize = nil
        }

        var fromWindow: PixelSize?
        if let area = windowPixels ?? sizes.textAreaSize, let columns, let rows {
            fromWindow = PixelSize(width: area.width / columns, height: area.height / rows)
        }
        if let reported = sizes.cellSize {
            cellSize = reported
            notes.append("cell size: CSI 16 t reply")
            if let fromWindow, abs(fromWindow.width - reported.width) > 1 || abs(fromWindow.height - reported.height) > 1 {
                notes.append("cell size: window pixels suggest \(fromWindow) instead")
            }
        } else if let fromWindow, SizeLimits.checked(fromWindow, within: SizeLimits.cell) != nil {
            cellSize = fromWindow
            notes.append(windowPixels != nil ? "cell size: TIOCGWINSZ pixels / cells (no CSI 16 t reply)"
                                             : "cell size: CSI 14 t area / cells")
        } else {
            cellSize = nil
        }
        sixelGeometry = replies.sixelGeometry
        if let registers = replies.sixelColorRegisters {
            sixelColorRegisters = registers
            notes.append("colour registers: XTSMGRAPHICS")
        } else if supportsSixel {
            sixelColorRegisters = 16
            notes.append("colour registers: 16 assumed (not reported)")
        } else {
            sixelColorRegisters = nil
        }
        if supportsSixel || graphicsProtocol == .sixel || replies.sixelGeometry != nil {
            let insideTmux = replies.comeThroughTmux(environment: environment)
            sixelLimit = SixelLimit(reported: replies.sixelGeometry, insideTmux: insideTmux, cell: cellSize, textArea: textAreaSize,
                                    tmuxName: replies.terminalName)
        } else {
            sixelLimit = nil
        }

        background = replies.background
        foreground = replies.foreground
        if replies.background != nil { notes.append("background: OSC 11 reply") }
        self.notes = notes
        if let cells = tmuxScalesPictures {
            self.notes.append("cell size: tmux takes this pane's cells as \(cells.tmux) px and scales pictures to its client's \(cells.terminal) "
                + "(a window made with no client keeps tmux's default until its size changes): not pixel for pixel")
        }
    }

    /// The terminal whose best image protocol is OSC 1337, by its XTVERSION name or `TERM_PROGRAM`.
    static func inlineImageTerminal(name: String?, environment: [String: String]) -> String? {
        let known = ["WezTerm", "iTerm2", "mintty"]
        if let name, let match = known.first(where: { name.hasPrefix($0) }) { return match }
        switch environment["TERM_PROGRAM"] {
        case "WezTerm"?: return "WezTerm"
        case "iTerm.app"?: return "iTerm2"
        case "mintty"?: return "mintty"
        default: return nil
        }
    }

    /// Whether this is Windows Terminal: `WT_SESSION` is set, or DA1 is its exact answer.
    static func isWindowsTerminal(replies: ProbeReplies, environment: [String: String]) -> Bool {
        if let session = environment["WT_SESSION"], !session.isEmpty, environment["TMUX"] == nil { return true }
        return replies.deviceAttributes == [61, 4, 6, 7, 14, 21, 22, 23, 24, 28, 32, 42] && replies.terminalName == nil
    }

    /// Lines describing the capabilities, for `gcview probe`.
    public func describe() -> [String] {
        func show(_ size: PixelSize?) -> String { size.map(\.description) ?? "unknown" }
        var lines = [
            "protocol: \(graphicsProtocol.rawValue) (kitty: \(supportsKitty ? "yes" : "no"), sixel: \(supportsSixel ? "yes" : "no"))",
            "terminal: \(terminalName ?? "did not say (XTVERSION)")",
            "cell size: \(show(cellSize)) px",
            "text area: \(show(textAreaSize)) px, \(columns.map(String.init) ?? "?")x\(rows.map(String.init) ?? "?") cells",
            "sixel colour registers: \(sixelColorRegisters.map(String.init) ?? "n/a")",
            "sixel geometry: \(sixelGeometry.map { "\($0) (XTSMGRAPHICS maximum)" } ?? "not reported")",
        ]
        if let sixelLimit { lines.append("largest sixel picture: \(sixelLimit.size) px: \(sixelLimit.explanation)") }
        if let background, let isDark {
            let hex = [background.red, background.green, background.blue].map { value in
                let digits = String(value, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
            lines.append("background: #\(hex) (\(isDark ? "dark" : "light"))")
        } else {
            lines.append("background: unknown")
        }
        return lines + notes.map { "  \($0)" }
    }
}
