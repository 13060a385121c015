// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "gcview",
    products: [
        .executable(name: "gcview", targets: ["gcview"]),
        // The one library, for the benchmark package in Benchmarks/, which depends on this one by
        // path (see ARCHITECTURE.md for which modules declare `package` and which stay `public`).
        .library(name: "GCViewBenchmarkSupport", targets: ["GCViewBenchmarkSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // C libraries, each wrapped at one edge.
        .systemLibrary(name: "CSixel", pkgConfig: "libsixel", providers: [.apt(["libsixel-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLibdeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // giflib has no pkg-config file on every Debian 12: its header is in the system's include
        // path and the module map links it by name.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CLapacke", pkgConfig: "lapacke", providers: [.apt(["liblapacke-dev"])]),
        .systemLibrary(name: "CMinpack", pkgConfig: "cminpack", providers: [.apt(["libcminpack-dev"])]),

        // Pure models: they import nothing of the project (SizeClass only TextCells, pure too).
        .target(name: "Brain"),
        .target(name: "Raster"),
        // Text in terminal cells: how wide it is and the one rule for what may reach a cell.
        .target(name: "TextCells"),
        .target(name: "SizeClass", dependencies: ["TextCells"]),
        // The numerical analysis of curves: points of interest, statistics, areas, slopes, tables.
        // Pure, over Raster's viewport and samples.
        .target(name: "Analysis", dependencies: ["Raster"]),
        // The figure: one value of what a picture shows (its frame, items and overlays), built by
        // plot, points and the app, and drawn or asked by each of them.
        .target(name: "Figure", dependencies: ["Brain", "Raster", "Analysis", "Tabular"]),
        // The user's data read from bytes: CSV, TSV, whitespace columns, JSON lines, ISO 8601
        // times. Pure: bytes in (in chunks, so the caller can stream a pipe), a table out.
        .target(name: "Tabular"),
        // Regressions: least squares (LAPACK's QR) and Levenberg–Marquardt (MINPACK) of models
        // given as closures. Pure: arrays in, a fit or one line of why not out.
        .target(name: "Fitting", dependencies: ["CLapacke", "CMinpack"]),

        // The POSIX edge every module above shares: paths as bytes, file kinds, the calls
        // swift-system lacks, the atomic file writer (beside swift-system).
        .target(name: "SystemSupport", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),

        // Picture codecs: PNG (with its deflaters), GIF, sixel, kitty, braille. Pure: bytes in, bytes out.
        .target(name: "Codecs", dependencies: ["Raster", "TextCells", "CZlib", "CLibdeflate", "CGif"]),

        // Edges: fonts and terminals.
        .target(
            name: "Glyphs",
            dependencies: ["Raster", "CFreeType", "SystemSupport", .product(name: "SystemPackage", package: "swift-system")]
        ),
        .target(
            name: "Terminal",
            dependencies: [
                "Raster", "TextCells", "Codecs", "SystemSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),

        // The interactive calculator: state, views and the event loop.
        .target(
            name: "App",
            dependencies: [
                "Brain", "Raster", "Analysis", "Figure", "SizeClass", "TextCells", "Glyphs", "Codecs", "Terminal", "SystemSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),

        // The executable wires the modules together.
        .executableTarget(
            name: "gcview",
            dependencies: [
                "App", "Brain", "Raster", "Analysis", "Figure", "Tabular", "TextCells", "Glyphs", "Codecs", "Terminal", "SystemSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            // `buildCommit`, for `gcview --version`.
            plugins: ["BuildCommit"]
        ),
        .plugin(name: "BuildCommit", capability: .buildTool()),

        // What the benchmark package in Benchmarks/ times, behind a small public API.
        .target(
            name: "GCViewBenchmarkSupport",
            dependencies: ["App", "Brain", "Raster", "Analysis", "Glyphs", "Codecs", "Terminal"]
        ),

        // What several test targets share: seeded randomness, picture comparison, libsixel as the
        // tests' sixel reference and `PNGDecoder` as their PNG reader (the product links neither).
        .target(name: "TestSupport", dependencies: ["Raster", "CSixel", "CZlib"], path: "Tests/TestSupport"),
        .testTarget(
            name: "BrainTests",
            dependencies: ["Brain", "TestSupport"]
        ),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Analysis", "TestSupport"]),
        .testTarget(name: "AnalysisTests", dependencies: ["Analysis", "Raster", "TestSupport"]),
        .testTarget(name: "TabularTests", dependencies: ["Tabular", "TestSupport"]),
        // Checked against numpy's lstsq and scipy's curve_fit, run by python3 at test time.
        .testTarget(name: "FittingTests", dependencies: ["Fitting", "TestSupport"]),
        .testTarget(name: "FigureTests", dependencies: ["Figure", "Analysis", "Brain", "Raster", "Tabular", "TestSupport"]),
        // Raster drawn with the real font (Glyphs) and checked against golden PNGs (Codecs) and
        // the true curves: where Raster meets the modules above it.
        .testTarget(name: "RenderingTests", dependencies: ["Raster", "Analysis", "Glyphs", "Codecs", "TestSupport"]),
        .testTarget(name: "TextCellsTests", dependencies: ["TextCells", "Brain", "TestSupport"]),
        .testTarget(name: "CodecsTests", dependencies: ["Codecs", "Raster", "TestSupport"]),
        .testTarget(name: "SystemSupportTests", dependencies: ["SystemSupport", "TestSupport"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Codecs", "TextCells", "Raster", "SystemSupport", "TestSupport"]),
        .testTarget(name: "SizeClassTests", dependencies: ["SizeClass", "TextCells", "TestSupport"]),
        // Test drivers the app's unit tests and its fuzzer share: a frame cut into its sequences and
        // pictures (FrameInspector), and kitty's screen as those pictures stack (KittyScreen).
        .target(name: "AppTestSupport", dependencies: ["Raster", "Terminal", "TestSupport"], path: "Tests/AppTestSupport"),
        .testTarget(name: "AppTests", dependencies: ["App", "Brain", "Raster", "Analysis", "SizeClass", "TextCells", "Glyphs", "Codecs", "Terminal", "SystemSupport", "TestSupport", "AppTestSupport"]),
        // The model-based fuzzer of the interactive app (45 s; GCVIEW_FUZZ_ACTIONS for longer runs).
        .testTarget(name: "FuzzTests", dependencies: ["App", "Brain", "Raster", "Glyphs", "Terminal", "TestSupport", "AppTestSupport",
                                                 .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "gcviewTests", dependencies: ["gcview", "TestSupport"]),
    ]
)
