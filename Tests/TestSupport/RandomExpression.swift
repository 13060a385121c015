import Foundation

/// A random expression with its own printer and evaluator, independent of Brain.
package indirect enum RandomExpression {
    case number(String, Double)
    case x
    case constant(String, Double)
    case negate(RandomExpression)
    case function(String, RandomExpression)
    /// `x!`
    case factorial(RandomExpression)
    /// `mod(a, b)`, `min(a, b)`, `max(a, b)`
    case call(String, RandomExpression, RandomExpression)
    case binary(Character, RandomExpression, RandomExpression)

    package static let functions = [
        "sin", "cos", "tan", "asin", "acos", "atan", "sqrt", "cbrt", "ln", "log", "exp", "abs",
        "floor", "ceil", "trunc", "round", "sign", "sgn", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
        "log2", "sec", "csc", "cot", "gamma",
    ]
    package static let calls = ["mod", "min", "max"]

    package static func random(depth: Int, using rng: inout SplitMix64) -> RandomExpression {
        if depth == 0 || Int.random(in: 0..<4, using: &rng) == 0 {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: return .x
            case 1: return Bool.random(using: &rng) ? .constant("pi", .pi) : .constant("e", M_E)
            case 2: return .number("1.5", 1.5)
            default:
                let n = Int.random(in: 0...12, using: &rng)
                return .number(String(n), Double(n))
            }
        }
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return .negate(random(depth: depth - 1, using: &rng))
        case 1: return .function(functions.randomElement(using: &rng) ?? "sin", random(depth: depth - 1, using: &rng))
        case 2: return .factorial(random(depth: depth - 1, using: &rng))
        case 3:
            return .call(calls.randomElement(using: &rng) ?? "mod", random(depth: depth - 1, using: &rng),
                         random(depth: depth - 1, using: &rng))
        default:
            let op = Array("+-*/^").randomElement(using: &rng) ?? "+"
            return .binary(op, random(depth: depth - 1, using: &rng), random(depth: depth - 1, using: &rng))
        }
    }

    /// 1 `+ -`, 2 `* /`, 3 unary minus, 4 `^`, 5 atoms.
    package var level: Int {
        switch self {
        case .negate: 3
        case .binary(let op, _, _): op == "^" ? 4 : (op == "+" || op == "-" ? 1 : 2)
        default: 5
        }
    }

    /// Printed with the fewest parentheses precedence allows, or fully parenthesized.
    package func text(fullyParenthesized: Bool, needing level: Int = 0) -> String {
        let body: String
        switch self {
        case .number(let text, _): body = text
        case .x: body = "x"
        case .constant(let name, _): body = name
        case .negate(let inner): body = "-" + inner.text(fullyParenthesized: fullyParenthesized, needing: 3)
        case .function(let name, let inner): body = "\(name)(\(inner.text(fullyParenthesized: fullyParenthesized)))"
        case .factorial(let inner): body = inner.text(fullyParenthesized: fullyParenthesized, needing: 5) + "!"
        case .call(let name, let left, let right):
            body = "\(name)(\(left.text(fullyParenthesized: fullyParenthesized)), \(right.text(fullyParenthesized: fullyParenthesized)))"
        case .binary(let op, let left, let right):
            let (leftLevel, rightLevel) = op == "^" ? (5, 3) : (self.level, self.level + 1)
            body = "\(left.text(fullyParenthesized: fullyParenthesized, needing: leftLevel)) \(op) "
                + right.text(fullyParenthesized: fullyParenthesized, needing: rightLevel)
        }
        let wrap = self.level < level || (fullyParenthesized && self.level < 5)
        return wrap ? "(\(body))" : body
    }

    /// Γ(a): (a − 1)! multiplied out for whole a up to 23, whose factorials a Double holds
    /// exactly (the C library's `tgamma` is a few ulps off from 13 on, and `mod` or an
    /// even power magnifies that); `tgamma` elsewhere.
    package static func gamma(_ a: Double) -> Double {
        guard a >= 1, a <= 23, a == a.rounded() else { return tgamma(a) }
        return stride(from: 2.0, to: a, by: 1).reduce(1, *)
    }

    /// The value by plain floating point, nil when not finite.
    package func value(at x: Double) -> Double? {
        let v: Double
        switch self {
        case .number(_, let n), .constant(_, let n): v = n
        case .x: v = x
        case .negate(let inner):
            guard let a = inner.value(at: x) else { return nil }
            v = -a
        case .function(let name, let inner):
            guard let a = inner.value(at: x) else { return nil }
            switch name {
            case "sin": v = sin(a)
            case "cos": v = cos(a)
            case "tan":
                // The brain refuses tan where cos is (numerically) zero: a pole, not a value.
                if abs(cos(a)) < 1e-12 { return nil }
                v = tan(a)
            case "asin": v = asin(a)
            case "acos": v = acos(a)
            case "atan": v = atan(a)
            case "sqrt": v = a.squareRoot()
            case "cbrt": v = cbrt(a)
            case "ln": v = log(a)
            case "log": v = log10(a)
            case "exp": v = exp(a)
            case "abs": v = abs(a)
            case "floor": v = floor(a)
            case "ceil": v = ceil(a)
            case "trunc": v = trunc(a)
            case "round": v = round(a)  // C's round: halves away from zero
            case "sign", "sgn": v = a == 0 ? 0 : (a < 0 ? -1 : 1)
            case "sinh": v = sinh(a)
            case "cosh": v = cosh(a)
            case "tanh": v = tanh(a)
            case "asinh": v = asinh(a)
            case "acosh": v = acosh(a)
            case "atanh": v = atanh(a)
            case "log2": v = log2(a)
            // Poles where the denominator is zero to 12 places, as for tan.
            case "sec": v = abs(cos(a)) < 1e-12 ? .nan : 1 / cos(a)
            case "csc": v = abs(sin(a)) < 1e-12 ? .nan : 1 / sin(a)
            case "cot": v = abs(sin(a)) < 1e-12 ? .nan : cos(a) / sin(a)
            case "gamma": v = Self.gamma(a)
            default:
                preconditionFailure("no oracle for \(name)")
            }
        case .factorial(let inner):
            guard let a = inner.value(at: x) else { return nil }
            v = Self.gamma(a + 1)
        case .call(let name, let left, let right):
            guard let a = left.value(at: x), let b = right.value(at: x) else { return nil }
            switch name {
            case "min": v = min(a, b)
            case "max": v = max(a, b)
            default:
                // The sign of the divisor, as Python's `%`; NaN for a zero divisor.
                let r = a.truncatingRemainder(dividingBy: b)
                v = r != 0 && (r < 0) != (b < 0) ? r + b : r
            }
        case .binary(let op, let left, let right):
            guard let a = left.value(at: x), let b = right.value(at: x) else { return nil }
            switch op {
            case "+": v = a + b
            case "-": v = a - b
            case "*": v = a * b
            case "/": v = a / b
            default: v = a == M_E ? exp(b) : pow(a, b)  // e ^ b is exp(b)
            }
        }
        return v.isFinite ? v : nil
    }
}
