import Foundation
import TestSupport
import Testing

/// numpy's `lstsq` and scipy's `curve_fit` on the same points, run by python3: the values each
/// fit is checked against (never gcview's own output).
enum Reference {
    /// What numpy or scipy found: the parameters, then R², RMSE and the residuals' minimum,
    /// quartiles and maximum (numpy's `percentile`).
    struct Values {
        var parameters: [Double]
        var rSquared: Double
        var rmse: Double
        var residuals: [Double]
    }

    /// Whether python3 can import numpy and scipy here.
    static let isAvailable: Bool = {
        let result = try? Spawn.run("/usr/bin/env", ["python3", "-c", "import numpy, scipy"], environment: nil,
                                    stdin: nil, timeout: 60)
        return result?.status == 0
    }()

    /// Why the reference tests are skipped; `scripts/setup --test` installs what they need, and
    /// `GCVIEW_END_TO_END=required` (scripts/test, CI) runs them regardless, so they fail there.
    static let skipReason: Comment = "python3 with numpy and scipy is missing: run scripts/setup --test"
    static let enabled = isAvailable || ProcessInfo.processInfo.environment["GCVIEW_END_TO_END"] == "required"

    /// numpy's lstsq for `model` (a name the script knows: line, quadratic, mixed) on x and y.
    static func lstsq(_ model: String, x: [Double], y: [Double]) throws -> Values {
        try run(["lstsq", model], x: x, y: y)
    }

    /// scipy's curve_fit for `model` (exponential, sine, logistic) on x and y from `start`, with
    /// tolerances of 1e-14, so its answer is the least-squares minimum to many more digits than
    /// the test asks.
    static func curveFit(_ model: String, x: [Double], y: [Double], start: [Double]) throws -> Values {
        try run(["curve_fit", model] + start.map { "\($0)" }, x: x, y: y)
    }

    private static func run(_ arguments: [String], x: [Double], y: [Double]) throws -> Values {
        let folder = RemovedAtExit.folder(named: "gcview-fitting")
        let data = folder.appendingPathComponent("points.txt")
        // Swift's descriptions are the shortest text that reads back as the same Double.
        let text = zip(x, y).map { "\($0) \($1)\n" }.joined()
        try Data(text.utf8).write(to: data)
        guard let result = try Spawn.run("/usr/bin/env", ["python3", "-c", script, data.path] + arguments,
                                         environment: nil, stdin: nil, timeout: 300) else {
            throw Failure(description: "python3 did not finish in 300 s")
        }
        let output = String(decoding: result.stdout, as: UTF8.self)
        guard result.status == 0 else {
            throw Failure(description: "python3 failed (\(result.status)): \(String(decoding: result.stderr, as: UTF8.self))")
        }
        let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Double(String($0)) }
        guard numbers.count > 7 else { throw Failure(description: "python3 said: \(output)") }
        let count = numbers.count - 7
        return Values(parameters: Array(numbers[..<count]), rSquared: numbers[count], rmse: numbers[count + 1],
                      residuals: Array(numbers[(count + 2)...]))
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// The reference script: reads "x y" lines (nan and inf rows dropped, as gaps), fits, prints
    /// the parameters, R², RMSE and the residuals' five-number summary, full precision.
    static let script = #"""
import sys
import numpy as np
from scipy.optimize import curve_fit

path, kind, model = sys.argv[1], sys.argv[2], sys.argv[3]
data = np.loadtxt(path, ndmin=2)
data = data[np.all(np.isfinite(data), axis=1)]
x, y = data[:, 0], data[:, 1]

linear = {
    "line": lambda x: [x, np.ones_like(x)],
    "quadratic": lambda x: [x * x, x, np.ones_like(x)],
    "mixed": lambda x: [np.sin(x), x * x, np.ones_like(x)],
}
nonlinear = {
    "exponential": lambda x, a, b: a * np.exp(b * x),
    "sine": lambda x, a, b, c, d: a * np.sin(b * x + c) + d,
    "logistic": lambda x, a, b, c: a / (1 + np.exp(-b * (x - c))),
}
if kind == "lstsq":
    design = np.column_stack(linear[model](x))
    p = np.linalg.lstsq(design, y, rcond=None)[0]
    fitted = design @ p
else:
    start = [float(v) for v in sys.argv[4:]]
    f = nonlinear[model]
    p, _ = curve_fit(f, x, y, p0=start, ftol=1e-14, xtol=1e-14, gtol=0, maxfev=100000)
    if model == "sine":
        a, b, c, d = p
        if b < 0: a, b, c = -a, -b, -c
        if a < 0: a, c = -a, c + np.pi
        c = np.remainder(c + np.pi, 2 * np.pi) - np.pi
        if c <= -np.pi: c += 2 * np.pi
        p = np.array([a, b, c, d])
    fitted = f(x, *p)
# Sums of squares of y / s, s a power of two, so that 1e308s do not overflow.
s = 2.0 ** np.floor(np.log2(max(np.max(np.abs(y)), np.max(np.abs(fitted)), 1e-300)))
r = y / s - fitted / s
r2 = 1 - np.sum(r * r) / np.sum((y / s - np.mean(y / s)) ** 2)
rmse = np.sqrt(np.mean(r * r)) * s
q = np.percentile(r * s, [0, 25, 50, 75, 100])
print(" ".join(repr(float(v)) for v in list(p) + [r2, rmse] + list(q)))
"""#
}
