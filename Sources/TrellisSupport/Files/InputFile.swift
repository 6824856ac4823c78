import Glibc

/// Reading an input file (a layout, an Interface Builder file, a log) without ever blocking: the file's type is checked before it is opened,
/// and it is opened non-blocking, so a named pipe with no writer, a terminal or a device can
/// never hang `trellis`. Only regular files are read.
package enum InputFile {
  /// Up to `limit` bytes of the regular file at `path` (`path` may hold ``RawPath`` escapes), or
  /// one sentence saying why not, naming the path.
  /// - Parameter kind: what to give instead of a directory, in the message (`a layout file (.json)`).
  package static func read(_ path: String, limit: Int, kind: String = "a layout file (.json)") -> Result<
    [UInt8], Failure
  > {
    let name = RawPath.display(path)
    let cPath = RawPath.cString(path)
    var info = stat()
    guard stat(cPath, &info) == 0 else {
      let error = errno
      var linkInfo = stat()
      if error == ENOENT, lstat(cPath, &linkInfo) == 0, (linkInfo.st_mode & S_IFMT) == S_IFLNK {
        return .failure(Failure("cannot read '\(name)': it is a symbolic link to a file that does not exist"))
      }
      return .failure(Failure("cannot read '\(name)': \(reason(error))"))
    }
    if let refusal = refusal(info.st_mode, name, kind) { return .failure(refusal) }
    // Non-blocking, so that a FIFO swapped in after the stat above cannot block the open.
    let fd = open(cPath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return .failure(Failure("cannot read '\(name)': \(reason(errno))")) }
    defer { close(fd) }
    // What was opened is what is read: check its type again on the descriptor.
    guard fstat(fd, &info) == 0 else { return .failure(Failure("cannot read '\(name)': \(reason(errno))")) }
    if let refusal = refusal(info.st_mode, name, kind) { return .failure(refusal) }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)

    // One byte more than the limit is enough to know the file is too large.
    let wanted = max(0, limit) + 1
    var bytes = [UInt8](repeating: 0, count: min(wanted, max(Int(info.st_size) + 1, 4096)))
    var count = 0
    while count < wanted {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(wanted - count, max(count, 4096))) }
      let got = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Glibc.read(fd, base + count, buffer.count - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        return .failure(Failure("cannot read '\(name)': \(reason(errno))"))
      }
      if got == 0 { break }
      count += got
    }
    return .success(Array(bytes[0..<count]))
  }

  /// Why a file of this type is not read; `nil` for a regular file.
  private static func refusal(_ mode: mode_t, _ name: String, _ kind: String) -> Failure? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return Failure("'\(name)' is a directory; give \(kind)")
    case S_IFIFO: return Failure("'\(name)' is a named pipe (FIFO); trellis reads only regular files")
    case S_IFSOCK: return Failure("'\(name)' is a socket; trellis reads only regular files")
    case S_IFCHR: return Failure("'\(name)' is a character device; trellis reads only regular files")
    case S_IFBLK: return Failure("'\(name)' is a block device; trellis reads only regular files")
    default: return Failure("'\(name)' is not a regular file; trellis reads only regular files")
    }
  }

  /// The system's text for `error`, lower-cased as the rest of the sentence (`permission denied`).
  package static func reason(_ error: Int32) -> String {
    switch error {
    case ENOENT: return "no such file"
    case EACCES: return "permission denied"
    default:
      guard let text = strerror(error) else { return "error \(error)" }
      return String(cString: text).lowercased()
    }
  }

  package struct Failure: Error {
    package var message: String
    init(_ message: String) { self.message = message }
  }
}
