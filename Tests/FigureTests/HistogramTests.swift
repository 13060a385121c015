import Figure
import Foundation
import TestSupport
import Testing

/// Histograms against numpy's `histogram`, computed at test time on seeded data.
@Suite struct HistogramTests {
    @Test(.enabled(if: NumpyReference.available), arguments: [(11, 1000), (12, 37), (13, 5000)])
    func histogramMatchesNumpysFreedmanDiaconis(seed: Int, count: Int) throws {
        let values = NumpyReference.values(seed: seed, count: count).filter(\.isFinite)
        let histogram = try #require(Histogram(values))
        let reference = try NumpyReference.numpy("""
            counts, edges = np.histogram(v, bins='fd')
            print(len(counts), *counts, *[repr(float(e)) for e in edges])
            """, values)
        let bins = Int(reference[0])
        #expect(histogram.counts.count == bins)
        #expect(histogram.counts == reference[1...bins].map { Int($0) })
        let edges = Array(reference[(bins + 1)...])
        #expect(zip(histogram.edges, edges).allSatisfy { NumpyReference.close($0, $1) })
        // --bins N and density, as numpy's bins=N, density=True.
        let twelve = try #require(Histogram(values, bins: 12))
        let densities = try NumpyReference.numpy("print(*[repr(float(d)) for d in np.histogram(v, bins=12, density=True)[0]])", values)
        #expect(zip(twelve.heights(density: true), densities).allSatisfy { NumpyReference.close($0, $1, 1e-10) })
        #expect(twelve.heights(density: false).reduce(0, +) == Double(values.count))
    }

    @Test func histogramsOfHostileValues() {
        #expect(Histogram([]) == nil)
        #expect(Histogram([.nan, .infinity]) == nil)
        // All equal: one bin from 4.5 to 5.5, as numpy makes it.
        let equal = Histogram(Array(repeating: 5, count: 10))
        #expect(equal?.edges == [4.5, 5.5] && equal?.counts == [10])
        let huge = Histogram([-1e308, 1e308, 0, 1])
        #expect(huge.map { $0.counts.reduce(0, +) == 4 && $0.edges.allSatisfy(\.isFinite) } == true)
        #expect(Histogram([0, 1, 2], bins: 1_000_000)?.counts.count == Histogram.maximumBins)
    }
}
