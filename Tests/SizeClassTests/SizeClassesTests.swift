import Testing
@testable import SizeClass

/// One terminal size and the expected outcome, named for the test report.
struct SizeCase<Expected: Sendable>: Sendable, CustomTestStringConvertible {
    let columns: Int
    let rows: Int
    let expected: Expected
    var size: TerminalSize { TerminalSize(columns: columns, rows: rows, cellWidth: 10, cellHeight: 20) }
    var testDescription: String { "\(columns)×\(rows) → \(expected)" }
}

@Suite("Size classes")
struct SizeClassesTests {
    @Test("Thresholds are derived from the scientific grid")
    func thresholds() {
        #expect(SizeClasses.regularMinimumColumns == 101)
        #expect(SizeClasses.regularMinimumRows == 22)
    }

    @Test("Horizontal class flips at 101 columns", arguments: [
        SizeCase(columns: 1, rows: 40, expected: SizeClass.compact),
        SizeCase(columns: 80, rows: 40, expected: .compact),
        SizeCase(columns: 100, rows: 40, expected: .compact),
        SizeCase(columns: 101, rows: 40, expected: .regular),
        SizeCase(columns: 300, rows: 5, expected: .regular),
    ])
    func horizontal(_ testCase: SizeCase<SizeClass>) {
        #expect(SizeClasses(for: testCase.size).horizontal == testCase.expected)
    }

    @Test("Vertical class flips at 22 rows", arguments: [
        SizeCase(columns: 120, rows: 1, expected: SizeClass.compact),
        SizeCase(columns: 120, rows: 21, expected: .compact),
        SizeCase(columns: 120, rows: 22, expected: .regular),
        SizeCase(columns: 120, rows: 23, expected: .regular),
        SizeCase(columns: 20, rows: 80, expected: .regular),
    ])
    func vertical(_ testCase: SizeCase<SizeClass>) {
        #expect(SizeClasses(for: testCase.size).vertical == testCase.expected)
    }

    @Test("Cell pixel size does not change the classes")
    func pixelsIgnored() {
        let small = TerminalSize(columns: 100, rows: 22, cellWidth: 1, cellHeight: 1)
        let unknown = TerminalSize(columns: 100, rows: 22)
        #expect(SizeClasses(for: small) == SizeClasses(for: unknown))
        #expect(!unknown.hasCellPixels)
        #expect(small.hasCellPixels)
    }
}
