// libFuzzer entry point for Program JSON decoding, compiled with Brain by scripts/fuzz.
import Brain
import Foundation

/// Decodes the input as a program; a decoded program must evaluate, describe and round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProgram(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(UnsafeBufferPointer(start: start, count: count))
    guard let program = try? Program(jsonData: data) else { return 0 }
    precondition(program.steps.count <= Program.maximumStepCount)
    var keypad = Keypad()
    keypad.program = program
    _ = keypad.display
    _ = keypad.descriptionLine
    _ = program.function(of: "M")(0.25)
    _ = program.infixExpression
    keypad.press(.backspace)
    keypad.press(.operation("+"))
    _ = keypad.evaluation
    if let encoded = try? program.jsonData() {
        precondition((try? Program(jsonData: encoded)) == program, "JSON round trip changed the program")
    }
    return 0
}
