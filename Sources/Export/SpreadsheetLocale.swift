/// The number convention of the spreadsheet a `--excel` CSV is for (`--excel-locale`).
///
/// A spreadsheet reads CSV with its locale's list separator and decimal sign: in a German,
/// French, Spanish, Italian, Dutch, Portuguese, Polish, Russian or Swedish LibreOffice or Excel
/// that is `;` and `,`, and `16.8` arrives as text. Those locales get `;` and a decimal comma;
/// `en` (the default) keeps `,` and `.`.
public enum SpreadsheetLocale: String, CaseIterable, Sendable {
  case en, de, fr, es, it, nl, pt, pl, ru, sv

  /// True where the locale writes numbers with a decimal comma (and lists with `;`).
  public var decimalComma: Bool { self != .en }
}
