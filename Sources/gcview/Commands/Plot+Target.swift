#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster
import Terminal

/// Where `plot` draws: the backend (none for a PNG, SVG or GIF file), the cell size and the
/// theme of the terminal on standard output when there is one, and the picture's size.
struct PlotTarget {
    let backend: (any GraphicsBackend)?
    let cell: PixelSize
    let theme: Theme
    let size: PixelSize
}

extension Plot {
    /// The target for `destination`: with a terminal on standard output, even a file gets the
    /// terminal's cell size and theme; the protocol is `--protocol`, the terminal's, or
    /// `GCVIEW_PROTOCOL`'s, else sixel. Says what the terminal will not show as sent.
    func chooseTarget(for destination: PlotDestination) throws -> PlotTarget {
        let capabilities = isatty(STDOUT_FILENO) == 1 ? ControllingTerminal.probe(override: graphicsProtocol) : nil
        let format = destination.fileFormat != nil ? nil
            : graphicsProtocol ?? capabilities?.graphicsProtocol ?? Self.protocolFromEnvironment() ?? .sixel
        let cell = capabilities?.cellSize ?? .assumedCell
        let backend = format.map { $0.backend(kittyImageID: Self.freshImageID(), largestSixel: capabilities?.maxSixelSize,
                                           sixelRegisters: capabilities?.sixelColorRegisters,
                                           sixelSqueezedToWholeBands: capabilities?.sixelSqueezedToWholeBands ?? false,
                                           inColour: NoColor.allowsColour) }
        if format == .unicode, let advice = capabilities?.advice { StandardError.write("gcview: note: drawn in braille; \(advice)") }
        if format == .sixel, let cells = capabilities?.tmuxScalesPictures {
            StandardError.write("gcview: note: tmux scales this picture from its \(cells.tmux) px cells to the terminal's \(cells.terminal): "
                                + "not pixel for pixel until the terminal is resized once")
        }
        let imageSize = try chooseSize(for: backend, capabilities: capabilities, cell: cell)
        if let backend, size != nil { Self.noteRowsLost(imageSize.height, backend: backend, cell: cell) }
        try validateRanges(width: imageSize.width, height: imageSize.height)
        try animation?.checkWork(width: imageSize.width, height: imageSize.height)
        let colours = (theme ?? ThemeChoice(background: capabilities?.isDark)).theme
        return PlotTarget(backend: backend, cell: cell, theme: colours, size: imageSize)
    }

    /// The protocol `GCVIEW_PROTOCOL` names, read when nothing else chose one: by `getenv(3)`,
    /// not the whole environment as a dictionary, which cost a plain `plot` 0.1 ms. A value that
    /// names none is said once on stderr, shown safe.
    static func protocolFromEnvironment() -> GraphicsProtocol? {
        guard let pointer = getenv("GCVIEW_PROTOCOL") else { return nil }
        let value = String(cString: pointer)
        if let chosen = GraphicsProtocol(named: value) { return chosen }
        StandardError.write("gcview: warning: GCVIEW_PROTOCOL=\(value.firstLine) is not sixel, kitty, iterm2, unicode or kitty-placeholders; drawing sixel")
        return nil
    }

    /// A kitty image id of its own for each inline graph, so an earlier one is not replaced.
    static func freshImageID() -> UInt32 {
        UInt32.random(in: 1_000...0x7FFF_FFFF)
    }
}
