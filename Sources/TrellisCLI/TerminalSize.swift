#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The size of the terminal standard output is, asked of the terminal itself (TIOCGWINSZ).
enum TerminalSize {
  /// Columns, or nil when standard output is not a terminal or the terminal does not say.
  static func columns() -> Int? { size()?.columns }

  /// Rows, or nil when standard output is not a terminal or the terminal does not say.
  static func rows() -> Int? { size()?.rows }

  private static func size() -> (columns: Int?, rows: Int?)? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    #if canImport(Glibc)
      let request = UInt(TIOCGWINSZ)
    #else
      let request = TIOCGWINSZ
    #endif
    guard ioctl(STDOUT_FILENO, request, &size) == 0 else { return nil }
    return (size.ws_col > 0 ? Int(size.ws_col) : nil, size.ws_row > 0 ? Int(size.ws_row) : nil)
  }
}
