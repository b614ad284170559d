import SkycastCLI

#if canImport(Glibc)
  import Glibc
#endif

exit(await CLI.main(arguments: Array(CommandLine.arguments.dropFirst())))
