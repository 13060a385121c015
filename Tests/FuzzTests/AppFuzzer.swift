@testable import App
import AppTestSupport
import Foundation
import Raster
import SystemPackage
import Terminal
import TestSupport

/// Runs one seeded random sequence of actions through an `AppController`, drawing a frame after
/// every step and checking the frame and the camera after each.
struct AppFuzzer {
    /// A sequence that broke an invariant, with everything needed to replay it.
    struct Failure: CustomStringConvertible {
        var seed: UInt64
        var graphicsProtocol: GraphicsProtocol
        var function: String
        var steps: [[FuzzAction]]
        var problems: [String]

        var description: String {
            var lines = ["\(graphicsProtocol) seed \(seed) graphing \(function.debugDescription): step \(steps.count - 1) broke:"]
            lines += problems.prefix(8).map { "  - \($0)" }
            lines.append("replay: GCVIEW_FUZZ_SEED=\(seed) GCVIEW_FUZZ_ACTIONS=\(AppFuzzer.sequenceLength) swift test --skip-build --filter AppFuzzTests")
            lines += steps.enumerated().map { "  step \($0.offset): " + $0.element.map(\.description).joined(separator: "; ") }
            return lines.joined(separator: "\n")
        }
    }

    /// Actions in one sequence: short, so the sequence that traps is easy to replay.
    static let sequenceLength = 20

    let seed: UInt64
    let graphicsProtocol: GraphicsProtocol
    let glyphs: (any GlyphSource)?
    /// Actions kept out of the sequence, to look past a known crash (`GCVIEW_FUZZ_AVOID=popover,fit`).
    var avoided: Set<String> = []
    /// Whether to print each step to stderr before its frame, so a trap shows where it happened.
    var isVerbose = false

    /// The function this seed graphs first.
    var function: String { HostileFunctions.corpus[Int(seed % UInt64(HostileFunctions.corpus.count))] }

    /// Runs `length` random actions; returns the first failure, or nil.
    func run(length: Int = AppFuzzer.sequenceLength) -> Failure? {
        var generator = FuzzActionGenerator(seed: seed)
        let window = generator.random.chance(0.6) ? WindowSize(columns: 120, rows: 32) : generator.size()
        let cell = generator.random.pick([PixelSize(width: 10, height: 20), PixelSize(width: 7, height: 15),
                                          PixelSize(width: 1, height: 1), PixelSize(width: 3, height: 5)])
        let largestSixel = graphicsProtocol == .sixel && generator.random.chance(0.3)
            ? PixelSize(width: Int.random(in: 1...1200, using: &generator.random), height: Int.random(in: 1...1200, using: &generator.random))
            : nil
        let registers = generator.random.pick([nil, 16, 256] as [Int?])
        let presenter = GraphPresenter(backend: graphicsProtocol.backend(largestSixel: largestSixel, sixelRegisters: registers),
                                       glyphs: glyphs)
        let controller = AppController(model: AppModel(), window: window, cell: cell, presenter: presenter,
                                       theme: generator.random.chance(0.5) ? .dark : .light)
        // Without --theme half the time: colours the terminal reports then switch the theme mid-session.
        controller.followsTerminalColours = generator.random.chance(0.5)
        // `w`, `W` and `s` save pictures: into a folder of the run's own, never the current folder
        // (the package's, where they were once committed by mistake).
        let pictures = FileManager.default.temporaryDirectory.appendingPathComponent("gcview-fuzz-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: pictures) }
        controller.pictureFolder = FilePath(pictures.path)
        var decoder = InputDecoder()
        var kittyScreen = KittyScreen(cell: cell)
        var steps: [[FuzzAction]] = [[.expression(function, submits: true), .key(.character("g"))]]
        // The playback's clock, moved by `.tick` only, so a sequence replays the same.
        var clock = ContinuousClock.now
        // Half the sequences graph several hostile curves together, or open with one of issue 49's
        // scenarios (strict inequalities, short and long curves, sliders under a trace).
        if generator.random.chance(0.5) {
            if generator.random.chance(0.4) {
                steps[0] += generator.scenario()
            } else {
                steps[0] += (0..<Int.random(in: 1...5, using: &generator.random)).map { _ in
                    .addExpression(generator.random.pick(HostileFunctions.corpus))
                }
            }
        }
        while true {
            let step = steps[steps.count - 1]
            for action in step where !isAvoided(action) {
                for event in action.events(decoder: &decoder) { controller.handle(event) }
                if case .tick(let milliseconds) = action {
                    clock = clock.advanced(by: .milliseconds(milliseconds))
                    controller.advancePlayback(to: clock)
                }
            }
            if avoided.contains("popover"), controller.model.isPopoverOpen { controller.apply(.togglePopover) }
            // The real loop stops drawing once the person quits.
            if controller.isQuitting { return nil }
            if isVerbose {
                FileHandle.standardError.write(Data("appfuzz \(graphicsProtocol) seed \(seed) step \(steps.count - 1): \(step)\n".utf8))
            }
            let frame = controller.frame()
            let problems = Self.problems(in: frame, controller: controller, graphicsProtocol: graphicsProtocol,
                                         sixelRegisters: registers, kittyScreen: &kittyScreen)
            if !problems.isEmpty {
                return Failure(seed: seed, graphicsProtocol: graphicsProtocol, function: function, steps: steps, problems: problems)
            }
            guard steps.count <= length else { return nil }
            let count = generator.random.chance(0.8) ? 1 : Int.random(in: 2...4, using: &generator.random)
            steps.append((0..<count).map { _ in generator.next(window: controller.window, layout: controller.layout) })
        }
    }

    private func isAvoided(_ action: FuzzAction) -> Bool {
        avoided.contains("fit") && action == .key(.character("f"))
    }

    /// What is wrong with `frame`, just drawn by `controller`.
    static func problems(in frame: [UInt8], controller: AppController, graphicsProtocol: GraphicsProtocol,
                         sixelRegisters: Int? = nil, kittyScreen: inout KittyScreen) -> [String] {
        let inspector = FrameInspector(frame)
        var problems = inspector.problems
        let pane = controller.graphPane
        func checkSize(_ width: Int, _ height: Int, _ kind: String) {
            guard let pane else { return problems.append("a \(kind) picture with no graph pane on screen") }
            if width != pane.width || height != pane.height {
                problems.append("a \(kind) picture of \(width)x\(height) in a pane of \(pane.width)x\(pane.height)")
            }
        }
        let sixels = inspector.sixelImages()
        let kitty = inspector.kittyImages()
        switch graphicsProtocol {
        case .sixel:
            for sixel in sixels {
                switch sixel {
                case .success(let image): checkSize(image.width, image.height, "sixel")
                case .failure(let error): problems.append("libsixel cannot decode the frame's sixel: \(error)")
                }
            }
            if let sixelRegisters, let used = inspector.sixelColorsDefined().max(), used > sixelRegisters {
                problems.append("a sixel picture defines \(used) colours for a terminal with \(sixelRegisters) registers")
            }
            if inspector.pieces.contains(where: { if case .apc = $0 { true } else { false } }) {
                problems.append("an APC in a sixel frame")
            }
        case .kitty:
            // Every layer placed shows a pane-sized window of its picture; patches (z-index 1) lie inside the pane.
            // A resize may change the cell: kitty places pictures by cells and pixels into them.
            kittyScreen.cell = controller.cell
            problems += kittyScreen.take(frame)
            let stack = kittyScreen.windows
            for (id, window) in stack where window.zIndex != 1 {
                checkSize(window.width, window.height, "kitty window of picture \(id)")
            }
            if let bottom = stack.first?.window, let pane {
                for (id, window) in stack where window.zIndex == 1 {
                    let left = window.left - bottom.left, top = window.top - bottom.top
                    if left < 0 || top < 0 || left + window.width > pane.width || top + window.height > pane.height {
                        problems.append("kitty patch \(id) of \(window.width)x\(window.height) at \(left), \(top) beyond the pane")
                    }
                }
            }
            // A frame without kitty commands leaves the stack as it was: it was checked then.
            if inspector.pieces.contains(where: { if case .apc = $0 { true } else { false } }) {
                problems += layeringProblems(kittyScreen, controller: controller)
            }
            if !sixels.isEmpty { problems.append("a DCS in a kitty frame") }
            if !inspector.iterm2Images().images.isEmpty { problems.append("an OSC 1337 picture in a kitty frame") }
        case .iterm2:
            let iterm2 = inspector.iterm2Images()
            problems += iterm2.problems
            for image in iterm2.images { checkSize(image.width, image.height, "OSC 1337") }
            if !sixels.isEmpty || !kitty.images.isEmpty { problems.append("a sixel or kitty picture in an OSC 1337 frame") }
        case .unicode:
            if !sixels.isEmpty || !kitty.images.isEmpty || !inspector.iterm2Images().images.isEmpty {
                problems.append("a picture sequence in a Unicode frame")
            }
        case .kittyPlaceholders:
            // Pictures travel inside tmux's passthrough (its DCS), never as bare kitty or OSC 1337 sequences.
            if !kitty.images.isEmpty || !inspector.iterm2Images().images.isEmpty || !sixels.isEmpty {
                problems.append("a bare picture sequence in a kitty-through-tmux frame")
            }
            // kitty's sequences, and DA1 (`ESC [c`), which a playback's next picture waits to have answered.
            if inspector.passedThrough.contains(where: {
                switch $0 {
                case .apc: false
                case .csi(let parameters, let final): !(parameters.isEmpty && final == UInt8(ascii: "c"))
                default: true
                }
            }) {
                problems.append("something other than kitty's sequences inside tmux's passthrough")
            }
        }
        problems += landmarkProblems(controller.model, pane: controller.graphPane)
        if let camera = controller.model.camera {
            let values = [camera.scaleX, camera.scaleY, camera.offsetX, camera.offsetY]
            if !values.allSatisfy(\.isFinite) || camera.scaleX <= 0 || camera.scaleY <= 0 {
                problems.append("the camera is not finite and positive: \(camera)")
            }
        }
        return problems
    }

    /// What kitty's stack of layers shows against a fresh render of what the app means to show:
    /// grid, axes, labels, legend and popover must agree pixel for pixel (curves sampled over a
    /// larger picture may take other anti-aliasing phases).
    ///
    /// A picture with a `rand` curve and the popover open is not compared: the popover's numbers
    /// are measured anew for each picture, and a random curve has new ones each time.
    static func layeringProblems(_ screen: KittyScreen, controller: AppController) -> [String] {
        guard let content = controller.images.onScreen, !screen.windows.isEmpty else { return [] }
        if content.hasPopover, controller.model.curves.contains(where: { $0.description.contains("rand") }) { return [] }
        let viewport = content.camera.viewport(width: content.pane.width, height: content.pane.height)
        let fresh = GraphOverlay.picture(of: content, in: viewport,
                                            renderer: controller.presenter.renderer(theme: controller.theme, cell: controller.cell),
                                            withPopover: content.hasPopover)
        let shownColors = screen.shown
        let expectedColors = fresh.pixels.map { fresh.palette[Int($0)] }
        guard shownColors != expectedColors else { return [] }
        // Colours as the first slot that has them, in both pictures, so equal colours compare equal.
        func slot(_ color: RGB) -> UInt8 { fresh.palette.firstIndex(of: color).map { UInt8($0) } ?? 255 }
        let shown = shownColors.map(slot), expected = expectedColors.map(slot)
        guard shown.count == expected.count else {
            return ["kitty shows \(shown.count) pixels for a \(fresh.width)x\(fresh.height) picture"]
        }
        // A colour the picture's palette does not hold at all (another theme's) is wrong anywhere;
        // the comparison below would take its unknown slot for a curve's.
        let palette = Set(fresh.palette)
        let foreign = shownColors.count { !palette.contains($0) }
        if foreign > 0 { return ["kitty shows \(foreign) pixels in colours a fresh render's palette does not hold"] }
        let comparison = PanComparison(shown, expected, width: fresh.width)
        // kitty's layer of point marks is found over the whole panorama, a fresh render's over the
        // pane: on a long curve sampled coarsely the two scans may place a mark a pixel apart (seen
        // with sin(x) and its Taylor polynomial, issue 49's fuzzing; left for later). A few pixels only.
        let tolerated = content.showsPoints ? 8 : 0
        return comparison.otherInk <= tolerated ? [] : ["kitty's layers differ from a fresh render: \(comparison)"]
    }
}
