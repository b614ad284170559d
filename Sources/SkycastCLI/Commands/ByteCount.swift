import Foundation
import SkycastModel
import Store

/// `12.3 MB`.
enum ByteCount {
  static func text(_ bytes: Int) -> String {
    let units = ["B", "KB", "MB", "GB", "TB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1000, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    return unit == 0 ? "\(bytes) B" : NumberText.fixed(value, decimals: 1) + " " + units[unit]
  }
}
