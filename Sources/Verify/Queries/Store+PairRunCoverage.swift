import Store

extension Store {
  /// How many of `request`'s hourly verification pairs (forecast and observation both present,
  /// the filters of ``VerifySQL`` applied) there are, and how many of them came from a fetch
  /// that recorded its model run: verify's coverage comment, in the pairs it scores.
  ///
  /// One count over the pairs' join; verify asks for it only when some forecast hours have no
  /// known run (``runCoverage(sources:models:cityIDs:)`` says so), as it costs a pass.
  package func pairRunCoverage(_ request: VerifyRequest) throws -> (pairs: Int, withRun: Int) {
    try withRows(of: VerifySQL.storedHourRunCoverage(request)) { rows in
      guard try rows.next() else { return (0, 0) }
      return (Int(rows.int64(0) ?? 0), Int(rows.int64(1) ?? 0))
    }
  }
}
