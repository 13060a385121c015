import AppTestSupport
@testable import App
import Raster
import Terminal
import TestSupport
import Foundation
import SystemPackage
import Testing

/// What the status line says in the error colour is a warning; what an action did is in the text
/// colour (issue 49: "Axes: log y" after `L` was shown as an error).
@Suite("The status line's tone")
struct StatusToneTests {
    static func statusStyle(after keys: String, graphing expression: String = "sin(a x)",
                            savingIn folder: String? = nil) throws -> (text: String, style: CellStyle) {
        let controller = SliderTests.controller(expression)
        controller.pictureFolder = folder.map { FilePath($0) }
        SliderTests.type(keys, into: controller)
        _ = controller.frame()
        let screen = try #require(controller.onScreen)
        let row = controller.layout.statusRow
        let text = String((0..<screen.columns).map { screen[$0, row].character })
        return (text, screen[0, row].style)
    }

    static let styles = TextStyles(isDark: true)

    @Test("L says the axes it chose in the text colour", arguments: ["L", "LL", "LLL", "LLLL"])
    func axes(keys: String) throws {
        let status = try Self.statusStyle(after: keys)
        #expect(status.text.hasPrefix("Axes: "), "\(status.text)")
        #expect(status.style.foreground == Self.styles.text.foreground)
    }

    @Test("A sweep's pace is news; a refusal is a warning")
    func paceAndRefusal() throws {
        let pace = try Self.statusStyle(after: ">")
        #expect(pace.text.hasPrefix("A sweep takes"), "\(pace.text)")
        #expect(pace.style.foreground == Self.styles.text.foreground)
        let refusal = try Self.statusStyle(after: "t]", graphing: "exp(x)")
        #expect(refusal.text.hasPrefix("No point of interest"), "\(refusal.text)")
        #expect(refusal.style.foreground == Self.styles.error.foreground, "\(refusal.text)")
    }

    @Test("Saving is news: w, W then s, and w while playing say Saved in the text colour",
          arguments: ["w", "W", "Ws", " w"])
    func saves(keys: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gcview-tone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let status = try Self.statusStyle(after: keys, savingIn: folder.path)
        #expect(status.text.hasPrefix("Saved "), "\(status.text)")
        #expect(status.style.foreground == Self.styles.text.foreground, "\(status.text)")
    }

    @Test("A save that failed is a warning", arguments: ["w", "W"])
    func failedSave(keys: String) throws {
        let status = try Self.statusStyle(after: keys, savingIn: "/nonexistent/gcview")
        #expect(status.text.contains("not saved"), "\(status.text)")
        #expect(status.style.foreground == Self.styles.error.foreground, "\(status.text)")
    }
}
