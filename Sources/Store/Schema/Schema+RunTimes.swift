extension Schema {
  // MARK: - Version 7: the model run behind each fetch

  /// Per fetch (one city and model): the model run's initialisation time and the time it became
  /// available on the API's server (UTC epoch seconds, from the model's `meta.json`), or NULL
  /// with the reason in `run_note` (a blend has no single run; the run changed during the call;
  /// the metadata could not be read). Older fetches keep NULL and no note: unknown.
  static let runTimesVersion = """
    ALTER TABLE fetches ADD COLUMN run_at INTEGER;
    ALTER TABLE fetches ADD COLUMN run_available_at INTEGER;
    ALTER TABLE fetches ADD COLUMN run_note TEXT;
    """
}
