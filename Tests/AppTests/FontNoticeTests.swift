@testable import App
import Raster
import Terminal
import Testing

/// A missing label font is said in the status line, not hidden.
@Suite("Missing font notice")
struct FontNoticeTests {
    @Test("With no font to find, the app gets no glyphs and a notice")
    func noFont() throws {
        let empty = try TemporaryDirectory()
        defer { empty.remove() }
        let font = InteractiveApp.labelFont(environment: ["GCVIEW_FONT": empty.path + "/DejaVuSans.ttf"])
        #expect(font.glyphs == nil)
        #expect(font.notice?.contains("labels are not drawn") == true)
    }

    @Test("The system font is found when it is installed, with no notice, and DejaVu Sans Mono for cells")
    func systemFont() {
        let font = InteractiveApp.labelFont(environment: [:])
        #expect(font.glyphs != nil)
        #expect(font.notice == nil)
        #expect(font.glyphs?.familyName == "DejaVu Sans")
        #expect(font.glyphs?.cellGlyphs?.familyName == "DejaVu Sans Mono")
    }

    @Test("Without a monospace font, labels still draw, help uses the label font, and the status line says so")
    func noMonospaceFont() throws {
        let empty = try TemporaryDirectory()
        defer { empty.remove() }
        let missing = InteractiveApp.labelFont(environment: ["GCVIEW_MONO_FONT": empty.path + "/DejaVuSansMono.ttf"])
        #expect(missing.glyphs != nil && missing.glyphs?.cellGlyphs == nil)
        #expect(missing.notice?.hasPrefix("No monospace font found: help and lists use the label font") == true,
                "\(missing.notice ?? "no notice")")
        let folder = InteractiveApp.labelFont(environment: ["GCVIEW_MONO_FONT": empty.path])
        #expect(folder.glyphs != nil && folder.glyphs?.cellGlyphs == nil)
        #expect(folder.notice?.contains("it is a directory") == true, "\(folder.notice ?? "no notice")")
        let chosen = InteractiveApp.labelFont(environment: ["GCVIEW_MONO_FONT": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])
        #expect(chosen.notice == nil && chosen.glyphs?.cellGlyphs?.familyName == "DejaVu Sans", "the variable's font is used")
    }

    @Test("The notice shows in the status line until the next action")
    func statusLine() {
        let presenter = GraphPresenter(backend: UnicodeBackend(), glyphs: nil)
        let controller = AppController(model: AppModel(), window: WindowSize(columns: 120, rows: 30),
                                       cell: PixelSize(width: 10, height: 20), presenter: presenter, theme: .dark)
        controller.showNotice("No font found: graph labels are not drawn")
        #expect(ExpressionLineTests.statusRow(of: controller.model, columns: 120).hasPrefix("No font found"))
        controller.handle(.input(.key(.character("7"))))
        let row = ExpressionLineTests.statusRow(of: controller.model, columns: 120)
        #expect(!row.contains("No font found"))
        #expect(row.contains("? help"))
    }
}
