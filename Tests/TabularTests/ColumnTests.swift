import Tabular
import Testing

/// Choosing columns by name and number.
@Suite("Tabular: columns")
struct ColumnTests {
    static let weather = "date,temp,rain,wind\n2024-03-01,5,0.5,10\n2024-03-02,6,0,12\n"

    @Test("By name and number, the first as x")
    func chosen() throws {
        let read = try table(Self.weather, TabularOptions(columns: ColumnSelector.list("date,rain,2")))
        #expect(read.xName == "date")
        #expect(read.series.map(\.name) == ["rain", "temp"])
        #expect(read.series[0].values == [0.5, 0])
        #expect(read.series[1].values == [5, 6])
        let loose = try table(Self.weather, TabularOptions(columns: ColumnSelector.list(" Wind ")))
        #expect(loose.series.map(\.name) == ["wind"])
    }

    @Test("One column alone is y against the row number")
    func alone() throws {
        let read = try table(Self.weather, TabularOptions(columns: [.name("wind")]))
        #expect(read.xKind == .rowNumber)
        #expect(read.x == [1, 2])
        #expect(read.series[0].values == [10, 12])
        let single = try table("5\n6\n\n7\n")
        #expect(single.x == [1, 2, 3])
        #expect(single.series[0].values == [5, 6, 7])
    }

    @Test("By default every column with numbers or times; text columns are left out")
    func byDefault() throws {
        let read = try table("name,x,y\nanna,1,2\nbob,3,4\n")
        #expect(read.xName == "x")
        #expect(read.series.map(\.name) == ["y"])
    }

    @Test("Columns that are not there are errors")
    func missing() {
        #expect(throws: TabularError.noColumn(named: "snow", columns: ["date", "temp", "rain", "wind"])) {
            try table(Self.weather, TabularOptions(columns: [.name("snow")]))
        }
        #expect(throws: TabularError.noColumnNumber(9, columnCount: 4)) {
            try table(Self.weather, TabularOptions(columns: [.number(9)]))
        }
        #expect(throws: TabularError.noColumn(named: "a", columns: [])) {
            try table("1,2\n", TabularOptions(columns: [.name("a")]))
        }
    }
}
