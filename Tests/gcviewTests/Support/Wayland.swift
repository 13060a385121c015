import Foundation

/// A headless sway compositor of its own, run as `nobody`, for Wayland terminals.
///
/// sway refuses to run as root, so it and every client run as `nobody`: whatever they read
/// must be open to every user. There is no GPU (pixman renders) and no XWayland.
final class HeadlessSway: @unchecked Sendable {
    /// The window rules: windows whose app id starts with `appIDPrefix` float at the top left, without borders.
    static let appIDPrefix = "gcview-e2e-"
    private static let configuration = """
        xwayland disable
        output HEADLESS-1 resolution 2560x1600 position 0,0 bg #000000 solid_color
        default_border none
        default_floating_border none
        for_window [app_id="^\(appIDPrefix)"] floating enable, move position 0 0

        """

    /// What clients need to reach this compositor: XDG_RUNTIME_DIR, WAYLAND_DISPLAY, SWAYSOCK, HOME.
    let environment: [String: String]
    /// Holds the runtime folder (nobody's, 0700), a home open to all, and the configuration.
    private let folder: URL
    private let process: Process

    /// Starts sway and waits until it accepts Wayland clients and IPC.
    init() throws {
        folder = Paths.temporaryFolder()
        let files = FileManager.default
        let runtime = folder.appendingPathComponent("runtime"), home = folder.appendingPathComponent("home")
        try files.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try files.setAttributes([.ownerAccountName: "nobody", .groupOwnerAccountName: "nogroup"], ofItemAtPath: runtime.path)
        try files.createDirectory(at: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        let configuration = folder.appendingPathComponent("sway.cfg")
        try Data(Self.configuration.utf8).write(to: configuration)
        try files.setAttributes([.posixPermissions: 0o644], ofItemAtPath: configuration.path)

        var environment = ["XDG_RUNTIME_DIR": runtime.path, "HOME": home.path, "WLR_BACKENDS": "headless",
                           "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman", "WLR_HEADLESS_OUTPUTS": "1"]
        process = Self.asNobody("/usr/bin/sway", ["-c", configuration.path], environment: environment)
        try launch(process)
        // sway makes its Wayland socket (wayland-N beside wayland-N.lock) and then its IPC socket.
        var display: String?, socket: String?
        let ready = waitUntil(timeout: 20) {
            let names = (try? files.contentsOfDirectory(atPath: runtime.path)) ?? []
            display = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
            socket = names.first { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }
            return display != nil && socket != nil
        }
        guard ready, process.isRunning, let display, let socket else {
            stop(process)
            throw WaylandFailure("sway did not start")
        }
        environment["WAYLAND_DISPLAY"] = display
        environment["SWAYSOCK"] = runtime.appendingPathComponent(socket).path
        self.environment = environment
    }

    deinit {
        stop(process)
        try? FileManager.default.removeItem(at: folder)
    }

    /// setpriv's arguments that run a program as `nobody`, in `home`: the tests' own folder may be
    /// one `nobody` cannot enter (a private clone), and foot will not start in a folder it cannot read.
    private static func nobodyPrefix(home: String?) -> [String] {
        ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/env", "--chdir=\(home ?? "/")"]
    }

    /// A process that runs `executable` as `nobody` with `environment` added to this process's own.
    private static func asNobody(_ executable: String, _ arguments: [String], environment: [String: String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = nobodyPrefix(home: environment["HOME"]) + [executable] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
    }

    /// Starts a client (a terminal) as `nobody`; it runs until stopped.
    func start(_ executable: String, _ arguments: [String]) throws -> Process {
        let process = Self.asNobody(executable, arguments, environment: environment)
        try launch(process)
        return process
    }

    /// Runs a client (swaymsg, grim, wtype) as `nobody` to completion.
    func client(_ executable: String, _ arguments: [String], timeout: TimeInterval = 20) throws -> Finished {
        try run("/usr/bin/setpriv", Self.nobodyPrefix(home: environment["HOME"]) + [executable] + arguments,
                environment: environment, timeout: timeout)
    }

    /// Whether `nobody` may execute the file at `path`: every parent folder must let it through.
    func nobodyCanExecute(_ path: String) throws -> Bool {
        try client("/usr/bin/test", ["-x", path]).status == 0
    }

    /// The rectangle, in output pixels, of the window whose app id is `appID`, once it is mapped.
    func rect(ofAppID appID: String) throws -> (x: Int, y: Int, width: Int, height: Int)? {
        let tree = try client("/usr/bin/swaymsg", ["-t", "get_tree"])
        guard tree.status == 0, let root = try JSONSerialization.jsonObject(with: tree.stdoutBytes) as? [String: Any] else {
            throw WaylandFailure("swaymsg -t get_tree failed: \(tree.stderr)")
        }
        var pending = [root]
        while let node = pending.popLast() {
            if node["app_id"] as? String == appID, let rect = node["rect"] as? [String: Any],
               let x = rect["x"] as? Int, let y = rect["y"] as? Int,
               let width = rect["width"] as? Int, let height = rect["height"] as? Int, width > 0, height > 0 {
                return (x, y, width, height)
            }
            for key in ["nodes", "floating_nodes"] {
                pending += node[key] as? [[String: Any]] ?? []
            }
        }
        return nil
    }
}

/// A Wayland failure in a test's setup.
struct WaylandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
