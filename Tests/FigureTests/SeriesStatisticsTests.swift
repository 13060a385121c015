import Figure
import Foundation
import TestSupport
import Testing

/// Series statistics against numpy, computed at test time on seeded data.
@Suite struct SeriesStatisticsTests {
    @Test(.enabled(if: NumpyReference.available), arguments: [(1, 2), (2, 5), (3, 101), (4, 10_000), (5, 1)])
    func statisticsMatchNumpy(seed: Int, count: Int) throws {
        let y = NumpyReference.values(seed: seed, count: count)
        let x = y.indices.map { Double($0) * 0.5 }
        let stats = SeriesStatistics(name: "v", x: x, y: y)
        let finite = y.filter(\.isFinite)
        #expect(stats.count == finite.count)
        #expect(stats.gaps == y.count - finite.count)
        guard !finite.isEmpty else { return }
        let reference = try NumpyReference.numpy("""
            v = v[np.isfinite(v)]
            sd = np.std(v, ddof=1) if v.size > 1 else float('nan')
            print(repr(float(np.mean(v))), repr(float(sd)), repr(float(v.min())), *[repr(float(q)) for q in np.percentile(v, [25, 50, 75])], repr(float(v.max())))
            """, y)
        try #require(reference.count >= 7 || finite.count < 2)
        #expect(NumpyReference.close(stats.mean, reference[0]))
        if finite.count > 1 { #expect(NumpyReference.close(stats.standardDeviation, reference[1])) } else { #expect(stats.standardDeviation == nil) }
        #expect(stats.minimum == reference[2] && stats.maximum == reference[6])
        #expect(NumpyReference.close(stats.lowerQuartile, reference[3]) && NumpyReference.close(stats.median, reference[4]) && NumpyReference.close(stats.upperQuartile, reference[5]))
        // The extremes' rows: the first row holding the least and the greatest y.
        let low = try #require(stats.lowestY), high = try #require(stats.highestY)
        #expect(y.firstIndex(of: reference[2]) == low.row - 1 && low.x == x[low.row - 1])
        #expect(y.firstIndex(of: reference[6]) == high.row - 1)
    }
}
