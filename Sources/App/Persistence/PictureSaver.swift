import Codecs
import FoundationEssentials
import Raster
import SystemPackage

/// What `w`, `W` and `s` write into the picture folder: the graph on screen as a PNG, or one
/// sweep of a playing parameter as an animated GIF; the whole screen as a PNG; and that screen
/// as SVG. Each says in one line what it did, for the status line.
struct PictureSaver {
    let presenter: GraphPresenter
    let theme: Theme
    /// One cell in pixels: braille graphs are saved in the pixels of the cells they cover.
    let cell: PixelSize
    /// The folder to save into; nil for the current folder (whatever it is at the time).
    let folder: FilePath?

    /// Saves `content` (the graph on screen, popover included) as a PNG in real pixels.
    func savePicture(of content: PictureContent?) -> String {
        guard let content else { return "Nothing to save: graph something first" }
        let image = GraphOverlay.picture(of: content, in: viewport(of: content), renderer: renderer, withPopover: content.hasPopover)
        do {
            return "Saved \(try PictureFile.write(try PNG.encode(image, marked: true), named: baseName(of: content), in: folder))"
        } catch {
            return "Picture not saved: \(error)"
        }
    }

    /// Saves one sweep of `playback` over `content` as an animated GIF, the sliders at `values`.
    func saveSweep(of content: PictureContent, _ sweep: SweepAnimation, values: [String: Double]) -> String {
        do {
            let gif = try sweep.gif(of: content.curves, values: values, in: viewport(of: content), renderer: renderer)
            let path = try PictureFile.write(gif, named: baseName(of: content), in: folder, extension: "gif")
            return "Saved a sweep of \(sweep.name) in \(path)"
        } catch {
            return "Sweep not saved: \(error)"
        }
    }

    /// Saves `screen` as a PNG named `name`; the notice, and whether it was saved.
    func saveScreen(_ screen: ScreenPicture, named name: String) -> (notice: String, saved: Bool) {
        do {
            let path = try PictureFile.write(try PNG.encode(screen.image, marked: true), named: name, in: folder)
            return ("Saved \(path)  (s: as SVG too)", true)
        } catch {
            return ("Screen not saved: \(error)", false)
        }
    }

    /// Saves `screen` as SVG named `name`: its text as text, `graph` as the PNG it showed.
    func saveScreenAsSVG(_ screen: ScreenPicture, graph: IndexedImage?, named name: String) -> String {
        do {
            let pictures = try graph.map { ["data:image/png;base64," + String(decoding: Base64.encode(try PNG.encode($0)), as: UTF8.self)] } ?? []
            let path = try PictureFile.write(Array(screen.svg(pictures: pictures).utf8), named: name, in: folder, extension: "svg")
            return "Saved \(path)"
        } catch {
            return "Screen not saved as SVG: \(error)"
        }
    }

    /// The name a picture of `content` is saved under, before its extension.
    private func baseName(of content: PictureContent) -> String {
        PictureFile.baseName(for: ChromeView.title(of: content.curves), at: Date())
    }

    /// The view on screen in the pixels saved: the picture's own, or for braille the cells' pixels.
    private func viewport(of content: PictureContent) -> Viewport {
        let shown = content.viewport
        guard !presenter.abilities.drawsPixels else { return shown }
        return Viewport(width: content.rect.columns * cell.width, height: content.rect.rows * cell.height,
                        xRange: shown.xRange, yRange: shown.yRange)
    }

    /// The renderer of saved pictures: labels sized for the terminal's text.
    private var renderer: GraphRenderer {
        GraphRenderer(style: .sized(forTextHeight: cell.height, theme: theme), glyphs: presenter.glyphs)
    }
}
