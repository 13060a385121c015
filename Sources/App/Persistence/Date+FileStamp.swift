import FoundationEssentials

extension Date {
    /// The time for a file name: ISO 8601 in UTC without separators, `20261123T171900Z`.
    var fileStamp: String {
        formatted(Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted, timeZone: .gmt))
    }
}
