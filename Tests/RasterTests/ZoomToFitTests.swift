import Foundation
import Raster
import Testing

@Suite("Zoom to fit")
struct ZoomToFitTests {
    let viewport = Viewport(width: 480, height: 320, xRange: -5...5, yRange: -1...1)

    @Test("tan(x) fits the branches, not the poles")
    func tangent() {
        let fitted = viewport.fittingY(to: { tan($0) }).yRange
        #expect(fitted.lowerBound < -5 && fitted.lowerBound > -30)
        #expect(fitted.upperBound > 5 && fitted.upperBound < 30)
    }

    @Test("A parabola fits whole, with a small margin")
    func parabola() {
        let fitted = viewport.fittingY(to: { $0 * $0 - 3 }).yRange
        #expect(fitted.lowerBound < -3 && fitted.lowerBound > -5)
        #expect(fitted.upperBound > 21.9 && fitted.upperBound < 24)
    }

    @Test("A constant gets a range around it")
    func constant() {
        let fitted = viewport.fittingY(to: { _ in 3 }).yRange
        #expect(abs(fitted.lowerBound - 2) < 1e-9 && abs(fitted.upperBound - 4) < 1e-9)
    }

    @Test("The x-range and size stay; nothing finite leaves the viewport alone")
    func unchanged() {
        let fitted = viewport.fittingY(to: { sin($0) * 10 })
        #expect(fitted.xRange == viewport.xRange && fitted.width == viewport.width && fitted.scaleX == viewport.scaleX)
        #expect(viewport.fittingY(to: { _ in nil }) == viewport)
    }
}
