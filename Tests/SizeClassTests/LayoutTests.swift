import Testing
@testable import SizeClass

@Suite("Layout choice")
struct LayoutTests {
    @Test("Layout at every threshold edge", arguments: [
        // split needs 101 × 22
        SizeCase(columns: 101, rows: 22, expected: Layout.split),
        SizeCase(columns: 200, rows: 60, expected: .split),
        SizeCase(columns: 100, rows: 22, expected: .calculatorOnly),
        SizeCase(columns: 101, rows: 21, expected: .wideShort),
        // compact width, regular height: compact grid needs 18 columns
        SizeCase(columns: 80, rows: 24, expected: .calculatorOnly),
        SizeCase(columns: 18, rows: 22, expected: .calculatorOnly),
        SizeCase(columns: 17, rows: 22, expected: .tooSmall),
        // compact height: wide grid needs 67 × 7
        SizeCase(columns: 80, rows: 21, expected: .wideShort),
        SizeCase(columns: 67, rows: 7, expected: .wideShort),
        SizeCase(columns: 66, rows: 21, expected: .calculatorOnly),
        SizeCase(columns: 67, rows: 6, expected: .tooSmall),
        SizeCase(columns: 200, rows: 7, expected: .wideShort),
        // compact height, narrow: compact grid with one-row buttons needs 18 × 10
        SizeCase(columns: 18, rows: 10, expected: .calculatorOnly),
        SizeCase(columns: 17, rows: 10, expected: .tooSmall),
        SizeCase(columns: 40, rows: 9, expected: .tooSmall),
        SizeCase(columns: 0, rows: 0, expected: .tooSmall),
    ])
    func layoutEdges(_ testCase: SizeCase<Layout>) {
        #expect(layout(for: testCase.size).layout == testCase.expected)
    }

    @Test("Each layout brings its grid and button height", arguments: [
        SizeCase(columns: 120, rows: 40, expected: "split regular 3"),
        SizeCase(columns: 80, rows: 24, expected: "calculatorOnly compact 3"),
        SizeCase(columns: 80, rows: 12, expected: "wideShort wide 1"),
        SizeCase(columns: 40, rows: 12, expected: "calculatorOnly compact 1"),
    ])
    func gridForLayout(_ testCase: SizeCase<String>) {
        let choice = layout(for: testCase.size)
        let gridName = switch choice.grid {
        case .regular: "regular"
        case .compact: "compact"
        case .wide: "wide"
        default: "other"
        }
        #expect("\(choice.layout.rawValue) \(gridName) \(choice.buttonRows)" == testCase.expected)
        #expect(choice.sizeClasses == SizeClasses(for: testCase.size))
    }

    @Test("The chosen grid fits the terminal whenever the layout is not tooSmall")
    func chosenGridFits() {
        for columns in 0...130 {
            for rows in 0...40 {
                let choice = layout(for: TerminalSize(columns: columns, rows: rows))
                guard choice.layout != .tooSmall else { continue }
                #expect(choice.grid.minimumColumns <= columns, "\(columns)×\(rows)")
                #expect(choice.grid.minimumRows(buttonRows: choice.buttonRows) <= rows, "\(columns)×\(rows)")
                if choice.layout == .split {
                    #expect(columns - choice.grid.minimumColumns >= SizeClasses.minimumGraphColumns)
                }
            }
        }
    }
}
