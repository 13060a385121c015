import Foundation
import Testing
@testable import Brain

/// Degrees: trigonometric functions and their inverses in the DEG angle mode, against Python's
/// math (values recorded below) and the closed forms where the mathematics is exact.
@Suite("Degrees")
struct DegreesTests {
    /// (x in degrees, sin, cos, tan), from
    /// `python3 -c 'import math; [print(x, math.sin(math.radians(x)), math.cos(math.radians(x)), math.tan(math.radians(x))) for x in XS]'`
    /// (Python 3.11). At 90, 180 and 270 Python's own conversion is an ulp of π off: the closed
    /// forms (0 and poles) are tested apart.
    static let python: [(Double, Double, Double, Double)] = [
        (0, 0.0, 1.0, 0.0),
        (1, 0.01745240643728351, 0.9998476951563913, 0.017455064928217585),
        (15, 0.25881904510252074, 0.9659258262890683, 0.2679491924311227),
        (30, 0.49999999999999994, 0.8660254037844387, 0.5773502691896257),
        (45, 0.7071067811865475, 0.7071067811865476, 0.9999999999999999),
        (60, 0.8660254037844386, 0.5000000000000001, 1.7320508075688767),
        (89, 0.9998476951563913, 0.0174524064372836, 57.289961630759144),
        (123.456, 0.8343094333148064, -0.5512964442855826, -1.5133589958048368),
        (-30, -0.49999999999999994, 0.8660254037844387, -0.5773502691896257),
        (-135, -0.7071067811865476, -0.7071067811865475, 1.0000000000000002),
        (359, -0.01745240643728356, 0.9998476951563913, -0.017455064928217634),
        (720.5, 0.008726535498372903, 0.9999619230641713, 0.008726867790757757),
        (310, -0.7660444431189781, 0.6427876096865393, -1.1917535925942102),
    ]

    /// (v, asin, acos, atan in degrees), from `math.degrees(math.asin(v))` and so on.
    static let inverses: [(Double, Double, Double, Double)] = [
        (-1, -90.0, 180.0, -45.0),
        (-0.5, -30.000000000000004, 120.00000000000001, -26.56505117707799),
        (0, 0.0, 90.0, 0.0),
        (0.1, 5.739170477266787, 84.26082952273322, 5.710593137499643),
        (0.5, 30.000000000000004, 60.00000000000001, 26.56505117707799),
        (0.7071067811865476, 45.00000000000001, 45.0, 35.264389682754654),
        (0.99, 81.89038554400581, 8.109614455994183, 44.712083933442905),
        (1, 90.0, 0.0, 45.0),
    ]

    static func value(_ expression: String, _ angle: AngleMode = .degrees) throws -> Double? {
        try ExpressionParser.parse(expression).evaluate(angle: angle).result
    }

    static func close(_ a: Double?, _ b: Double, relative: Double = 4e-15) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= relative * max(abs(b), 1)
    }

    @Test("sin, cos and tan of degrees agree with Python's math", arguments: python.indices)
    func trigonometry(_ index: Int) throws {
        let (x, sine, cosine, tangent) = Self.python[index]
        let text = "\(x)"
        #expect(Self.close(try Self.value("sin(\(text))"), sine), "sin(\(text))")
        #expect(Self.close(try Self.value("cos(\(text))"), cosine), "cos(\(text))")
        #expect(Self.close(try Self.value("tan(\(text))"), tangent, relative: 1e-14), "tan(\(text))")
        // The compiled function (the graph's) gives what evaluation gives, bit for bit.
        let f = try ExpressionParser.parse("sin(x) + cos(x)").function(of: "M", angle: .degrees)
        #expect(f(x) == (try Self.value("sin(\(text)) + cos(\(text))")))
    }

    @Test("asin, acos and atan give degrees that agree with Python's math", arguments: inverses.indices)
    func inverse(_ index: Int) throws {
        let (v, asin, acos, atan) = Self.inverses[index]
        #expect(Self.close(try Self.value("asin(\(v))"), asin), "asin(\(v))")
        #expect(Self.close(try Self.value("acos(\(v))"), acos), "acos(\(v))")
        #expect(Self.close(try Self.value("atan(\(v))"), atan), "atan(\(v))")
    }

    @Test("Exact where the mathematics is: sin 30 = 0.5, acos 0.5 = 60, sin 180 = 0, tan 45 = 1, tan 90 undefined")
    func closedForms() throws {
        let exact: [(String, Double)] = [
            ("sin(30)", 0.5), ("acos(0.5)", 60), ("asin(0.5)", 30), ("acos(-0.5)", 120), ("sin(180)", 0), ("cos(90)", 0),
            ("cos(60)", 0.5), ("sin(150)", 0.5), ("sin(-210)", 0.5), ("tan(45)", 1), ("tan(-135)", 1), ("tan(135)", -1),
            ("sin(360030)", 0.5), ("cos(270)", 0), ("sin(360)", 0), ("atan(1)", 45), ("sec(60)", 2), ("csc(30)", 2),
            ("cot(45)", 1), ("sin(90)", 1), ("cos(180)", -1),
        ]
        for (text, expected) in exact { #expect(try Self.value(text) == expected, "\(text)") }
        for text in ["tan(90)", "tan(-270)", "sec(90)", "csc(180)", "cot(0)", "asin(2)"] {
            let evaluation = try ExpressionParser.parse(text).evaluate(angle: .degrees)
            #expect(evaluation.result == nil && evaluation.error != nil, "\(text) is an error: \(evaluation)")
            #expect(try ExpressionParser.parse(text).function(of: "M", angle: .degrees)(0) == nil, "\(text) graphs as undefined")
        }
    }

    @Test("Radians stay as they were, and other functions ignore the mode")
    func radiansUnchanged() throws {
        #expect(try Self.value("sin(30)", .radians) == sin(30))
        #expect(try Self.value("acos(0.5)", .radians) == acos(0.5))
        #expect(try Self.value("exp(2) + sinh(1) + ln(3)") == exp(2) + sinh(1) + log(3))
    }

    @Test("The keypad's DEG key toggles the mode, C keeps it, and the display follows")
    func keypad() {
        var keypad = Keypad()
        for key in ["3", "0", "sin"] { Key.keys(from: key)?.forEach { keypad.press($0) } }
        #expect(keypad.display == NumberFormat.display(sin(30)))
        keypad.press(.toggleAngleMode)
        #expect(keypad.angleMode == .degrees)
        #expect(keypad.display == "0.5")
        keypad.press(.clear)
        #expect(keypad.angleMode == .degrees)
        #expect(Key(symbol: "DEG") == .toggleAngleMode)
    }
}
