import Foundation
import Raster
import Testing
@testable import Terminal

/// Inside tmux the pane's own pixel sizes (CSI 16 t, CSI 14 t, TIOCGWINSZ) are tmux's idea of the
/// window: 16x32 a cell for one made with no client (`tmux new -d`), kept when a client of the same
/// rows and columns attaches. tmux takes a sixel picture in those cells and scales it to the
/// terminal's 9x19: a picture drawn for 9x19 shrinks to 9/16 of its cells, so gcview keeps
/// drawing in tmux's cells, and says that tmux scales. tmux 3.5a gave these with xterm -ti vt340
/// attached to such a window: `#{client_cell_width}x#{client_cell_height}` 9x19, the pane 1600x960 px.
@Suite("tmux's clients say the terminal's cell")
struct TmuxClientCellTests {
    static let tmux = ["TMUX": "/tmp/tmux-0/default,4242,0", "TMUX_PANE": "%3"]
    static let xterm = "bpaste,ccolour,clipboard,focus,sixel,title\txterm\t1795800000\t9x19\tXTerm(379)\n"

    @Test("The listing's cell field: read, not said, out of bounds, and the earlier formats as before")
    func listing() throws {
        let xterm = try #require(TmuxClients(listing: Array(Self.xterm.utf8)))
        #expect(xterm.clients == [.init(features: ["bpaste", "ccolour", "clipboard", "focus", "sixel", "title"], name: "XTerm(379)",
                                        created: 1_795_800_000, cell: PixelSize(width: 9, height: 19))])
        let unsaid = try #require(TmuxClients(listing: Array("sixel\txterm\t1795800000\tx\tXTerm(379)\n".utf8)))
        #expect(unsaid.clients.first?.cell == nil && unsaid.clients.first?.name == "XTerm(379)", "tmux 3.2 prints nothing for the formats")
        let huge = try #require(TmuxClients(listing: Array("sixel\txterm\t1795800000\t99999x19\tXTerm(379)\n".utf8)))
        #expect(huge.clients.first?.cell == nil, "a cell beyond SizeLimits.cell is not believed")
        // The four-field format of the previous release, its XTVERSION holding a tab: the rest of the line.
        let tabbed = try #require(TmuxClients(listing: Array("sixel\txterm\t1795800000\tTerm\twith tab\n".utf8)))
        #expect(tabbed.clients.first?.name == "Term?with tab", "the tab shown as ? as any control is")
        #expect(tabbed.clients.first?.cell == nil && tabbed.clients.first?.created == 1_795_800_000)
        // The recorded listings (four fields) read as before, no cell.
        #expect(try TmuxListings.clients("tmux-3.5a-clients-xterm-vt340").clients.allSatisfy { $0.cell == nil })
        #expect(TmuxClients(listing: Array("sixel\txterm\t1795800000\t9x19\u{1B}[2J\tX\n".utf8))?.clients.first?.cell == nil,
                "an escape where the cell goes: not a cell")
    }

    @Test("Hostile listings, 5000 of them from a fixed seed: never a crash, a cell only within bounds, names free of controls")
    func hostileListings() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces: [[UInt8]] = ["sixel", "\t", "\n", "x", "9", "19", "99999", "0", "-1", "1795800000", "kitty(0.41.1)",
                                 "\u{1B}[2J", "\u{9B}", "\u{7}", ",", "XTerm(379)", "", " ", "\u{202E}"].map { Array($0.utf8) }
        for _ in 0..<5000 {
            var line = [UInt8]()
            for _ in 0..<next(14) { line += pieces[next(pieces.count)] }
            if next(4) == 0 { line += (0..<next(8)).map { _ in UInt8(next(256)) } }
            guard let clients = TmuxClients(listing: line) else { continue }
            for client in clients.clients {
                if let cell = client.cell {
                    #expect(SizeLimits.cell.contains(cell.width) && SizeLimits.cell.contains(cell.height), "\(line)")
                }
                #expect(!client.name.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line)")
            }
        }
    }

    @Test("The clients' one cell: all the same, else none")
    func commonCell() throws {
        let nine = PixelSize(width: 9, height: 19), ten = PixelSize(width: 10, height: 20)
        #expect(TmuxClients(clients: [.init(features: [], name: "a", cell: nine), .init(features: [], name: "b", cell: nine)]).commonCell == nine)
        #expect(TmuxClients(clients: [.init(features: [], name: "a", cell: nine), .init(features: [], name: "b", cell: ten)]).commonCell == nil)
        #expect(TmuxClients(clients: [.init(features: [], name: "a", cell: nine), .init(features: [], name: "b")]).commonCell == nil)
        #expect(TmuxClients(clients: []).commonCell == nil)
    }

    @Test("A window made with no client, xterm attached: drawn in tmux's 16x32 cells, which tmux scales; probe says so")
    func staleWindow() throws {
        // tmux's own answers at that moment: CSI 16 t 16x32, CSI 14 t 1600x960, DA1 with 4.
        let replies = ReplyParser.parse(Array("\u{1B}P>|tmux 3.5a\u{1B}\\\u{1B}[6;32;16t\u{1B}[4;960;1600t\u{1B}[?1;2;4c".utf8))
        let window = WindowSize(columns: 100, rows: 30, pixelWidth: 1600, pixelHeight: 960)
        let clients = try #require(TmuxClients(listing: Array(Self.xterm.utf8)))
        let capabilities = TerminalCapabilities(replies: replies, window: window, environment: Self.tmux, tmux: .clients(clients))
        #expect(capabilities.graphicsProtocol == .sixel)
        #expect(capabilities.cellSize == PixelSize(width: 16, height: 32), "tmux's cells: tmux places the picture in them")
        #expect(capabilities.tmuxClientCell == PixelSize(width: 9, height: 19))
        let scales = try #require(capabilities.tmuxScalesPictures, "plot and the app say so")
        #expect(scales.tmux == PixelSize(width: 16, height: 32) && scales.terminal == PixelSize(width: 9, height: 19))
        let notes = capabilities.describe()
        #expect(notes.contains { $0.hasPrefix("  cell size: tmux takes this pane's cells as 16x32 px and scales pictures to its client's 9x19") },
                "\(notes)")

        // Where tmux and its client agree, or the client says nothing, no such note.
        let agreeing = try #require(TmuxClients(listing: Array(Self.xterm.replacingOccurrences(of: "9x19", with: "16x32").utf8)))
        let same = TerminalCapabilities(replies: replies, window: window, environment: Self.tmux, tmux: .clients(agreeing))
        #expect(!same.describe().contains { $0.contains("scales pictures") } && same.tmuxScalesPictures == nil)
        let braille = TerminalCapabilities(replies: replies, window: window, environment: Self.tmux, override: .unicode, tmux: .clients(clients))
        #expect(braille.tmuxScalesPictures == nil, "braille is text: nothing to scale")
        let older = try #require(TmuxClients(listing: Array("sixel\txterm\t1795800000\tx\tXTerm(379)\n".utf8)))
        let unsaid = TerminalCapabilities(replies: replies, window: window, environment: Self.tmux, tmux: .clients(older))
        #expect(unsaid.tmuxClientCell == nil && !unsaid.describe().contains { $0.contains("scales pictures") })
        // Outside tmux a listing is never asked for; given one, its cell is not taken.
        let outside = TerminalCapabilities(replies: ReplyParser.parse(Array("\u{1B}[6;20;10t\u{1B}[?62;4c".utf8)), window: window,
                                           environment: [:], tmux: .clients(clients))
        #expect(outside.tmuxClientCell == nil)
    }
}
