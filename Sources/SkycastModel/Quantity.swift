/// A physical quantity: its canonical stored unit and the units Open-Meteo may declare for it.
///
/// Open-Meteo reports each variable's unit in `*_units`. Anything listed here is converted to the
/// canonical unit; an unknown unit is an error naming variable and unit, never a silent guess.
public enum Quantity: String, Sendable, CaseIterable {
  case temperature, percentage, precipitation, snowfall, weatherCode, pressure, speed, direction
  case index, flag, instant, duration, hours

  /// The unit values are stored in.
  public var canonicalUnit: String {
    switch self {
    case .temperature: "°C"
    case .percentage: "%"
    case .precipitation: "mm"
    case .snowfall: "cm"
    case .weatherCode: "wmo code"
    case .pressure: "hPa"
    case .speed: "km/h"
    case .direction: "°"
    case .index, .flag: ""
    case .instant: "unixtime"
    case .duration: "s"
    case .hours: "h"
    }
  }

  /// Converts a value declared in `unit` to the canonical unit, or returns nil when the unit is
  /// not one this quantity accepts. Factors are Open-Meteo's own (°F, mp/h, kn, inch, ft).
  public func converter(from unit: String) -> (@Sendable (Double) -> Double)? {
    switch (self, unit) {
    case (.temperature, "°C"), (.temperature, "C"): return { $0 }
    case (.temperature, "°F"), (.temperature, "F"): return { ($0 - 32) * 5 / 9 }
    case (.percentage, "%"): return { $0 }
    case (.precipitation, "mm"): return { $0 }
    case (.precipitation, "inch"), (.precipitation, "in"): return { $0 * 25.4 }
    case (.snowfall, "cm"): return { $0 }
    case (.snowfall, "inch"), (.snowfall, "in"): return { $0 * 2.54 }
    case (.snowfall, "mm"): return { $0 / 10 }
    case (.weatherCode, "wmo code"), (.weatherCode, ""): return { $0 }
    case (.pressure, "hPa"): return { $0 }
    case (.speed, "km/h"): return { $0 }
    case (.speed, "m/s"): return { $0 * 3.6 }
    case (.speed, "mp/h"), (.speed, "mph"): return { $0 * 1.609344 }
    case (.speed, "kn"), (.speed, "kt"): return { $0 * 1.852 }
    case (.speed, "ft/s"): return { $0 * 1.09728 }
    case (.direction, "°"): return { $0 }
    case (.index, ""), (.flag, ""): return { $0 }
    case (.instant, "iso8601"), (.instant, "unixtime"): return { $0 }
    case (.duration, "s"): return { $0 }
    case (.hours, "h"): return { $0 }
    default: return nil
    }
  }

  /// True when `unit` needs no conversion.
  public func isCanonical(_ unit: String) -> Bool {
    unit == canonicalUnit || (self == .instant && unit == "iso8601")
      || (self == .weatherCode && unit.isEmpty)
  }
}
