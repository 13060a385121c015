import SystemPackage

extension FileType {
    /// What kind of file this is, with its article, for a message: "a FIFO", "a directory".
    package var kindWithArticle: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .characterSpecial: "a character device"
        case .blockSpecial: "a block device"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .symbolicLink: "a symbolic link"
        default: "a special file"
        }
    }
}
