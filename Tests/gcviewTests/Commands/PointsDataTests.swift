import Foundation
import TestSupport
import Testing

/// `gcview points` on data, as a user runs it: a seeded CSV with gaps, its JSON checked against
/// numpy run at test time, and the text naming how the deviation and quartiles are taken.
@Suite("Points of data")
struct PointsDataTests {
    static let available: Bool = {
        let result = try? Spawn.run("/usr/bin/env", ["python3", "-c", "import numpy"], environment: nil, stdin: nil, timeout: 60)
        return result?.status == 0 || ProcessInfo.processInfo.environment["GCVIEW_END_TO_END"] == "required"
    }()

    /// A CSV of `t,a,b` with seeded values and a gap in about one cell in twelve.
    static func csv(seed: Int, rows: Int) -> String {
        var random = SplitMix64(seed: seed)
        var lines = ["t,a,b"]
        for row in 0..<rows {
            func cell(_ scale: Double) -> String {
                random.next() % 12 == 0 ? "" : "\(Double(random.next() % 1_000_000) / 1_000_000 * scale - scale / 3)"
            }
            lines.append("\(Double(row) * 0.25),\(cell(10)),\(cell(1000))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(.enabled(if: available), arguments: [3, 9])
    func jsonMatchesNumpy(seed: Int) throws {
        let folder = Paths.temporaryFolder()
        let file = folder.appendingPathComponent("seeded.csv")
        try Data(Self.csv(seed: seed, rows: 500).utf8).write(to: file)
        let result = try run(Paths.gcview, ["points", file.path, "--json"])
        try #require(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let series = try #require(object["series"] as? [[String: Any]])
        #expect(series.map { $0["name"] as? String } == ["a", "b"])
        let script = """
            import sys, json
            import numpy as np
            d = np.genfromtxt(sys.argv[1], delimiter=',', names=True)
            out = []
            for name in ['a', 'b']:
                v = d[name]; ok = np.isfinite(v); w = v[ok]; t = d['t'][ok]
                out.append([int(ok.sum()), int((~ok).sum()), float(w.mean()), float(w.std(ddof=1)), float(w.min()),
                            *[float(q) for q in np.percentile(w, [25, 50, 75])], float(w.max()),
                            float(t[np.argmin(w)]), float(t[np.argmax(w)])])
            print(json.dumps(out))
            """
        let python = try #require(try Spawn.run("/usr/bin/env", ["python3", "-c", script, file.path], environment: nil, stdin: nil, timeout: 120))
        try #require(python.status == 0, "\(String(decoding: python.stderr, as: UTF8.self))")
        let reference = try #require(try JSONSerialization.jsonObject(with: python.stdout) as? [[Double]])
        func close(_ value: Any?, _ expected: Double) -> Bool {
            guard let value = (value as? NSNumber)?.doubleValue else { return false }
            return abs(value - expected) <= 1e-12 * max(1, abs(expected))
        }
        for (stats, numpy) in zip(series, reference) {
            #expect(close(stats["count"], numpy[0]) && close(stats["gaps"], numpy[1]))
            #expect(close(stats["mean"], numpy[2]))
            #expect(close(stats["standardDeviation"], numpy[3]))
            #expect(close(stats["minimum"], numpy[4]) && close(stats["maximum"], numpy[8]))
            let quartiles = try #require(stats["quartiles"] as? [Any])
            #expect(zip(quartiles, numpy[5...7]).allSatisfy { close($0, $1) })
            #expect(close((stats["lowestY"] as? [String: Any])?["x"], numpy[9]))
            #expect(close((stats["highestY"] as? [String: Any])?["x"], numpy[10]))
        }
    }

    @Test func textSaysHowTheDeviationAndQuartilesAreTaken() throws {
        let result = try run(Paths.gcview, ["points", "-"], stdin: Data("1\n2\n\n4\nNA\n8\n".utf8))
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("series 1: column 1"))
        #expect(result.stdout.contains("sample (n − 1)"))
        #expect(result.stdout.contains("linear (numpy's default"))
        // 1, 2, 4, 8: mean 3.75, gaps the NA (a blank line is no row).
        #expect(result.stdout.contains("mean                3.75"))
        #expect(result.stdout.contains("gaps                1"))
    }
}
