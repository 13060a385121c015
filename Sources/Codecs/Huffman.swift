/// Length-limited canonical Huffman codes, as deflate uses them.
enum Huffman {
    /// A code length for each symbol of `frequencies`, none over `limit`; unused symbols get 0.
    ///
    /// At least two symbols get codes (unused ones are added with weight 1), so the code is
    /// always complete, as inflaters require. Over-long codes are avoided by halving the
    /// weights and building again, which converges on a balanced tree.
    static func lengths(_ frequencies: [Int], limit: Int) -> [UInt8] {
        var weights = frequencies
        var missing = 2 - weights.filter { $0 > 0 }.count
        for symbol in weights.indices where missing > 0 && weights[symbol] == 0 {
            weights[symbol] = 1
            missing -= 1
        }
        let used = weights.indices.filter { weights[$0] > 0 }
        let leaves = used.count
        var result = [UInt8](repeating: 0, count: frequencies.count)
        while true {
            let order = used.sorted { (weights[$0], $0) < (weights[$1], $1) }
            // Two queues: leaves in weight order, then internal nodes as they are made (also in weight order).
            var weight = order.map { weights[$0] } + [Int](repeating: 0, count: leaves - 1)
            var parent = [Int](repeating: 0, count: 2 * leaves - 1)
            var leaf = 0, node = leaves
            for next in leaves..<(2 * leaves - 1) {
                var pair = (0, 0)
                for slot in 0..<2 {
                    let pick: Int
                    if leaf < leaves && (node == next || weight[leaf] <= weight[node]) {
                        pick = leaf
                        leaf += 1
                    } else {
                        pick = node
                        node += 1
                    }
                    if slot == 0 { pair.0 = pick } else { pair.1 = pick }
                }
                weight[next] = weight[pair.0] + weight[pair.1]
                parent[pair.0] = next
                parent[pair.1] = next
            }
            var depth = [Int](repeating: 0, count: 2 * leaves - 1)
            for index in stride(from: 2 * leaves - 3, through: 0, by: -1) {
                depth[index] = depth[parent[index]] + 1
            }
            if depth[0..<leaves].allSatisfy({ $0 <= limit }) {
                for (index, symbol) in order.enumerated() { result[symbol] = UInt8(depth[index]) }
                return result
            }
            for symbol in used { weights[symbol] = (weights[symbol] + 1) / 2 }
        }
    }

    /// The canonical codes for `lengths`, bit-reversed so that they can be written least significant bit first.
    static func codes(_ lengths: [UInt8]) -> [UInt32] {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for bits in 1..<16 {
            code = (code + counts[bits - 1]) << 1
            next[bits] = code
        }
        next[0] = 0
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let value = next[Int(length)]
            next[Int(length)] += 1
            var reversed: UInt32 = 0
            for bit in 0..<Int(length) where value >> bit & 1 == 1 { reversed |= 1 << (Int(length) - 1 - bit) }
            return reversed
        }
    }
}
