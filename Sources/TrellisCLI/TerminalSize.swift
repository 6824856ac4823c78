#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The width of the terminal standard output is, asked of the terminal itself (TIOCGWINSZ).
enum TerminalSize {
  /// Columns, or nil when standard output is not a terminal or the terminal does not say.
  static func columns() -> Int? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    #if canImport(Glibc)
      let request = UInt(TIOCGWINSZ)
    #else
      let request = TIOCGWINSZ
    #endif
    guard ioctl(STDOUT_FILENO, request, &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
