import Figure
import Foundation
import TestSupport
import Testing

/// numpy, run by python3 at test time, and seeded values for it: what the statistics and
/// histograms are checked against.
enum NumpyReference {
    static let available: Bool = {
        let result = try? Spawn.run("/usr/bin/env", ["python3", "-c", "import numpy"], environment: nil, stdin: nil, timeout: 60)
        return result?.status == 0 || ProcessInfo.processInfo.environment["GCVIEW_END_TO_END"] == "required"
    }()

    /// numpy's answer to `script` on `values` (one a line, nan for gaps), as numbers.
    static func numpy(_ script: String, _ values: [Double], _ arguments: [String] = []) throws -> [Double] {
        let folder = RemovedAtExit.folder(named: "gcview-statistics")
        let file = folder.appendingPathComponent("values.txt")
        try Data(values.map { "\($0)\n" }.joined().utf8).write(to: file)
        let program = "import sys\nimport numpy as np\nv = np.loadtxt(sys.argv[1], ndmin=1)\n" + script
        let result = try #require(try Spawn.run("/usr/bin/env", ["python3", "-c", program, file.path] + arguments,
                                                environment: nil, stdin: nil, timeout: 120))
        try #require(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
        return String(decoding: result.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double(String($0)) }
    }

    /// Seeded values: normal-ish (sums of uniforms), some rounded to repeat, some gaps.
    static func values(seed: Int, count: Int) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            if random.next() % 17 == 0 { return .nan }
            let sum = (0..<4).reduce(0.0) { total, _ in total + Double(random.next() % 1_000_000) / 1_000_000 }
            return random.next() % 5 == 0 ? (sum * 10).rounded() : sum * 3 - 6
        }
    }

    static func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance * max(1, abs(b))
    }
}
