/// Runs the `trellis` command with `arguments` (without the program name).
public func run(arguments: [String], stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
  return 0
}
