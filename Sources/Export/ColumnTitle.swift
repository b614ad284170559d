import Analysis

/// The words a document table (LaTeX, Markdown) prints over a column instead of its code name:
/// `lead_day` → `Lead (d)`, `rmse` → `RMSE`, `p_value` → `p`. A name without an entry reads
/// with spaces for underscores (`wet_days` → `wet days`). The unit follows in the writer
/// (`RMSE (°C)`); CSV, JSON and the terminal keep the code names, which scripts read.
public enum ColumnTitle {
  /// The header words for column `name`.
  public static func words(_ name: String) -> String {
    if let known = known[name] { return known }
    for suffix in ["_diff", "_a", "_b"] where name.hasSuffix(suffix) {
      let base = String(name.dropLast(suffix.count))
      if let known = known[base] {
        return known + (suffix == "_diff" ? " A − B" : suffix == "_a" ? " A" : " B")
      }
    }
    return name.replacingOccurrences(of: "_", with: " ")
  }

  /// Code names with their words: the scores' from their registry entries
  /// (``VerifyScore/header``), then verification keys, other statistics and summaries.
  static let known: [String: String] = VerifyScore.headers.merging(others) { score, _ in score }

  /// Code names that are not `verify` scores, with their words.
  private static let others: [String: String] = [
    "lead": "Lead (h)", "lead_day": "Lead (d)", "lead_hours": "Lead (h)", "city": "City",
    "model": "Model", "source": "Source", "month": "Month", "valid_hour": "Valid hour",
    "date": "Date", "n": "n", "days": "Days", "h": "h", "block": "Block (d)", "note": "Note",
    "mse": "MSE", "threshold": "Threshold", "op": "Event",
    "a": "Hits", "b": "False alarms", "c": "Misses", "d": "Correct negatives",
    "n_bs": "n (BS)", "base_rate": "Base rate", "rel": "Reliability",
    "res": "Resolution", "unc": "Uncertainty", "bss": "BSS", "roc_area": "ROC area",
    "crps": "CRPS", "crpss": "CRPSS", "spread": "Spread", "spread_skill": "Spread/skill",
    "verif_spread": "Spread (verif 1.4)", "verif_spreadskillratio": "Spread/skill (verif 1.4)",
    "dm": "DM", "p_value": "p", "verdict": "Verdict", "sig": "Sig.",
    "mean_abs_revision": "Mean abs. revision", "flip_flop": "Flip-flop index",
    "valid_times": "Valid times", "revisions": "Revisions",
    "flip_flop_valid_times": "Flip-flop valid times", "bs_binned": "BS (binned)",
    "bin": "Bin", "obs_source": "Observed by",
    "total_mm": "Total", "wet_days": "Wet days", "t_mean": "Mean T", "t_min": "Min T",
    "t_max": "Max T", "uv_max": "UV max",
  ]
}
