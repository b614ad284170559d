import Collect
import Foundation
import Import
import OpenMeteo
import SkycastModel
import SkycastResources
import Store
import Synthetic

/// The demo could not be built.
public struct DemoError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
