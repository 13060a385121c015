@testable import App
import Testing

@Suite("App model")
struct AppModelTests {
    @Test("The graph button graphs the program as it is then")
    func graphButton() {
        var model = AppModel()
        for symbol in ["7", "+", "M", "="] { model.apply(.press(symbol), graphPane: nil) }
        #expect(model.canGraph)
        model.apply(.graph, graphPane: AppModel.PaneSize(width: 800, height: 500, cellHeight: 20))
        #expect(model.graphed != nil)
        #expect(model.route == .graph)
    }
}
