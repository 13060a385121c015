// libFuzzer entry point for ExpressionParser, compiled with Brain by scripts/fuzz.
import Brain

/// Whether text holds a control or format character (terminal escapes, bidi overrides).
private func hasInvisibleCharacters(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
}

/// Parses the input as an expression; a parsed program must evaluate, describe, print and
/// read back; an error must name its characters safely.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpressionParser(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let program: Program
    do {
        program = try ExpressionParser.parse(text)
    } catch {
        precondition(!hasInvisibleCharacters(error.description), "unsafe error message: \(error.description.debugDescription)")
        return 0
    }
    let evaluation = program.evaluate(at: 0.5)
    precondition(!hasInvisibleCharacters(evaluation.description))
    let random = program.steps.contains(.operation("rand"))
    if !random {
        precondition(program.function(of: "M")(0.5) == evaluation.result, "compiled function disagrees: \(text.debugDescription)")
    }
    let infix = program.infixExpression
    if infix.unicodeScalars.count <= ExpressionParser.maximumLength {
        do {
            let again = try ExpressionParser.parse(infix)
            if !random {
                // `(x)³` prints as `x^3`, a power, which may round differently from x·x·x.
                let a = again.evaluate(at: 0.5).result, b = evaluation.result
                let agree = switch (a, b) {
                case (nil, nil): true
                case let (a?, b?): abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
                default: false
                }
                precondition(agree, "infix \(infix.debugDescription) of \(text.debugDescription) evaluates differently")
            }
        } catch {
            preconditionFailure("infix \(infix.debugDescription) of \(text.debugDescription) does not parse: \(error)")
        }
    }
    return 0
}
