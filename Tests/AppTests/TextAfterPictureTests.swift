import AppTestSupport
@testable import App
import Terminal
import Testing

/// Issue 49: while a slider played, the picture's readout lagged the status line by a frame in
/// terminals that show bytes as they come (no synchronized updates): the status line's new value
/// was written before the picture, and showed while the sixel was still being decoded.
@Suite("The text beside the picture is written after it")
struct TextAfterPictureTests {
    /// Where the picture starts in `frame`: a sixel's DCS, or a kitty command.
    static func pictureStart(in frame: [UInt8]) -> Int? {
        let text = Array(frame)
        return text.indices.dropLast().first { text[$0] == 0x1B && (text[$0 + 1] == UInt8(ascii: "P") || text[$0 + 1] == UInt8(ascii: "_")) }
    }

    /// The rows (1-based) of the cursor moves in `bytes`.
    static func rowsMovedTo(in bytes: ArraySlice<UInt8>) -> [Int] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.matches(of: /\u{1B}\[(\d+);(\d+)H/).compactMap { Int($0.output.1) }
    }

    @Test("While a slider plays under the trace, each frame writes the status line's new value after the picture",
          arguments: [GraphicsProtocol.sixel, .kitty])
    func statusLineAfterPicture(_ graphicsProtocol: GraphicsProtocol) throws {
        let controller = SliderTests.controller("sin(a x)*x", graphicsProtocol)
        SliderTests.type("t", into: controller)
        _ = controller.frame()
        let start = ContinuousClock.now
        SliderTests.type(" ", into: controller)
        controller.advancePlayback(to: start)
        _ = controller.frame()
        for tenth in 1...5 {
            controller.advancePlayback(to: start + .milliseconds(100 * tenth))
            let frame = controller.frame()
            let picture = try #require(Self.pictureStart(in: frame), "frame \(tenth) has a picture")
            let rect = try #require(controller.layout.graph)
            let pane = (rect.row + 1)...(rect.row + rect.rows)
            let before = Self.rowsMovedTo(in: frame[..<picture])
            // After the picture, less the frame's last move (to the last row, ending the update).
            let after = Self.rowsMovedTo(in: frame[picture...]).dropLast()
            #expect(before.allSatisfy(pane.contains), "frame \(tenth): rows \(before) written before the picture, outside the pane's \(pane)")
            #expect(after.contains { !pane.contains($0) }, "frame \(tenth): the status line's value after the picture, rows \(after)")
        }
    }
}
