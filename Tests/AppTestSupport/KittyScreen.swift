import Raster
import Terminal

/// What a kitty terminal holds after a run of frames: the pictures by id and the window each
/// placement shows, stacked as kitty stacks them: by z-index, then in the order the pictures were
/// made (kitty 0.4x sorts by its internal image id). Each placement stands at the cursor's cell,
/// moved by its `X` and `Y` pixels; the lowest stands at the pane's top-left corner.
package struct KittyScreen {
    /// The terminal's cell, in pixels.
    package var cell: PixelSize

    /// A screen with nothing on it, of cells `cell` pixels in size.
    package init(cell: PixelSize = PixelSize(width: 10, height: 20)) {
        self.cell = cell
    }

    /// A picture transmitted.
    package struct Picture {
        package let width: Int
        package let height: Int
        package let pixels: [RGB]
        package let alpha: [UInt8]
        /// When kitty made it: later ones lie above earlier ones of the same z-index.
        package let made: Int
    }

    /// The part of a picture a placement shows.
    package struct Window: Equatable {
        package let x: Int
        package let y: Int
        package let width: Int
        package let height: Int
        package var zIndex = 0
        /// Where its top-left corner stands on the screen, in pixels.
        package var left = 0
        package var top = 0
    }

    private var made = 0
    private(set) var pictures: [UInt32: Picture] = [:]
    private(set) var placed: [UInt32: Window] = [:]
    /// What was wrong with the frames taken.
    private(set) var problems: [String] = []

    /// Applies `frame`'s kitty commands in order; returns what was wrong with them.
    @discardableResult
    package mutating func take(_ frame: [UInt8]) -> [String] {
        let before = problems.count
        let kitty = FrameInspector(frame).kittyCommands()
        problems += kitty.problems
        for command in kitty.commands {
            switch command {
            case .picture(let keys, let width, let height, let pixels, let alpha):
                guard let id = keys["i"].flatMap({ UInt32($0) }) else {
                    problems.append("a kitty picture without an id")
                    continue
                }
                made += 1
                let picture = Picture(width: width, height: height, pixels: pixels, alpha: alpha, made: made)
                pictures[id] = picture
                placed[id] = keys["a"] == "T" ? window(keys, of: picture) : nil
            case .placement(let keys):
                guard let id = keys["i"].flatMap({ UInt32($0) }), let picture = pictures[id] else {
                    problems.append("a placement of a picture never sent: \(keys)")
                    continue
                }
                placed[id] = window(keys, of: picture)
            case .deletion(let keys):
                guard let id = keys["i"].flatMap({ UInt32($0) }) else { continue }
                placed[id] = nil
                // A freeing deletion frees every picture no placement shows, as kitty 0.26 does
                // (its filter_refs frees each image left without a reference, matched or not).
                if keys["d"] == "I" {
                    pictures[id] = nil
                    for other in pictures.keys where placed[other] == nil { pictures[other] = nil }
                }
            }
        }
        return Array(problems[before...])
    }

    /// The window `keys` show of `picture`: keys left out reach its edges, as kitty takes them.
    private mutating func window(_ keys: [String: String], of picture: Picture) -> Window? {
        func value(_ key: String) -> Int? { keys[key].flatMap { Int($0) } }
        let x = value("x") ?? 0, y = value("y") ?? 0
        let window = Window(x: x, y: y, width: value("w").flatMap { $0 == 0 ? nil : $0 } ?? picture.width - x,
                            height: value("h").flatMap { $0 == 0 ? nil : $0 } ?? picture.height - y, zIndex: value("z") ?? 0,
                            left: ((value("@column") ?? 1) - 1) * cell.width + (value("X") ?? 0),
                            top: ((value("@row") ?? 1) - 1) * cell.height + (value("Y") ?? 0))
        if (value("X") ?? 0) >= cell.width || (value("Y") ?? 0) >= cell.height {
            problems.append("a kitty placement \(value("X") ?? 0), \(value("Y") ?? 0) pixels into a \(cell) cell")
        }
        guard x >= 0, y >= 0, window.width > 0, window.height > 0,
              x + window.width <= picture.width, y + window.height <= picture.height else {
            problems.append("a kitty window \(window) beyond its \(picture.width)x\(picture.height) picture")
            return nil
        }
        return window
    }

    /// The ids placed, bottom to top, and the window each shows.
    package var windows: [(id: UInt32, window: Window)] {
        placed.compactMap { id, window in pictures[id].map { (id, window, $0.made) } }
            .sorted { ($0.1.zIndex, $0.2) < ($1.1.zIndex, $1.2) }
            .map { ($0.0, $0.1) }
    }

    /// What the pane shows: every window laid over the lowest's, where it stands, clear pixels
    /// letting lower ones show.
    package var shown: [RGB] { shown(below: .max) }

    /// What the pane shows of the windows of a z-index below `zIndex` alone.
    package func shown(below zIndex: Int) -> [RGB] {
        let windows = windows.filter { $0.window.zIndex < zIndex }
        guard let bottom = windows.first else { return [] }
        let width = bottom.window.width, height = bottom.window.height
        var out = [RGB](repeating: RGB(0, 0, 0), count: width * height)
        out.withUnsafeMutableBufferPointer { out in
            for (id, window) in windows {
                guard let picture = pictures[id] else { continue }
                let dx = window.left - bottom.window.left, dy = window.top - bottom.window.top
                let rows = max(0, -dy)..<max(min(window.height, height - dy), max(0, -dy))
                let columns = max(0, -dx)..<max(min(window.width, width - dx), max(0, -dx))
                picture.pixels.withUnsafeBufferPointer { pixels in
                    picture.alpha.withUnsafeBufferPointer { alpha in
                        for row in rows {
                            let source = (window.y + row) * picture.width + window.x, target = (row + dy) * width + dx
                            for column in columns where alpha[source + column] > 0 {
                                out[target + column] = pixels[source + column]
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
