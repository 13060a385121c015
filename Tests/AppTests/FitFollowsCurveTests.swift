@testable import App
import Foundation
import Raster
import Testing

/// Issue 21, item 6: `f` shows the whole curve, as a person would call it.
@Suite("Fit follows the curve")
struct FitFollowsCurveTests {
    @Test("f on exp(x) keeps the curve in view up to the right edge of the pane", arguments: [Panes.full, Panes.split, Panes.small])
    func exponentialStaysInView(pane: AppModel.PaneSize) throws {
        var model = AppModel.graphing("exp(x)", in: pane)
        model.apply(.fit, graphPane: pane)
        let viewport = try #require(model.viewport(in: pane))
        let right = viewport.xRange.upperBound, left = viewport.xRange.lowerBound
        #expect(viewport.yRange.upperBound >= exp(right), "e^\(right) = \(exp(right)) is above \(viewport.yRange)")
        #expect(viewport.yRange.lowerBound <= exp(left))
        #expect(viewport.yRange.upperBound <= exp(right) * 1.2, "no more than a small margin above")
    }

    @Test("f on tan(x) does not chase the poles")
    func tangentStaysSane() throws {
        var model = AppModel.graphing("tan(x)")
        model.apply(.fit, graphPane: Panes.full)
        let viewport = try #require(model.viewport(in: Panes.full))
        #expect(viewport.yRange.lowerBound > -100 && viewport.yRange.upperBound < 100, "\(viewport.yRange)")
        #expect(viewport.yRange.contains(-1) && viewport.yRange.contains(1))
    }
}
