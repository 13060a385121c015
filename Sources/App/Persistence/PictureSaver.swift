import Codecs
import FoundationEssentials
import Raster
import SystemPackage

/// What `w`, `W` and `s` write into the picture folder: the graph on screen as a PNG, or one
/// sweep of a playing parameter as an animated GIF; the whole screen as a PNG; and that screen
/// as SVG. Each says in one line what it did, for the status line: a save as news, a failure as a warning.
struct PictureSaver {
    /// What a save says in the status line, and whether it saved: a save is news, a failure a warning.
    struct Outcome: Equatable {
        var notice: String
        var saved: Bool
    }

    let presenter: GraphPresenter
    let theme: Theme
    /// One cell in pixels: braille graphs are saved in the pixels of the cells they cover.
    let cell: PixelSize
    /// The folder to save into; nil for the current folder (whatever it is at the time).
    let folder: FilePath?

    /// Saves `content` (the graph on screen, popover included) as a PNG in real pixels.
    func savePicture(of content: PictureContent?) -> Outcome {
        guard let content else { return Outcome(notice: "Nothing to save: graph something first", saved: false) }
        let image = GraphOverlay.picture(of: content, in: viewport(of: content), renderer: renderer, withPopover: content.hasPopover)
        do {
            let path = try PictureFile.write(try PNG.encode(image, marked: true), named: baseName(of: content), in: folder)
            return Outcome(notice: "Saved \(path)", saved: true)
        } catch {
            return Outcome(notice: "Picture not saved: \(error)", saved: false)
        }
    }

    /// Saves one sweep of `playback` over `content` as an animated GIF, the sliders at `values`.
    func saveSweep(of content: PictureContent, _ sweep: SweepAnimation, values: [String: Double]) -> Outcome {
        do {
            let gif = try sweep.gif(of: content.curves, values: values, in: viewport(of: content), renderer: renderer)
            let path = try PictureFile.write(gif, named: baseName(of: content), in: folder, extension: "gif")
            return Outcome(notice: "Saved a sweep of \(sweep.name) in \(path)", saved: true)
        } catch {
            return Outcome(notice: "Sweep not saved: \(error)", saved: false)
        }
    }

    /// Saves `screen` as a PNG named `name`; the notice, and whether it was saved.
    func saveScreen(_ screen: ScreenPicture, named name: String) -> Outcome {
        do {
            let path = try PictureFile.write(try PNG.encode(screen.image, marked: true), named: name, in: folder)
            return Outcome(notice: "Saved \(path)  (s: as SVG too)", saved: true)
        } catch {
            return Outcome(notice: "Screen not saved: \(error)", saved: false)
        }
    }

    /// Saves `screen` as SVG named `name`: its text as text, `graph` as the PNG it showed.
    func saveScreenAsSVG(_ screen: ScreenPicture, graph: IndexedImage?, named name: String) -> Outcome {
        do {
            let pictures = try graph.map { ["data:image/png;base64," + String(decoding: Base64.encode(try PNG.encode($0)), as: UTF8.self)] } ?? []
            let path = try PictureFile.write(Array(screen.svg(pictures: pictures).utf8), named: name, in: folder, extension: "svg")
            return Outcome(notice: "Saved \(path)", saved: true)
        } catch {
            return Outcome(notice: "Screen not saved as SVG: \(error)", saved: false)
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
