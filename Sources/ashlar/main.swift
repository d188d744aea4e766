import AshlarCore
import Foundation

// The command line: parse, call AshlarCore, print, exit. Exit codes: 0 ok, 1 content errors,
// 64 usage errors.
exit(AshlarCommand.run(Array(CommandLine.arguments.dropFirst())))
