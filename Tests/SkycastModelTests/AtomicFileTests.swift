import Foundation
import TestSupport
import Testing

@testable import SkycastModel

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct AtomicFileTests {
  func write(_ text: String, to file: AtomicFile) throws {
    let output = TextOutput(try #require(file.sink))
    try output.write(text)
    try output.flush()
  }

  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Names in the folder other than `keep` (left-over temporary files would show here).
  func others(in directory: TemporaryDirectory, keep: Set<String>) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
      !keep.contains($0)
    }
  }

  /// Until commit the old file is untouched and the new bytes sit in a hidden file beside it.
  @Test("the old file stays until commit; commit replaces it and leaves no temporary file")
  func commitReplaces() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("out.csv")
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    let file = try AtomicFile(path: path)
    try write("new content", to: file)
    #expect(contents(path) == "old")
    #expect(file.temporaryPath != path)
    #expect((file.temporaryPath as NSString).deletingLastPathComponent == directory.path)
    #expect(contents(file.temporaryPath) == "new content")
    try file.commit()
    #expect(contents(path) == "new content")
    #expect(try others(in: directory, keep: ["out.csv"]).isEmpty)
  }

  /// A failure half-way (discard, or the object released without commit) keeps the old file.
  @Test("discarding, or releasing uncommitted, removes the temporary file and keeps the old one")
  func discardKeepsOld() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("out.csv")
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    let first = try AtomicFile(path: path)
    try write("half", to: first)
    first.discard()
    do {
      let second = try AtomicFile(path: path)
      try write("half again", to: second)
    }
    #expect(contents(path) == "old")
    #expect(try others(in: directory, keep: ["out.csv"]).isEmpty)
    let fresh = directory.file("never.csv")
    do { _ = try AtomicFile(path: fresh) }
    #expect(!FileManager.default.fileExists(atPath: fresh))
  }

  @Test("a symbolic link at the name is replaced by the new file, its target is untouched")
  func symlinkReplaced() throws {
    let directory = TemporaryDirectory()
    let target = directory.file("precious.txt")
    try "precious".write(toFile: target, atomically: false, encoding: .utf8)
    let link = directory.file("out.csv")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let file = try AtomicFile(path: link)
    try write("export", to: file)
    try file.commit()
    #expect(contents(target) == "precious")
    #expect(contents(link) == "export")
    let attributes = try FileManager.default.attributesOfItem(atPath: link)
    #expect(attributes[.type] as? FileAttributeType == .typeRegular)
  }

  @Test("a dangling symbolic link is replaced, and the place it points to is not created")
  func danglingSymlink() throws {
    let directory = TemporaryDirectory()
    let nowhere = directory.file("missing/elsewhere.sqlite")
    let link = directory.file("backup.sqlite")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: nowhere)
    let file = try AtomicFile(path: link, content: .database)
    #expect(file.sink == nil)
    try Data("SQLite".utf8).write(to: URL(fileURLWithPath: file.temporaryPath))
    try file.commit()
    #expect(contents(link) == "SQLite")
    #expect(!FileManager.default.fileExists(atPath: directory.file("missing")))
  }

  @Test("a device is written in place (there is nothing to rename over)")
  func deviceWrittenDirectly() throws {
    let file = try AtomicFile(path: "/dev/null")
    #expect(file.isDirect)
    try write("discarded", to: file)
    try file.commit()
    var info = stat()
    #expect(stat("/dev/null", &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFCHR)
  }

  @Test("a folder is refused")
  func folderRefused() throws {
    let directory = TemporaryDirectory()
    #expect(throws: OutputError.writeFailed(path: directory.path, reason: "it is a folder")) {
      _ = try AtomicFile(path: directory.path)
    }
  }

  @Test("a replaced file keeps its permissions")
  func keepsPermissions() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("private.csv")
    try "old".write(toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o600)
    let file = try AtomicFile(path: path)
    try write("new", to: file)
    try file.commit()
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  /// Compared by file identity and resolved path, not by spelling.
  @Test("the database and its -wal/-shm are refused however they are named")
  func protectsDatabase() throws {
    let directory = TemporaryDirectory()
    let database = directory.file("skycast.sqlite")
    try "db".write(toFile: database, atomically: false, encoding: .utf8)
    let hardLink = directory.file("hard")
    try FileManager.default.linkItem(atPath: database, toPath: hardLink)
    let symbolicLink = directory.file("soft")
    try FileManager.default.createSymbolicLink(atPath: symbolicLink, withDestinationPath: database)
    try FileManager.default.createDirectory(
      atPath: directory.file("sub"), withIntermediateDirectories: true)
    let names = [
      database, directory.path + "/./skycast.sqlite", directory.path + "/sub/../skycast.sqlite",
      hardLink, symbolicLink, database + "-wal", database + "-shm",
    ]
    for name in names {
      #expect(throws: OutputError.wouldOverwriteDatabase(path: name, database: database)) {
        _ = try AtomicFile(path: name, protecting: [database])
      }
    }
    #expect(contents(database) == "db")
    #expect(try others(in: directory, keep: ["skycast.sqlite", "hard", "soft", "sub"]).isEmpty)
    _ = try AtomicFile(path: directory.file("other.csv"), protecting: [database])
  }

  @Test(
    "commitAll: a failed rename after others puts back the replaced file and removes the new one")
  func commitAllRollsBack() throws {
    let directory = TemporaryDirectory()
    let kept = directory.file("kept.csv")
    try "old\n".write(toFile: kept, atomically: false, encoding: .utf8)
    let new = directory.file("new.csv")
    // Its hidden temporary name is cut to fit; the final name is over 255 bytes.
    let tooLong = directory.file(String(repeating: "x", count: 256) + ".csv")
    var files: [AtomicFile] = []
    for path in [kept, new, tooLong] {
      let file = try AtomicFile(path: path)
      try write("fresh\n", to: file)
      files.append(file)
    }
    #expect(throws: OutputError.self) { try AtomicFile.commitAll(files) }
    #expect(contents(kept) == "old\n")
    #expect(!FileManager.default.fileExists(atPath: new))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kept.csv"])
  }

  @Test("commitAll puts every file in place and leaves no backup or temporary file")
  func commitAllSucceeds() throws {
    let directory = TemporaryDirectory()
    let kept = directory.file("kept.csv")
    try "old\n".write(toFile: kept, atomically: false, encoding: .utf8)
    let files = try [kept, directory.file("new.csv")].map { path in
      let file = try AtomicFile(path: path)
      try write("fresh \((path as NSString).lastPathComponent)\n", to: file)
      return file
    }
    try AtomicFile.commitAll(files)
    #expect(contents(kept) == "fresh kept.csv\n")
    #expect(contents(directory.file("new.csv")) == "fresh new.csv\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "kept.csv", "new.csv",
      ])
  }
}
