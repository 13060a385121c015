import Codecs
import Figure
import Glyphs
import Raster
import Tabular

extension Bench {
    /// Reading and drawing 1 000 000 rows of `row,±dd.ddddd` (16 MB, as issue 52 measures): the
    /// parse through `TabularReader`, then the figure sampled, rasterized and encoded as sixel
    /// at the bench's size, as lines (x in order) and as points.
    func data() throws {
        var random = UInt64(52)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(17_000_000)
        for row in 0..<1_000_000 {
            // A SplitMix64 step: seeded, the same rows every run.
            random &+= 0x9E37_79B9_7F4A_7C15
            var z = (random ^ (random >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            let value = Int(truncatingIfNeeded: (z ^ (z >> 31)) % 10_000_000) - 5_000_000
            let magnitude = abs(value)
            let fraction = String(magnitude % 100_000)
            bytes += Array("\(row),\(value < 0 ? "-" : "")\(magnitude / 100_000).\(String(repeating: "0", count: 5 - fraction.count))\(fraction)\n".utf8)
        }
        let renderer = GraphRenderer(style: .sized(forTextHeight: 20, title: "data"), glyphs: try? FreeTypeGlyphs.system())
        let sixel = SixelEncoder()
        var timings = Timings()
        var table: DataTable?
        for _ in 0..<min(runs, 5) {
            table = try timings.record("parse") { try TabularReader.read(bytes) }
        }
        guard let table else { return }
        var sixelBytes = 0
        for style in [PlaneData.Style.lines, .points] {
            let items = FigureData.series(of: table, style: style).map(FigureItem.init(data:))
            let x = items.compactMap(\.data).xRange(scale: .linear) ?? 0...1
            for _ in 0..<min(runs, 5) {
                var draw = renderer
                try timings.record("draw \(style.rawValue)") {
                    let figure = Figure(frame: FigureFrame(x: x), items: items)
                    let image = draw.draw(figure, in: figure.viewport(width: size.width, height: size.height)).image
                    sixelBytes = try sixel.encode(image).count
                }
            }
        }
        try StandardOutput.write(line: "data parse      " + Timings.format(timings.median("parse")) + "  1000000 rows, \(bytes.count) bytes")
        for style in ["lines", "points"] {
            try StandardOutput.write(line: "data \(style)" + String(repeating: " ", count: 11 - style.count)
                  + Timings.format(timings.median("draw \(style)")) + "  figure, sample, rasterize, sixel (\(sixelBytes) bytes)")
        }
    }
}
