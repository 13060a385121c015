@testable import App
import Testing

/// Which theme the app starts in: `--theme`, then the terminal's background, then the last run's.
@Suite("The theme at start")
struct StartThemeTests {
    @Test("--theme wins over the terminal and the last run", arguments: [true, false])
    func chosen(dark: Bool) {
        for terminal in [true, false, nil] as [Bool?] {
            for lastRun in ["dark", "light", nil] as [String?] {
                #expect(InteractiveApp.isDark(chosen: dark, terminal: terminal, lastRun: lastRun) == dark)
            }
        }
    }

    @Test("The terminal's background wins over the theme the last run saved: a terminal switched to light is light",
          arguments: [true, false])
    func terminal(dark: Bool) {
        for lastRun in ["dark", "light", nil] as [String?] {
            #expect(InteractiveApp.isDark(chosen: nil, terminal: dark, lastRun: lastRun) == dark)
        }
    }

    @Test("A terminal that does not say (or tmux started detached) gets the last run's theme, else dark")
    func lastRun() {
        #expect(InteractiveApp.isDark(chosen: nil, terminal: nil, lastRun: "light") == false)
        #expect(InteractiveApp.isDark(chosen: nil, terminal: nil, lastRun: "dark") == true)
        #expect(InteractiveApp.isDark(chosen: nil, terminal: nil, lastRun: nil) == true)
    }
}
