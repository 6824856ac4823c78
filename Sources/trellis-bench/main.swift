import Foundation

exit(BenchCommand.main(arguments: CommandLine.arguments))
