@testable import App
import TestSupport
import Terminal

/// Draws random actions, weighted towards what a person does most, aimed at what is on screen.
struct FuzzActionGenerator {
    var random: SplitMix64

    /// Every key the help lists, and the control keys that quit or suspend.
    static let helpKeys: [KeyPress] =
        "0123456789.+-*/^=cnspmxM:gihjklfr?adLD".map { .character($0) }
        + [.enter, .backspace, .tab, .backTab, .escape, .up, .down, .left, .right, .control("z")]
        // Sliders and playback (issue 23): Shift with an arrow, Space, < and > (not w: it writes files).
        + [.shifted(.left), .shifted(.right), .character(" "), .character("<"), .character(">")]
    /// What is typed on a slider's entry line: values, ranges, and what it must refuse.
    static let sliderEntries = [
        "2.5", "-3", "1e308", "-1e308", "[-1e308, 1e308]", "[0, 1]", "[5, 5]", "[1, 2", "nan", "inf", "1e999", "pi/2",
        "x", "abc", "[1e-300, 2e-300]", "1e-320", "[,]", "99999999999",
    ]
    /// Keys that quit: drawn rarely, since they end a sequence.
    static let quitKeys: [KeyPress] = [.character("q"), .control("c"), .control("d")]

    /// Escape sequences a person might type or paste, or a terminal might send late.
    static let sequences: [String] = [
        "\u{1B}[31m", "\u{1B}]0;pwned\u{07}", "\u{1B}]52;c;cHduZWQ=\u{1B}\\", "\u{1B}P1$r0m\u{1B}\\",
        "\u{1B}_Gi=1;AAAA\u{1B}\\", "\u{1B}[6n", "\u{1B}[?1049l", "\u{1B}[2J", "\u{1B}c", "\u{1B}[?62;4c",
        "\u{1B}[4;600;800t", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[8;24;80t",
        "\u{1B}[<0;5;5M", "\u{1B}[<0;5;5m", "\u{1B}[<64;9;9M", "\u{1B}[<32;99999;99999M", "\u{1B}[M !!",
        "\u{1B}[", "\u{1B}[<0;1", "\u{1B}P", "\u{1B}OA", "\u{1B}[1;5C", "\u{1B}[15~", "\u{1B}x", "\u{1B}\u{1B}",
    ]

    /// The colours a terminal reports when asked again (Ctrl-L, an attach), and its reports that
    /// they turned dark or light (DEC mode 2031), alone or with the answer to the app's question: a
    /// theme that follows them turns light or dark mid-session, in whatever the app is showing.
    static let colourReports: [String] = [
        "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}", "\u{1B}]10;rgb:0/0/0\u{1B}\\\u{1B}]11;rgb:fafa/f0f0/e6e6\u{1B}\\",
        "\u{1B}]11;rgb:1/2/3\u{1B}\\", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\",
        "\u{1B}[?997;2n", "\u{1B}[?997;1n\u{1B}]10;rgb:ffff/ffff/ffff\u{07}\u{1B}]11;rgb:0/0/0\u{07}",
    ]

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A random action for a window of `window` cells laid out as `layout`.
    mutating func next(window: WindowSize, layout: ScreenLayout) -> FuzzAction {
        let columns = max(window.columns, 1), rows = max(window.rows, 1)
        func cell() -> (Int, Int) {
            (Int.random(in: 0...(columns + 1), using: &random), Int.random(in: 0...(rows + 1), using: &random))
        }
        func cellInGraph() -> (Int, Int) {
            guard let graph = layout.graph, graph.columns > 0, graph.rows > 0 else { return cell() }
            return (graph.column + Int.random(in: 0..<graph.columns, using: &random),
                    graph.row + Int.random(in: 0..<graph.rows, using: &random))
        }
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<27:
            return .key(random.pick(Self.helpKeys))
        case 27..<32:
            return .key(random.pick(Self.traceKeys))
        case 32..<38:
            // Zoom to fit and the popover meet the hostile values head on: more of them.
            return .key(random.chance(0.5) ? .character("f") : .character("i"))
        case 38..<39:
            return .key(random.pick(Self.quitKeys))
        case 39..<47:
            if random.chance(0.3) {
                return .addExpression(random.pick(random.pick([HostileFunctions.withParameters, HostileFunctions.corpus,
                                                               HostileFunctions.otherKinds])))
            }
            return .expression(expressionText(), submits: random.chance(0.75))
        case 47..<53:
            return .bytes(hostileBytes())
        case 53..<57:
            return .bytes(Array(":".utf8) + paste())
        case 57..<60:
            return .bytes(paste())
        case 60..<66:
            if random.chance(0.4), let bar = layout.titleBar {
                let info = ChromeView.infoButton(in: bar)
                return .click(column: random.chance(0.6) ? info.column + 1 : bar.column + 1, row: bar.row)
            }
            let (column, row) = random.chance(0.5) ? cellInGraph() : cell()
            return .click(column: column, row: row)
        case 66..<72:
            let (c0, r0) = cellInGraph()
            let (c1, r1) = random.chance(0.8) ? cellInGraph() : cell()
            return .drag(fromColumn: c0, fromRow: r0, toColumn: c1, toRow: r1)
        case 72..<79:
            let (column, row) = cellInGraph()
            return .wheel(up: random.chance(0.5), column: column, row: row)
        case 79..<83:
            let (column, row) = cellInGraph()
            return .doubleClick(column: column, row: row)
        case 83..<86:
            let (column, row) = cell()
            let actions: [MouseEvent.Action] = [.press, .release, .drag, .move, .wheelUp, .wheelDown, .wheelLeft, .wheelRight]
            let buttons: [MouseEvent.Button] = [.left, .middle, .right, .none, .extra(8)]
            return .mouse(MouseEvent(action: random.pick(actions), button: random.pick(buttons), column: column, row: row))
        case 86..<92:
            return .resize(size())
        case 92..<95:
            if let sliders = layout.sliders, random.chance(0.6) {
                let column = sliders.column + Int.random(in: 0..<max(sliders.columns, 1), using: &random)
                let row = sliders.row + Int.random(in: 0..<max(sliders.rows, 1), using: &random)
                if random.chance(0.5) { return .click(column: column, row: row) }
                return .drag(fromColumn: column, fromRow: row, toColumn: Int.random(in: 0...(columns + 1), using: &random),
                             toRow: row)
            }
            return .sliderEntry(random.pick(Self.sliderEntries))
        case 95..<98:
            return .tick(milliseconds: Int.random(in: 1...3000, using: &random))
        case 98:
            return .bytes(Array(random.pick(Self.colourReports).utf8))
        default:
            return .continued
        }
    }

    /// A window from 1x1 to 400x150 cells; sometimes with pixels, whose cells set the graph's pixels.
    mutating func size() -> WindowSize {
        let columns: Int, rows: Int
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<3: (columns, rows) = (Int.random(in: 1...30, using: &random), Int.random(in: 1...12, using: &random))
        case 3..<8: (columns, rows) = (Int.random(in: 40...160, using: &random), Int.random(in: 10...50, using: &random))
        default: (columns, rows) = (Int.random(in: 1...400, using: &random), Int.random(in: 1...150, using: &random))
        }
        guard random.chance(0.5) else { return WindowSize(columns: columns, rows: rows) }
        // Cells of 1x1 to 20x40 pixels, smaller in big windows to keep a debug-build frame quick.
        let cellWidth = Int.random(in: 1...max(1, min(20, 2400 / columns)), using: &random)
        let cellHeight = Int.random(in: 1...max(1, min(40, 1600 / rows)), using: &random)
        return WindowSize(columns: columns, rows: rows, pixelWidth: columns * cellWidth + Int.random(in: 0..<columns, using: &random),
                          pixelHeight: rows * cellHeight + Int.random(in: 0..<rows, using: &random))
    }

    /// A hostile function, garbage, or a function with control characters and sequences mixed in.
    mutating func expressionText() -> String {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return random.pick(HostileFunctions.corpus)
        case 4: return random.pick(HostileFunctions.otherKinds)
        case 1: return random.pick(HostileFunctions.withParameters)
        case 2: return random.pick(HostileFunctions.garbage)
        default:
            var text = random.pick(HostileFunctions.corpus)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let insert = random.chance(0.5) ? String(UnicodeScalar(UInt8.random(in: 0...0x1F, using: &random)))
                    : String(UnicodeScalar(UInt32.random(in: 0x80...0x9F, using: &random)).map(Character.init) ?? "?")
                let offset = Int.random(in: 0...text.count, using: &random)
                text.insert(contentsOf: insert, at: text.index(text.startIndex, offsetBy: offset))
            }
            return text
        }
    }

    /// A bracketed paste of text with controls and escape sequences inside.
    mutating func paste() -> [UInt8] {
        Array("\u{1B}[200~".utf8) + hostileBytes(allowsPasteEnd: false) + Array("\u{1B}[201~".utf8)
    }

    /// Bytes mixing text, C0 and C1 controls, escape sequences, replies, mouse reports and random bytes.
    mutating func hostileBytes(allowsPasteEnd: Bool = true) -> [UInt8] {
        var bytes = [UInt8]()
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: bytes += Array(random.pick(HostileFunctions.corpus).utf8)
            case 1: bytes += (0..<Int.random(in: 1...4, using: &random)).map { _ in
                random.chance(0.8) ? UInt8.random(in: 0...0x1F, using: &random) : 0x7F }
            case 2: bytes += Array(String(UnicodeScalar(UInt32.random(in: 0x80...0x9F, using: &random)).map(Character.init) ?? "?").utf8)
            case 3: bytes += Array(random.pick(Self.sequences).utf8)
            case 4: bytes += (0..<Int.random(in: 1...8, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            default: bytes += Array("x+1 π√".utf8)
            }
        }
        guard !allowsPasteEnd else { return bytes }
        // Inside a paste the end marker would end it early; the decoder's job is tested elsewhere.
        return Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}[201~", with: "").utf8)
    }
}
