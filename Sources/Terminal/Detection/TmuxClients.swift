import Raster

/// What tmux says about the terminals that show its session: its attached clients.
///
/// tmux 3.4 and later, built with sixel, list 4 in DA1 whatever terminal is outside: DA1 says what tmux
/// can parse, not what the user can see. A sixel picture reaches a client only when that client's
/// terminal shows sixel (`sixel` in `#{client_termfeatures}`); any other client gets tmux's placeholder,
/// "SIXEL IMAGE (WxH)" over rows of `+`. So gcview asks tmux (`TmuxQuery`) which clients show the pane.
public struct TmuxClients: Sendable, Equatable {
    /// One attached client: the terminal it runs in.
    public struct Client: Sendable, Equatable {
        /// tmux's features for the client's terminal (`#{client_termfeatures}`), such as `sixel`.
        public var features: Set<String>
        /// The terminal's name for messages: its XTVERSION (`#{client_termtype}`), else `TERM`
        /// (`#{client_termname}`); sanitized.
        public var name: String

        /// Whether the terminal has named itself to tmux (its XTVERSION, `#{client_termtype}`): until it
        /// has, tmux knows it only by `TERM`, and its features may still be coming.
        public var namedItself: Bool
        /// When the client attached, in seconds since 1970 (`#{client_created}`); nil when not said.
        public var created: Int?
        /// The terminal's cell in pixels (`#{client_cell_width}`, `#{client_cell_height}`, tmux
        /// 3.3+); nil when not said. The pane's own pixel sizes can be tmux's default instead
        /// (16x32 for a window made with no client), and tmux scales a sixel picture by the two.
        public var cell: PixelSize?

        /// A client of a terminal called `name` with these features.
        public init(features: Set<String>, name: String, namedItself: Bool = true, created: Int? = nil, cell: PixelSize? = nil) {
            self.features = features
            self.name = name
            self.namedItself = namedItself
            self.created = created
            self.cell = cell
        }

        /// Whether the client attached within the last `window` seconds before `now` (seconds since 1970).
        /// tmux asks a terminal for its XTVERSION, DA1 and colours when the client starts, and a program
        /// started with the session can ask tmux before the answers have arrived.
        public func isYoung(at now: Int, window: Int) -> Bool {
            guard let created else { return false }
            return now >= created && now - created <= window
        }

        /// Whether tmux draws sixel pictures to this client's terminal and the terminal shows them:
        /// tmux's features say so, and the terminal is not one that has no sixel whatever they say.
        public var showsSixel: Bool { features.contains("sixel") && !lacksSixel }

        /// Whether the client's terminal is one that shows no sixel: kitty (`kitty(0.26.5)` in its
        /// XTVERSION, `xterm-kitty` its `TERM`) and Ghostty. tmux's features come from the user's
        /// `terminal-features`, where a line such as `xterm*:sixel` matches kitty's `TERM` too; tmux
        /// then sends kitty the sixel data, which kitty prints as text across the pane.
        public var lacksSixel: Bool {
            let lowered = name.lowercased()
            return lowered.hasPrefix("kitty(") || lowered.hasPrefix("ghostty") || lowered == "xterm-kitty" || lowered == "xterm-ghostty"
        }

        /// Whether the client's terminal shows kitty pictures placed by Unicode placeholder cells:
        /// kitty 0.28 and later (`kitty(0.41.1)` in its XTVERSION), and Ghostty (`ghostty 1.1.3`).
        public var showsKittyPlaceholders: Bool {
            let lowered = name.lowercased()
            if lowered.hasPrefix("ghostty") { return true }
            guard lowered.hasPrefix("kitty("), let close = lowered.firstIndex(of: ")") else { return false }
            let version = lowered[lowered.index(lowered.startIndex, offsetBy: 6)..<close].split(separator: ".").map { Int($0) }
            guard version.count >= 2, let major = version[0], let minor = version[1] else { return false }
            return major > 0 || minor >= 28
        }
    }

    /// The clients attached to the session the pane is in.
    public var clients: [Client]
    /// Whether tmux passes sequences on to the terminals outside for this pane (`allow-passthrough`
    /// on or all); nil when unknown.
    public var allowsPassthrough: Bool?

    /// The `list-clients` format `TmuxQuery` asks for: one line a client, the features first (commas,
    /// no tabs), then the terminal's `TERM`, then when the client attached, then its cell in pixels
    /// (`9x19`), then its XTVERSION, which could hold anything, last. Lines of the earlier formats
    /// (no cell; no cell and no time) are read too.
    static let format = "#{client_termfeatures}\t#{client_termname}\t#{client_created}\t#{client_cell_width}x#{client_cell_height}\t#{client_termtype}"

    /// The clients that attached in the last `StartingClient.window` seconds before `now` (seconds
    /// since 1970): they may not have told tmux their name or colours yet.
    func starting(at now: Int) -> [Client] {
        clients.filter { $0.isYoung(at: now, window: StartingClient.window) }
    }

    /// The one cell every client has, when each said it; nil when one did not or two differ.
    public var commonCell: PixelSize? {
        guard let cell = clients.first?.cell, clients.allSatisfy({ $0.cell == cell }) else { return nil }
        return cell
    }

    /// At most this many clients are read; a longer answer is not believed.
    static let maximumClients = 64

    /// Clients with these terminals.
    public init(clients: [Client], allowsPassthrough: Bool? = nil) {
        self.clients = clients
        self.allowsPassthrough = allowsPassthrough
    }

    /// `allow-passthrough` as tmux prints it (`display -p '#{allow-passthrough}'`): on, all or off.
    static func allowsPassthrough(_ answer: some Collection<UInt8>) -> Bool? {
        let bytes = answer.filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: " ") }
        switch String(decoding: bytes, as: UTF8.self) {
        case "on", "all", "1": return true
        case "off", "0": return false
        default: return nil
        }
    }

    /// The clients in tmux's answer to `list-clients -F format`; nil when the answer is not lines of
    /// that format (no tab, too many lines, bytes where a feature name goes).
    public init?(listing bytes: some Collection<UInt8>) {
        var clients = [Client]()
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            guard clients.count < Self.maximumClients else { return nil }
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 4, omittingEmptySubsequences: false)
            guard fields.count >= 3 else { return nil }
            // After the features and TERM, each format's optional fields in order, taken when they
            // read as such and a field follows: when the client attached, then its cell. The
            // XTVERSION, which may hold a tab, is the rest of the line.
            var rest = fields.dropFirst(2)
            var created: Int?, cell: PixelSize?
            if rest.count >= 2, let time = Self.decimal(rest[rest.startIndex]) {
                created = time
                rest = rest.dropFirst()
                if rest.count >= 2, let size = Self.cell(rest[rest.startIndex]) {
                    cell = size
                    rest = rest.dropFirst()
                }
            }
            let termTypeBytes = Array(rest.joined(separator: [UInt8(ascii: "\t")]))
            var features = Set<String>()
            for feature in fields[0].split(separator: UInt8(ascii: ",")) {
                guard feature.count <= 32, feature.allSatisfy(Self.isFeatureByte) else { return nil }
                features.insert(String(decoding: feature, as: UTF8.self))
            }
            let termType = sanitized(termTypeBytes), termName = sanitized(fields[1])
            clients.append(Client(features: features, name: termType.isEmpty ? (termName.isEmpty ? "unnamed" : termName) : termType,
                                  namedItself: !termType.isEmpty, created: created, cell: cell))
        }
        self.clients = clients
    }

    /// A number tmux printed, a time or a size: 1 to 12 decimal digits.
    private static func decimal(_ field: some Collection<UInt8>) -> Int? {
        guard (1...12).contains(field.count), field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(String(decoding: field, as: UTF8.self))
    }

    /// The cell field: nil when the field is not one; else the cell as the format prints it,
    /// `9x19`, within `SizeLimits.cell`, or nil inside for `x` alone (a tmux older than 3.3, or one
    /// that has not heard from the terminal) or a size out of bounds: a cell not said.
    private static func cell(_ field: some Collection<UInt8>) -> PixelSize?? {
        let parts = field.split(separator: UInt8(ascii: "x"), omittingEmptySubsequences: false)
        guard parts.count == 2, field.count <= 11 else { return nil }
        if parts.allSatisfy(\.isEmpty) { return .some(nil) }
        guard let width = decimal(parts[0]), let height = decimal(parts[1]) else { return nil }
        return .some(SizeLimits.checked(PixelSize(width: width, height: height), within: SizeLimits.cell))
    }

    /// Letters, digits, `-` and `_`: the bytes of tmux's feature names.
    private static func isFeatureByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }
}

/// tmux's answer about its clients, or why there is none.
public enum TmuxAnswer: Sendable, Equatable {
    case clients(TmuxClients)
    /// The DA1 attributes of the terminal outside, asked through tmux's passthrough
    /// (`ESC P tmux; ESC ESC [ c ESC \`, allowed by `set -g allow-passthrough on`) when tmux could not be asked.
    case outerDeviceAttributes([Int])
    /// tmux could not be asked or did not answer usefully; the reason is for `gcview probe`.
    case unavailable(String)
}

extension TmuxAnswer {
    /// The protocol to draw with inside tmux, and the note that says why.
    ///
    /// Sixel only when tmux parses sixel (its DA1 lists 4) and every client showing the session draws it
    /// (`sixel` in its features); otherwise braille, whose text every client shows.
    func choice(tmuxParsesSixel: Bool) -> (GraphicsProtocol, String) {
        let override = "set GCVIEW_PROTOCOL to override"
        // kitty 0.28+ and Ghostty show kitty pictures through tmux, placed by placeholder cells.
        if case .clients(let tmux) = self, !tmux.clients.isEmpty, tmux.clients.allSatisfy(\.showsKittyPlaceholders) {
            let names = Self.listed(tmux.clients.map(\.name))
            guard tmux.allowsPassthrough == true else {
                return (.unicode, "protocol: unicode (braille): \(names) shows kitty pictures through tmux once "
                    + "passthrough is on: add 'set -g allow-passthrough on' to ~/.tmux.conf (or run tmux set -g allow-passthrough on)")
            }
            return (.kittyPlaceholders, "protocol: kitty-placeholders: kitty graphics through tmux's passthrough, "
                + "placed by Unicode placeholder cells, shown by \(names) (client_termtype; allow-passthrough on)")
        }
        guard tmuxParsesSixel else {
            return (.unicode, "protocol: unicode inside tmux without sixel (\(override))")
        }
        switch self {
        case .unavailable(let reason):
            return (.unicode, "protocol: unicode (braille): could not ask tmux which terminal shows this pane: \(reason) "
                + "(GCVIEW_PROTOCOL=sixel if it shows sixel)")
        case .outerDeviceAttributes(let attributes) where attributes.contains(4):
            return (.sixel, "protocol: sixel through tmux: the terminal outside lists sixel (its DA1 through passthrough)")
        case .outerDeviceAttributes:
            return (.unicode, "protocol: unicode (braille): the terminal outside tmux has no sixel "
                + "(its DA1 through passthrough; \(override))")
        case .clients(let tmux) where tmux.clients.isEmpty:
            return (.unicode, "protocol: unicode (braille): tmux has no client attached to this session (\(override))")
        case .clients(let tmux):
            let blind = tmux.clients.filter { !$0.showsSixel }
            guard blind.isEmpty else {
                let names = Self.listed(blind.map(\.name))
                let client = blind.count == 1 ? "tmux's client \(names) has" : "tmux's clients \(names) have"
                // A claim of sixel that the terminal cannot keep comes from tmux's terminal-features.
                let claimed = blind.contains { $0.features.contains("sixel") }
                    ? ", whatever tmux's terminal-features claim" : ""
                return (.unicode, "protocol: unicode (braille): \(client) no sixel (client_termfeatures\(claimed); \(override))")
            }
            let names = Self.listed(tmux.clients.map(\.name))
            return (.sixel, "protocol: sixel through tmux (DA1 lists 4), shown by \(names) (client_termfeatures)")
        }
    }

    /// What one tmux setting would change, for the user: when every client shows kitty pictures placed
    /// by placeholders (kitty 0.28+, Ghostty) and tmux does not pass them on, the command that turns
    /// passthrough on; nil otherwise. Short enough, with "Braille: " before it and " and press Ctrl-L"
    /// after, for an 80-column status line (76 characters).
    var passthroughAdvice: String? {
        guard case .clients(let tmux) = self, !tmux.clients.isEmpty, tmux.clients.allSatisfy(\.showsKittyPlaceholders),
              tmux.allowsPassthrough != true else { return nil }
        return "for pictures, run tmux set -g allow-passthrough on"
    }

    /// Names joined for a message: the first few, then how many more.
    private static func listed(_ names: [String]) -> String {
        let unique = names.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let shown = unique.prefix(3).joined(separator: ", ")
        return unique.count > 3 ? "\(shown) and \(unique.count - 3) more" : shown
    }
}
