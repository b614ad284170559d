import Foundation
import SkycastModel

/// A problem with one cell or row, before its line number is attached.
package struct ImportRowError: Error {
  package let message: String
  package init(_ message: String) { self.message = message }
}
