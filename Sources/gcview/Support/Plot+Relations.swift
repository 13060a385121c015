import ArgumentParser
import Brain

/// Reading the curves typed on `plot`'s and `points`' command lines.
extension Plot {
    /// The relations `words` type: one per word when there are several and each reads alone
    /// (`'sin(x)' 'x^2 + y^2 = 9'`), else all the words as one (`x ^ 2 - 3` unquoted).
    static func relations(in words: [String]) throws -> [Relation] {
        if words.count > 1, case let each = words.map({ try? Relation.parse($0) }),
           !each.contains(where: { $0 == nil }) {
            guard each.count <= maximumCurves else {
                throw ValidationError("at most \(maximumCurves) expressions can be plotted together (got \(each.count))")
            }
            return each.compactMap { $0 }
        }
        do {
            // One word as it is: `joined` is the standard library's unspecialized code, which
            // looks up Array's conformance to Collection (a search of every conformance record).
            return [try Relation.parse(words.count == 1 ? words[0] : words.joined(separator: " "))]
        } catch {
            throw ValidationError(error.description)
        }
    }
}
