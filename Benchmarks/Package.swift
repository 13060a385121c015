// swift-tools-version: 6.1
// gcview's benchmarks in ordo-one's package-benchmark: percentiles, allocation counts and saved
// baselines for the phases of a graph frame and the interactive pan frame. A package of its own,
// so that building and testing gcview never builds the harness. Run from this folder:
//   swift package benchmark                                  (all benchmarks, percentiles)
//   swift package benchmark baseline update main             (save a baseline named main)
//   swift package benchmark baseline compare main            (this build against it)
import PackageDescription

let package = Package(
    name: "gcview-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "gcview", path: ".."),
        // Only the malloc interposer: the runtime interposer trait needs a package not mirrored here.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "GraphFrame",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GCViewBenchmarkSupport", package: "gcview"),
            ],
            path: "Benchmarks/GraphFrame",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
