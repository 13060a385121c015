import Raster
import Testing
import Terminal

/// The largest sixel picture gcview sends: the terminal's maximum, else xterm's, in whole cells inside tmux.
@Suite("Sixel picture limits")
struct SixelLimitTests {
    @Test("inside tmux, xterm's 1000x1000 in whole cells: padded to cells again, a picture still fits",
          arguments: [(9, 19), (8, 17), (10, 20), (7, 15), (1, 1), (13, 29), (333, 600)])
    func tmuxPadding(width: Int, height: Int) {
        let cell = PixelSize(width: width, height: height)
        let limit = SixelLimit(reported: nil, insideTmux: true, cell: cell, textArea: nil)
        #expect(limit.source == .assumedInsideTmux)
        // What tmux sends on: the picture in whole six-pixel bands, padded to whole cells, which
        // xterm takes up to 1000x1000.
        func sent(_ size: PixelSize) -> PixelSize {
            let banded = (size.height + 5) / 6 * 6
            return PixelSize(width: (size.width + width - 1) / width * width, height: (banded + height - 1) / height * height)
        }
        let fits = sent(limit.size)
        #expect(fits.width <= 1000 && fits.height <= 1000, "\(limit.size) is sent as \(fits)")
        // And one pixel more either way would not.
        #expect(sent(PixelSize(width: limit.size.width + 1, height: limit.size.height)).width > 1000, "\(limit.size)")
        #expect(sent(PixelSize(width: limit.size.width, height: limit.size.height + 1)).height > 1000, "\(limit.size)")
    }

    @Test("inside tmux the reply is tmux's, not the terminal's: it is not taken")
    func tmuxReplyIgnored() {
        let limit = SixelLimit(reported: PixelSize(width: 4000, height: 4000), insideTmux: true,
                               cell: PixelSize(width: 9, height: 19), textArea: nil)
        #expect(limit.size == PixelSize(width: 999, height: 984))
        #expect(limit.explanation.contains("tmux pads a picture to whole cells"), "\(limit.explanation)")
    }

    @Test("a reported maximum is taken, within the text area; beyond any picture gcview draws it limits nothing more")
    func reported() {
        let xterm = SixelLimit(reported: PixelSize(width: 1000, height: 1000), insideTmux: false,
                               cell: PixelSize(width: 9, height: 19), textArea: PixelSize(width: 2160, height: 950))
        #expect(xterm.size == PixelSize(width: 1000, height: 948) && xterm.source == .reported)
        let konsole = SixelLimit(reported: PixelSize(width: 16384, height: 16384), insideTmux: false, cell: nil, textArea: nil)
        // Whole six-pixel bands below `SizeLimits.side`.
        #expect(konsole.size == PixelSize(width: SizeLimits.side.upperBound, height: 9_996))
        #expect(konsole.explanation.contains("16384x16384"))
    }

    @Test("nothing reported: xterm's default, which xterm needs whatever the window")
    func unsaid() {
        let limit = SixelLimit(reported: nil, insideTmux: false, cell: PixelSize(width: 10, height: 19),
                               textArea: PixelSize(width: 1200, height: 570))
        #expect(limit.size == PixelSize(width: 1000, height: 570) && limit.source == .assumedUnsaid)
        #expect(limit.explanation == "not reported: xterm's default 1000x1000 assumed, within the text area 1200x570")
        #expect(SixelLimit(reported: nil, insideTmux: false, cell: nil, textArea: nil).size == PixelSize(width: 1000, height: 996))
    }

    @Test("gcview probe inside tmux 3.5a names the limit used and why")
    func probeInsideTmux() throws {
        let replies = ReplyParser.parse(try ReplyFixtures.bytes("tmux-3.5a-xterm-vt340-240x50"))
        let lines = TerminalCapabilities(replies: replies, window: nil, environment: ["TMUX": "/tmp/tmux-0/default,1,0"]).describe()
        #expect(lines.contains("sixel geometry: not reported"))
        #expect(lines.contains("largest sixel picture: 999x948 px: inside tmux, which does not say the outer terminal's: "
            + "xterm's default 1000x1000 assumed, cut to 999x988 in whole 9x19 cells (tmux pads a picture to whole cells), "
            + "within the text area 2160x950, 948 px tall in whole six-pixel bands; laid over 6 rows at a time, "
            + "whose pixels are whole six-pixel bands (this tmux redraws a picture squeezed to them)"), "\(lines)")
    }
}

/// tmux before 3.7 redraws a sixel picture squeezed to the whole six-pixel bands of the rows it
/// covers (tmux issue 4529). The model below is tmux 3.5a's `sixel_scale` as its source has it,
/// an independent check on the rows gcview lays a picture over.
@Suite("Pictures tmux does not squeeze")
struct TmuxSqueezeTests {
    /// The source row tmux 3.5a draws at each screen row of a picture over `rows` rows of
    /// `cellHeight`-pixel cells: `tsy = ((sy * ypixel) / 6) * 6`, `py = y * psy / tsy`.
    static func rowsDrawn(rows: Int, cellHeight: Int) -> [Int] {
        let source = rows * cellHeight, target = source / 6 * 6
        return (0..<target).map { Int(Double($0) * Double(source) / Double(target)) }
    }

    @Test("Over the rows gcview chooses, every pixel row is drawn as sent, in cells 12 to 40 pixels tall",
          arguments: 12...40)
    func asSent(cellHeight: Int) {
        let backend = SixelBackend(squeezedToWholeBands: true)
        for available in 1...60 {
            let rows = backend.rowsShownPixelForPixel(atMost: available, cellHeight: cellHeight)
            #expect(rows <= available && rows > available - 6)
            guard available >= SixelLimit.rowStep(cellHeight: cellHeight) else { continue }
            #expect(Self.rowsDrawn(rows: rows, cellHeight: cellHeight) == Array(0..<(rows * cellHeight)),
                    "\(rows) rows of \(cellHeight) px")
        }
        // Where rows are not whole bands, tmux drops some: the check above can fail.
        if cellHeight % 6 != 0 {
            #expect(Self.rowsDrawn(rows: 1, cellHeight: cellHeight).count < cellHeight)
        }
        #expect(SixelBackend().rowsShownPixelForPixel(atMost: 22, cellHeight: cellHeight) == 22, "outside tmux, any rows")
    }

    @Test("The rows a picture loses: as the model draws them, none over the rows chosen, none outside tmux")
    func rowsLost() {
        let backend = SixelBackend(squeezedToWholeBands: true)
        // 22 rows of 19 px (the app's graph at 80x24 before): 414 of 418 rows drawn.
        #expect(backend.rowsLost(pictureHeight: 418, cellHeight: 19) == 4)
        for cellHeight in [15, 16, 17, 18, 19, 20, 23] {
            for height in stride(from: 16, through: 1200, by: 7) {
                let rows = backend.rows(forHeight: height, cellHeight: cellHeight)
                let drawn = Set(Self.rowsDrawn(rows: rows, cellHeight: cellHeight))
                #expect(backend.rowsLost(pictureHeight: height, cellHeight: cellHeight) == (0..<height).count { !drawn.contains($0) },
                        "\(height) px in \(cellHeight) px cells")
                #expect(SixelBackend().rowsLost(pictureHeight: height, cellHeight: cellHeight) == 0)
            }
            let whole = backend.rowsShownPixelForPixel(atMost: 40, cellHeight: cellHeight)
            #expect(backend.rowsLost(pictureHeight: whole * cellHeight, cellHeight: cellHeight) == 0)
        }
    }

    @Test("The step: 6 rows of 19 px, 3 of 16 or 20, 2 of 15 or 21, 1 of 12 or 18")
    func steps() {
        #expect([19, 17, 23, 16, 20, 15, 21, 12, 18].map { SixelLimit.rowStep(cellHeight: $0) } == [6, 6, 6, 3, 3, 2, 2, 1, 1])
    }

    @Test("Which tmux squeezes: releases before 3.7, and one that does not say its release")
    func versions() {
        for name in ["tmux 3.5a", "tmux 3.4", "tmux 3.6a", "tmux 2.9", "tmux next-3.7", "tmux", "tmux master"] {
            #expect(SixelLimit.tmuxSqueezesPictures(name: name), "\(name)")
        }
        for name in ["tmux 3.7", "tmux 3.10", "tmux 4.0b"] {
            #expect(!SixelLimit.tmuxSqueezesPictures(name: name), "\(name)")
        }
        #expect(SixelLimit(reported: nil, insideTmux: true, cell: nil, textArea: nil, tmuxName: "tmux 3.5a").squeezedToWholeBands)
        #expect(!SixelLimit(reported: nil, insideTmux: true, cell: nil, textArea: nil, tmuxName: "tmux 3.7").squeezedToWholeBands)
        #expect(!SixelLimit(reported: nil, insideTmux: false, cell: nil, textArea: nil).squeezedToWholeBands)
    }
}
