/// "Did you mean …?" for a mistyped name: the closest candidate by edit distance.
public enum Suggestion {
  /// The candidate closest to `text` (case-insensitive, counting a swap of two neighbouring
  /// letters as one edit), when it is near enough to be a typo: at most a third of the longer
  /// name's length, and at least 1 edit allowed, at most 3. A candidate that starts with `text`
  /// (a truncated name) also counts. Ties go to the earlier candidate.
  public static func closest(to text: String, in candidates: [String]) -> String? {
    let typed = Array(text.lowercased())
    guard !typed.isEmpty else { return nil }
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let name = Array(candidate.lowercased())
      if name == typed { return candidate }
      let allowed = min(3, max(1, max(name.count, typed.count) / 3))
      var distance = editDistance(typed, name)
      if typed.count >= 3, name.starts(with: typed) { distance = min(distance, allowed) }
      if distance <= allowed, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// `; did you mean 'x'?`, or empty without a close candidate.
  public static func phrase(for text: String, in candidates: [String], prefix: String = "")
    -> String
  {
    closest(to: text, in: candidates).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
  }

  /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
  package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      previous2 = previous
      previous = current
    }
    return previous[b.count]
  }
}
