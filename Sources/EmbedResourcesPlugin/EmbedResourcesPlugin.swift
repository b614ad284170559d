import Foundation
import PackagePlugin

/// Embeds the package's top-level `Queries/` and `Samples/` folders and the target's `Help/`
/// folder (`Sources/SkycastResources/Help`, excluded from its sources in `Package.swift`) into the
/// target as Swift source.
///
/// SwiftPM resources (`Bundle.module`) stop working once the binary leaves `.build`, so the built-in
/// reports, the demo's recorded responses and the help topics are compiled into the binary instead. The tool gets
/// each *directory* and enumerates it itself: SwiftPM caches a plugin's command list, and declaring
/// the directories (plus the files found now) as inputs makes additions, edits and deletions all
/// trigger regeneration. (Deleting a file needs one `touch Package.swift`: SwiftPM keeps the cached
/// command, whose input list still names the deleted file, until the manifest changes.)
@main
struct EmbedResourcesPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    // The target's folder by SwiftPM's convention (`Target.directoryURL` needs tools 6.1).
    let targetDirectory = context.package.directoryURL.appending(path: "Sources/\(target.name)")
    let package = context.package.directoryURL
    let folders = [
      package.appending(path: "Queries"), package.appending(path: "Samples"),
      targetDirectory.appending(path: "Help"),
    ]
    .filter { FileManager.default.fileExists(atPath: $0.path) }
    var inputs: [URL] = folders
    for folder in folders {
      inputs += Self.files(under: folder)
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedEmbeddedFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding Queries/, Samples/ and Help/",
        executable: try context.tool(named: "EmbedResourcesTool").url,
        arguments: [output.path] + folders.map(\.path),
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }

  private static func files(under folder: URL) -> [URL] {
    guard
      let enumerator = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    return enumerator.compactMap { $0 as? URL }.filter {
      (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
    }
  }
}
