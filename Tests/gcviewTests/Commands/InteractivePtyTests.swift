import Foundation
import Testing

/// The interactive app on a pseudo-terminal: how it ends on a signal, and what it does with state
/// paths it must not trust.
@Suite("Interactive: signals and state paths through a pty", .serialized)
struct InteractivePtyTests {
    /// gcview running on a pseudo-terminal, its stderr collected apart.
    final class AppOnPty: @unchecked Sendable {
        typealias OpenCall = @convention(c) (Int32) -> Int32
        typealias NameCall = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
        let master: Int32
        /// The terminal's settings before gcview started.
        private(set) var termiosBefore = termios()
        /// The terminal's settings once gcview ended (read by `finish`; with `holdTerminal` only).
        private(set) var termiosAfter = termios()
        /// The path of the pty's terminal end.
        private(set) var slaveName = ""
        /// The terminal end held open by the test (`holdTerminal`), so its settings outlive gcview.
        private var held: Int32 = -1
        let process = Process()
        let errors = Pipe()
        private let screen = LockedData()
        private var draining = true
        /// Signalled when the reading thread has stopped.
        private let readerStopped = DispatchSemaphore(value: 0)

        init(_ arguments: [String], environment: [String: String] = [:], folder: URL) throws {
            func call<F>(_ name: String, as type: F.Type) throws -> F {
                unsafeBitCast(try #require(dlsym(dlopen(nil, RTLD_NOW), name)), to: type)
            }
            master = try call("posix_openpt", as: OpenCall.self)(O_RDWR | O_NOCTTY)
            try #require(master >= 0)
            try #require(try call("grantpt", as: OpenCall.self)(master) == 0)
            try #require(try call("unlockpt", as: OpenCall.self)(master) == 0)
            var name = [CChar](repeating: 0, count: 256)
            try #require(try call("ptsname_r", as: NameCall.self)(master, &name, name.count) == 0)
            slaveName = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let slave = FileHandle(forUpdatingAtPath: slaveName)
            process.executableURL = URL(fileURLWithPath: Paths.gcview)
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardInput = slave
            process.standardOutput = slave
            process.standardError = errors
            tcgetattr(master, &termiosBefore)
            try launch(process)
            try slave?.close()
            let master = self.master, screen = self.screen, stopped = readerStopped
            Thread.detachNewThread { [weak self] in
                defer { stopped.signal() }
                var buffer = [UInt8](repeating: 0, count: 4096)
                while self?.draining ?? false {
                    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                    guard poll(&descriptor, 1, 20) > 0 else { continue }
                    let count = read(master, &buffer, buffer.count)
                    if count <= 0 { break }
                    screen.set(screen.value + Data(buffer[..<count]))
                }
            }
        }

        /// Waits until the app has drawn (the alternate screen is on and the status line shows).
        func awaitFirstFrame() {
            _ = waitFor("help")
        }

        /// Waits up to 10 s for `text` on the screen; whether it came.
        func waitFor(_ text: String) -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if String(decoding: screen.value, as: UTF8.self).contains(text) { return true }
                usleep(10_000)
            }
            return false
        }

        /// Everything gcview wrote to the terminal so far.
        var output: [UInt8] { [UInt8](screen.value) }

        /// The terminal's settings now (a pty's master reads its slave's; after `holdTerminal`,
        /// still once gcview has ended).
        var termiosNow: termios {
            var now = termios()
            tcgetattr(held >= 0 ? held : master, &now)
            return now
        }

        /// Keeps the terminal end of the pty open in the test, so its settings can be read after gcview ends.
        func holdTerminal() {
            if held < 0 { held = open(slaveName, O_RDWR | O_NOCTTY) }
        }

        func type(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, text.utf8.count) }
        }

        /// Waits for the end: the exit status (128 + signal when killed by one) and stderr.
        /// An app still running after 15 s is killed (SIGKILL, status 137), so a hang fails the test.
        func finish() -> (status: Int32, stderr: String) {
            let pid = process.processIdentifier
            let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 15, execute: watchdog)
            defer { watchdog.cancel() }
            let status = reap(process)
            draining = false
            // What gcview wrote last may still wait in the pty when it ends: read it all, after
            // the reading thread has stopped, so the output's tail is never lost.
            _ = readerStopped.wait(timeout: .now() + 2)
            var buffer = [UInt8](repeating: 0, count: 4096)
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            while poll(&descriptor, 1, 100) > 0 {
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }
                screen.set(screen.value + Data(buffer[..<count]))
            }
            termiosAfter = termiosNow
            if held >= 0 { close(held) }
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            close(master)
            return (status, stderr)
        }
    }

    @Test("SIGTERM, SIGHUP and SIGINT end the app with the signal, as the README promises (128+signo)",
          arguments: [SIGTERM, SIGHUP, SIGINT])
    func signalExit(signal: Int32) throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try AppOnPty(["--no-state", "--protocol", "unicode"], folder: folder)
        app.awaitFirstFrame()
        kill(app.process.processIdentifier, signal)
        let (status, stderr) = app.finish()
        // `reap` gives 128 + signal, unless Foundation reaped the child first and says it itself.
        let killed = status == 128 + signal
            || (app.process.terminationReason == .uncaughtSignal && app.process.terminationStatus == signal)
        #expect(killed, "status \(status): \(stderr)")
        let names = [SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGINT: "SIGINT"]
        #expect(stderr.hasSuffix("gcview: terminated by \(names[signal] ?? "")\n"), "\(stderr)")
    }

    @Test("A FIFO named as the font is reported in the status line before raw mode, and q still quits")
    func fifoFont() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = folder.appendingPathComponent("font.ttf").path
        #expect(mkfifo(font, 0o600) == 0)
        let app = try AppOnPty(["--no-state", "--protocol", "unicode"], environment: ["GCVIEW_FONT": font], folder: folder)
        #expect(app.waitFor("No font: cannot use font"), "the notice says why")
        app.type("q")
        let (status, stderr) = app.finish()
        #expect(status == 0, "\(stderr)")
    }

    @Test("A relative --state is saved relative to the current folder")
    func relativeState() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try AppOnPty(["--state", "rel.json", "--protocol", "unicode"], folder: folder)
        app.awaitFirstFrame()
        app.type(":x\r")
        usleep(300_000)
        app.type("q")
        let (status, stderr) = app.finish()
        #expect(status == 0, "\(stderr)")
        #expect(stderr.isEmpty, "\(stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("rel.json").path))
    }

    @Test("A symbolic link at the default state path is named as the state file, left alone, and nothing is saved")
    func defaultStateLink() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let passwd = try Data(contentsOf: URL(fileURLWithPath: "/etc/passwd"))
        let target = folder.appendingPathComponent("passwd").path
        try passwd.write(to: URL(fileURLWithPath: target))
        try FileManager.default.createDirectory(atPath: folder.path + "/gcview", withIntermediateDirectories: false)
        let link = folder.path + "/gcview/state.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let app = try AppOnPty(["--protocol", "unicode"], environment: ["XDG_STATE_HOME": folder.path], folder: folder)
        app.awaitFirstFrame()
        app.type(":x\r")
        usleep(300_000)
        app.type("q")
        let (status, stderr) = app.finish()
        #expect(status == 0, "\(stderr)")
        #expect(stderr == "gcview: warning: state file \(link): it is a symbolic link, and gcview does not follow links for its state file; nothing is saved\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == passwd)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["gcview", "passwd"])
    }

    @Test("A symbolic link given as --state is refused at start with exit 2")
    func namedStateLink() throws {
        let folder = Paths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.path + "/state.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/etc/passwd")
        let finished = try gcview("--state", link)
        #expect(finished.status == 2)
        #expect(finished.stderr == "gcview: --state \(link): it is a symbolic link, and gcview does not follow links for its state file\n")
    }
}
