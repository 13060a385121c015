import Testing

/// The gate of the end-to-end suites (`Trait.needs`).
@Suite("End-to-end gate")
struct EndToEndGateTests {
    @Test("A suite's missing programs are exactly those not installed")
    func missingPrograms() {
        #expect(EndToEnd.missing(["/bin/sh", "/nonexistent/gcview-terminal"]) == ["/nonexistent/gcview-terminal"])
        #expect(EndToEnd.missing([]).isEmpty)
    }
}
