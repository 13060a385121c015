import Raster
import Terminal

/// The size of `plot`'s picture: `--size`, or one chosen for the terminal.
extension Plot {
    /// `--size` exactly, or the terminal's width and a pleasant height, never larger than the
    /// terminal can show uncropped; for braille, the whole cells those pixels cover, in dots.
    func chooseSize(for backend: (any GraphicsBackend)?, capabilities: TerminalCapabilities?,
                            cell: PixelSize) throws -> PixelSize {
        var pixels = try chooseSize(limit: backend?.largestPicture(cell: cell), capabilities: capabilities, cell: cell)
        // Where the terminal squeezes a picture to the six-pixel bands of its rows (tmux before 3.7),
        // the size gcview chooses covers rows it shows pixel for pixel; --size is taken as given.
        if let backend, size == nil, cell.height > 0 {
            let rows = backend.rows(forHeight: pixels.height, cellHeight: cell.height)
            let whole = backend.rowsShownPixelForPixel(atMost: rows, cellHeight: cell.height)
            if whole < rows { pixels.height = max(whole, 1) * cell.height }
        }
        // Braille is whole cells of dots; a picture shown over whole cells (kitty's placeholders) is
        // made whole cells of pixels too, unless --size says otherwise.
        guard let backend, !backend.abilities.drawsPixels || (backend.abilities.fillsWholeCells && size == nil)
        else { return pixels }
        let unit = backend.pixels(perCell: cell)
        let columns = max(pixels.width / max(cell.width, 1), 1), rows = max(pixels.height / max(cell.height, 1), 1)
        return PixelSize(width: columns * unit.width, height: rows * unit.height)
    }

    /// Says in one line when the terminal will not draw some of a picture's pixel rows (a `--size`
    /// whose rows tmux before 3.7 squeezes), and the heights near it that it draws as sent.
    static func noteRowsLost(_ height: Int, backend: any GraphicsBackend, cell: PixelSize) {
        let lost = backend.rowsLost(pictureHeight: height, cellHeight: cell.height)
        guard lost > 0 else { return }
        let rows = backend.rows(forHeight: height, cellHeight: cell.height)
        let below = backend.rowsShownPixelForPixel(atMost: rows, cellHeight: cell.height)
        let above = ((rows + 1)...(rows + 6)).first { backend.rowsShownPixelForPixel(atMost: $0, cellHeight: cell.height) == $0 }
        let heights = ([below] + (above.map { [$0] } ?? [])).map { $0 * cell.height }
            .filter { $0 >= 16 && backend.rowsLost(pictureHeight: $0, cellHeight: cell.height) == 0 }
        StandardError.write("gcview: note: this tmux draws a sixel picture squeezed to whole six-pixel bands: \(lost) of "
                            + "the \(height) pixel rows will not show; "
                            + heights.map { "\($0)" }.joined(separator: " or ") + " px tall is drawn as sent")
    }

    /// The picture's size in the terminal's pixels, within `limit`.
    private func chooseSize(limit: PixelSize?, capabilities: TerminalCapabilities?, cell: PixelSize) throws -> PixelSize {
        if let size {
            let requested = PixelSize(width: size.width, height: size.height)
            if let limit, requested.width > limit.width || requested.height > limit.height {
                throw PlotError.tooLargeForTerminal(requested: requested, largest: limit)
            }
            return requested
        }
        guard let capabilities, let columns = capabilities.columns, let rows = capabilities.rows else {
            return PixelSize(width: 800, height: 500)
        }
        let area = capabilities.textAreaSize ?? PixelSize(width: columns * cell.width, height: rows * cell.height)
        var width = area.width
        // Leave room for the prompt above and below; a graph wider than tall reads best.
        let roomyRows = max(rows - 3, 4)
        var height = min(width * 5 / 8, roomyRows * cell.height)
        if let limit {
            width = min(width, limit.width)
            height = min(height, limit.height)
        }
        // A text area is already within `SizeLimits.area`; a picture is also within its sides.
        let sides = SizeLimits.side
        return PixelSize(width: min(max(width, sides.lowerBound), sides.upperBound),
                         height: min(max(height, sides.lowerBound), sides.upperBound))
    }
}
