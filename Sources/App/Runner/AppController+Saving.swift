import FoundationEssentials
import Raster

/// What `w`, `W` and `s` save: the graph on screen, or a sweep of it while a parameter plays, and
/// the whole screen as the terminal shows it (PNG, then SVG), through `PictureSaver`.
extension AppController {
    /// What saves pictures into `pictureFolder`.
    var saver: PictureSaver {
        PictureSaver(presenter: presenter, theme: theme, cell: cell, folder: pictureFolder)
    }

    /// Saves the graph on screen as a PNG, or while a parameter plays one sweep of it as a GIF.
    func savePicture() {
        let content = imageContent(layout)
        guard let playback = model.playback, let content else {
            show(saver.savePicture(of: content))
            return
        }
        let sweep = SweepAnimation(name: playback.name, slider: model.slider(playback.name), sweepSeconds: model.sweepSeconds)
        show(saver.saveSweep(of: content, sweep, values: model.sliders.mapValues { $0.value }))
    }

    /// The whole screen as the terminal shows it now (the last frame), as a picture; nil before
    /// the first frame or when it would be too large.
    func screenShot() -> IndexedImage? { shotOfScreen()?.screen.image }

    /// The screen drawn, with the graph picture laid in it (nil for none or braille).
    private func shotOfScreen() -> (screen: ScreenPicture, graph: IndexedImage?)? {
        guard let buffer = onScreen else { return nil }
        let defaults = terminalColors ?? (theme.label, theme == .dark ? RGB(0, 0, 0) : RGB(255, 255, 255))
        var graph: (image: IndexedImage, rect: CellRect)?
        if let content = images.onScreen {
            let renderer = presenter.renderer(theme: theme, cell: cell)
            let image = GraphOverlay.picture(of: content, in: content.viewport, renderer: renderer,
                                             withPopover: content.hasPopover && presenter.abilities.drawsPixels)
            graph = (image, content.rect)
        }
        let shot = ScreenShot(buffer: buffer, graph: graph, cell: cell, defaults: defaults)
        guard shot.fits else { return nil }
        return (shot.screen(glyphs: presenter.glyphs, backend: presenter.backend),
                presenter.abilities.drawsPixels ? graph?.image : nil)
    }

    /// Saves the whole screen as a PNG beside `w`'s pictures, named the same way with `screen-`
    /// before it, and says where in the status line; `s` next saves the same screen as SVG.
    func saveScreen() {
        lastScreen = nil
        guard let shot = shotOfScreen() else {
            showNotice(onScreen == nil ? "Nothing on screen yet" : "Screen not saved: it would be larger than 64 million pixels")
            withdrawScreenVectorOffer()
            return
        }
        let name = "screen-" + PictureFile.baseName(for: model.graphed == nil ? "calculator" : ChromeView.title(of: model.curves),
                                                     at: Date())
        let outcome = saver.saveScreen(shot.screen, named: name)
        show(outcome)
        if outcome.saved { lastScreen = (shot.screen, shot.graph, name) } else { withdrawScreenVectorOffer() }
    }

    /// Saves the screen `W` saved as SVG too: its text as text, the graph as the PNG it showed.
    func saveScreenAsSVG() {
        guard let lastScreen else { return }
        self.lastScreen = nil
        show(saver.saveScreenAsSVG(lastScreen.screen, graph: lastScreen.graph, named: lastScreen.name))
    }

    /// Says what a save did in the status line: where it saved as news, why it did not as a warning.
    private func show(_ outcome: PictureSaver.Outcome) {
        showNotice(outcome.notice, isNews: outcome.saved)
    }
}
