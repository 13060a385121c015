import Raster
import Terminal

/// A panorama in the terminal (`LayeredPicturePane`): what it shows, and the camera offsets it
/// was centred on.
struct Panorama {
    var curves: [GraphedProgram]
    var scaleX: Double
    var scaleY: Double
    /// The axes' scales: a window over a log panorama is a view of log axes only.
    var axes: AxisScales
    var pane: AppModel.PaneSize
    var rect: CellRect
    var offsetX: Double
    var offsetY: Double
    var margin: PixelSize
    /// How its labels stand: which layers it has.
    var stance: LabelStance
    /// The window over the graph layer last placed.
    var crop: PictureWindow
    /// Which of the two sets of ids it was sent with (0 or 1): they take turns.
    var generation: Int
    /// Its layers, kept to draw the patches of windows that cut a label; nil until rendered.
    var layers: GraphLayers?
    /// Whether its layer of point marks is in the terminal (`o`), placed with the graph.
    var hasMarks = false
}

/// What a layered pane's overlay shows: the legend of the curves, the popover of a view, a panel.
struct OverlayContent: Equatable {
    var curves: [GraphedProgram]
    var pane: AppModel.PaneSize
    var rect: CellRect
    /// The camera while the popover is open: its numbers and marks follow the view.
    var popoverCamera: GraphCamera?
    var isSheet: Bool
    var panel: Panel?
    var trace: TraceMark?
}

extension Panorama {
    /// Whether the y labels are pinned, in a layer of their own.
    var hasPinnedY: Bool { stance.y?.isPinned == true }
    /// Whether the x labels are pinned, in a layer of their own.
    var hasPinnedX: Bool { stance.x.isPinned }
    /// The window over the pinned y labels: as wide as the pane already, it follows the graph up and down.
    var pinnedYCrop: PictureWindow { PictureWindow(x: 0, y: crop.y, width: 0, height: crop.height) }
    /// The window over the pinned x labels: as tall as the pane already, it follows the graph left and right.
    var pinnedXCrop: PictureWindow { PictureWindow(x: crop.x, y: 0, width: crop.width, height: 0) }

    /// The whole panorama's view: `camera`'s scale, centred where the panorama was.
    func viewport(scaledAs camera: GraphCamera) -> Viewport {
        var camera = camera
        camera.offsetX = offsetX
        camera.offsetY = offsetY
        return camera.viewport(width: pane.width + 2 * margin.width, height: pane.height + 2 * margin.height)
    }

    /// The window over this panorama that shows `content`, nil when it shows another graph, scale
    /// or pane, or lies beyond the margin, or is not a whole number of pixels away.
    func crop(showing content: PictureContent) -> PictureWindow? {
        guard content.curves == curves, content.pane == pane, content.rect == rect,
              content.camera.scaleX == scaleX, content.camera.scaleY == scaleY, content.camera.axes == axes else { return nil }
        // The camera keeps the origin as an offset from the pane's centre: moving it right by
        // d pixels moves the window left by d.
        let dx = offsetX - content.camera.offsetX, dy = offsetY - content.camera.offsetY
        guard abs(dx) <= Double(margin.width), abs(dy) <= Double(margin.height),
              let x = Int(exactly: dx), let y = Int(exactly: dy) else { return nil }
        return PictureWindow(x: margin.width + x, y: margin.height + y, width: pane.width, height: pane.height)
    }
}

