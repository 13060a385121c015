@testable import App
import Brain
import Foundation
import Raster
import Terminal

/// Pane sizes the tests lay the graph out in.
enum Panes {
    /// A full-screen graph in a 100×30 terminal with 10×20 pixel cells.
    static let full = AppModel.PaneSize(width: 1000, height: 560, cellHeight: 20)
    /// The graph half of a split view in the same terminal.
    static let split = AppModel.PaneSize(width: 500, height: 560, cellHeight: 20)
    /// A small pane.
    static let small = AppModel.PaneSize(width: 320, height: 200, cellHeight: 16)
}

extension AppModel {
    /// Presses each symbol in turn.
    mutating func press(_ symbols: String..., pane: PaneSize? = nil) {
        for symbol in symbols { apply(.press(symbol), graphPane: pane) }
    }

    /// Opens the expression line, types `text` and submits it.
    mutating func type(expression text: String, pane: PaneSize? = nil) {
        apply(.openExpressionLine, graphPane: pane)
        apply(.editExpression(.insert(text)), graphPane: pane)
        apply(.editExpression(.submit), graphPane: pane)
    }

    /// A model with `text` typed on the expression line and graphed in `pane`.
    static func graphing(_ text: String, in pane: PaneSize = Panes.full) -> AppModel {
        var model = AppModel()
        model.type(expression: text, pane: pane)
        model.apply(.graph, graphPane: pane)
        return model
    }

    /// The graph's viewport in `pane`; nil when nothing is graphed.
    func viewport(in pane: PaneSize) -> Viewport? {
        camera?.viewport(width: pane.width, height: pane.height)
    }
}

/// A fresh temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = "\(base)/gcview-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A store whose file is `name` in this directory.
    func store(_ name: String = "gcview/state.json") -> StateStore {
        StateStore(path: "\(path)/\(name)")
    }

    /// The names in `subdirectory`, sorted.
    func contents(of subdirectory: String = "gcview") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "\(path)/\(subdirectory)")) ?? []).sorted()
    }

    func remove() {
        // A test may have made a directory read-only; give the permission back so it can go.
        chmodTree(path)
        try? FileManager.default.removeItem(atPath: path)
    }

    private func chmodTree(_ directory: String) {
        chmod(directory, 0o700)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            var isDirectory: ObjCBool = false
            let child = "\(directory)/\(name)"
            if FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory), isDirectory.boolValue {
                chmodTree(child)
            }
        }
    }
}

/// Approximate equality for doubles computed two ways.
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// The whole pictures a controller sends, captured instead of encoded (the controller's pane is
/// made a `WholePicturePane`: kitty's panorama is left out), each encoded as `bytes`.
final class CapturedPictures {
    var images: [IndexedImage] = []

    init(from controller: AppController, encodingAs bytes: [UInt8] = []) {
        let pane = WholePicturePane(presenter: controller.presenter, theme: controller.theme)
        pane.encode = { image, _, _ throws(ImageEncodingError) in
            self.images.append(image)
            return bytes
        }
        controller.images = pane
    }
}

extension AppController {
    /// A controller of `window` with cells of `cell` pixels showing y = x (typed on the expression
    /// line, so it crosses the whole pane) in `graphicsProtocol`, with its pictures captured.
    static func showingLineYEqualsX(window: WindowSize, cell: PixelSize,
                                    graphicsProtocol: GraphicsProtocol) -> (AppController, CapturedPictures) {
        let controller = AppController(model: AppModel(), window: window, cell: cell,
                                       presenter: GraphPresenter(backend: graphicsProtocol.backend(), glyphs: BoxGlyphs()),
                                       theme: .dark)
        let captured = CapturedPictures(from: controller, encodingAs: Array("<picture>".utf8))
        for character in ":x" { controller.handle(.input(.key(.character(character)))) }
        controller.handle(.input(.key(.enter)))
        _ = controller.frame()
        return (controller, captured)
    }
}

extension AppController {
    /// The controller's layered pane (kitty's), nil when it shows pictures whole.
    var layeredPane: LayeredPicturePane<KittyBackend>? { images as? LayeredPicturePane<KittyBackend> }
}
