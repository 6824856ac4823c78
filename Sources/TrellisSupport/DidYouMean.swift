/// Finds the candidate a misspelt word was most likely meant to be, for "did you mean …?" hints.
///
/// The distance is the optimal-string-alignment (restricted Damerau–Levenshtein) distance over
/// Unicode scalars, compared case-insensitively: one insertion, deletion, substitution or swap of
/// two neighbours costs 1. A candidate is suggested when its distance is at most
/// `(word length + 2) / 3` and smaller than the word's length (so `x` never "means" `y`); a
/// candidate differing only in letter case is always suggested. Ties go to the smaller distance
/// with case kept, then the closer length, then the lexicographically smaller candidate, so the
/// answer never depends on the order or hashing of the candidates.
package enum DidYouMean {
  /// The best suggestion for `word` among `candidates`, or `nil` when none is close enough.
  ///
  /// - Complexity: O(*n* · *m* · *k*) for *k* candidates of length *m* and a word of length *n*.
  package static func suggestion(for word: String, among candidates: [String]) -> String? {
    let typed = Array(word.unicodeScalars)
    let folded = Array(word.lowercased().unicodeScalars)
    guard !typed.isEmpty else { return nil }
    let threshold = (typed.count + 2) / 3

    var best: (candidate: String, key: (Int, Int, Int))?
    for candidate in candidates where candidate != word && !candidate.isEmpty {
      let foldedDistance = distance(folded, Array(candidate.lowercased().unicodeScalars))
      let exactDistance = distance(typed, Array(candidate.unicodeScalars))
      let caseOnly = foldedDistance == 0
      guard caseOnly || (foldedDistance <= threshold && foldedDistance < typed.count) else { continue }
      let lengthGap = abs(candidate.unicodeScalars.count - typed.count)
      let key = (foldedDistance, exactDistance, lengthGap)
      if let current = best {
        if key < current.key || (key == current.key && candidate < current.candidate) {
          best = (candidate, key)
        }
      } else {
        best = (candidate, key)
      }
    }
    return best?.candidate
  }

  /// `"; did you mean 'x'?"` when there is a suggestion, otherwise `""`; appended to messages.
  package static func hint(for word: String, among candidates: [String]) -> String {
    suggestion(for: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// The optimal-string-alignment distance between two strings, over Unicode scalars:
  /// insertions, deletions, substitutions and swaps of neighbours each cost 1 (`widht` is
  /// 1 from `width`). Case counts; fold it first where it should not. The one edit
  /// distance of the project: device names, command-line options and file keys use it.
  package static func distance(_ a: String, _ b: String) -> Int {
    distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
  }

  /// The optimal-string-alignment distance between two scalar sequences.
  package static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Three rolling rows: the row before the previous one is needed for transpositions.
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      swap(&previousPrevious, &previous)
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
