import Foundation
import Testing

/// The probe inside tmux leaves tmux as it found it: tmux takes an APC (the kitty graphics query)
/// for the pane's title, which the status line then shows.
@Suite("Probe in tmux", .serialized, .needs(["/usr/bin/tmux"]))
struct ProbeInTmuxTests {
    @Test("gcview probe in tmux leaves the pane's title alone")
    func titleUntouched() throws {
        let tmux = try TmuxSession(columns: 100, rows: 30, command: "\(Paths.gcview) probe")
        defer { tmux.close() }
        _ = try tmux.waitFor("EXIT=")
        let title = try tmux.value("#{pane_title}")
        #expect(!title.contains("Gi=31"), "the pane's title became \(title.debugDescription)")
    }
}
