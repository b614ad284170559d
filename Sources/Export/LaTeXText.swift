/// Text made safe for LaTeX: the ten special characters escaped and the symbols the tables
/// and comments use (°, −, ≥, …, ²) written as commands pdflatex knows without extra packages
/// (math-mode symbols rather than `textcomp`'s, whose fonts a minimal TeX installation lacks).
public enum LaTeXText {
  /// `text` with every LaTeX special character escaped (`Mean_temp & 50% #1` →
  /// `Mean\_temp \& 50\% \#1`).
  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var afterHyphen = false
    for character in text {
      // `--` would print as an en dash (a command-line flag in a caption): break the ligature.
      if character == "-" {
        result += afterHyphen ? "{}-" : "-"
        afterHyphen = true
        continue
      }
      afterHyphen = false
      switch character {
      case "\\": result += "\\textbackslash{}"
      case "{": result += "\\{"
      case "}": result += "\\}"
      case "$": result += "\\$"
      case "&": result += "\\&"
      case "#": result += "\\#"
      case "%": result += "\\%"
      case "_": result += "\\_"
      case "^": result += "\\textasciicircum{}"
      case "~": result += "\\textasciitilde{}"
      case "<": result += "\\textless{}"
      case ">": result += "\\textgreater{}"
      case "|": result += "\\textbar{}"
      case "°": result += "\\ensuremath{^{\\circ}}"
      case "−": result += "\\ensuremath{-}"
      case "–": result += "--"
      case "—": result += "---"
      case "…": result += "\\dots{}"
      case "≥": result += "\\ensuremath{\\geq}"
      case "≤": result += "\\ensuremath{\\leq}"
      case "×": result += "\\ensuremath{\\times}"
      case "·": result += "\\ensuremath{\\cdot}"
      case "±": result += "\\ensuremath{\\pm}"
      case "→": result += "\\ensuremath{\\rightarrow}"
      case "←": result += "\\ensuremath{\\leftarrow}"
      case "↑": result += "\\ensuremath{\\uparrow}"
      case "↓": result += "\\ensuremath{\\downarrow}"
      case "≈": result += "\\ensuremath{\\approx}"
      case "√": result += "\\ensuremath{\\surd}"
      case "∛": result += "\\ensuremath{\\sqrt[3]{\\,}}"
      case "²": result += "\\textsuperscript{2}"
      case "³": result += "\\textsuperscript{3}"
      // Superscript digits and minus of the figures' powers of ten (10⁴, 10⁻²).
      case "⁰", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹", "⁻":
        result += "\\textsuperscript{" + Self.superscripts[character, default: ""] + "}"
      case "µ", "μ": result += "\\ensuremath{\\mu}"
      case "\u{00A0}": result += "~"
      default:
        // Greek letters a formula names (ν degrees of freedom, α, σ, …) as math symbols.
        if let name = greek[character] {
          result += "\\ensuremath{\\\(name)}"
        } else {
          result.append(character)
        }
      }
    }
    return result
  }

  /// The plain characters of the superscript digits and minus past Latin-1.
  static let superscripts: [Character: String] = [
    "⁰": "0", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9", "⁻": "\\ensuremath{-}",
  ]

  /// The Greek letters with a command of their own in plain LaTeX (capitals that look like
  /// Latin ones have none), by character.
  static let greek: [Character: String] = [
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta",
    "η": "eta", "θ": "theta", "ι": "iota", "κ": "kappa", "λ": "lambda", "ν": "nu", "ξ": "xi",
    "π": "pi", "ρ": "rho", "σ": "sigma", "τ": "tau", "υ": "upsilon", "φ": "phi", "χ": "chi",
    "ψ": "psi", "ω": "omega", "Γ": "Gamma", "Δ": "Delta", "Θ": "Theta", "Λ": "Lambda",
    "Ξ": "Xi", "Π": "Pi", "Σ": "Sigma", "Φ": "Phi", "Ψ": "Psi", "Ω": "Omega",
  ]

  /// The first character pdflatex with `inputenc` cannot typeset (CJK, Cyrillic, Greek
  /// capitals that look like Latin ones, …): anything past Latin Extended-A that
  /// ``escape(_:)`` does not turn into a command. Nil when the text is safe for pdflatex.
  public static func firstUnicodeOnly(_ text: String) -> Character? {
    text.first { character in
      character.unicodeScalars.contains { $0.value > 0x17F }
        && escape(String(character)) == String(character)
    }
  }

  /// A number as table text with a typographic minus (`$-$0.25`); other text escaped.
  package static func number(_ text: String) -> String {
    guard text.hasPrefix("-") else { return escape(text) }
    return "$-$" + escape(String(text.dropFirst()))
  }

  /// A `\label` key: letters, digits and `-:.` kept, anything else as `-`.
  package static func label(_ text: String) -> String {
    String(
      text.map { character in
        character.isASCII && (character.isLetter || character.isNumber || "-:.".contains(character))
          ? character : "-"
      })
  }
}
