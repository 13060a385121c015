import Codecs
/// Why an image could not be encoded for the terminal, in the protocol that failed.
public enum ImageEncodingError: Error, Equatable, CustomStringConvertible {
    /// The sixel encoder refused the image.
    case sixel(SixelError)
    /// The kitty encoder refused the image.
    case kitty(KittyError)
    /// The image could not be made into the PNG that OSC 1337 carries.
    case iterm2(PNGError)
    /// The picture covers more cells than kitty's placeholders can name.
    case tooLarge(String)

    public var description: String {
        switch self {
        case .sixel(let error): "sixel: \(error)"
        case .kitty(let error): "kitty: \(error)"
        case .iterm2(let error): "iterm2: \(error)"
        case .tooLarge(let reason): "kitty placeholders: \(reason)"
        }
    }
}
