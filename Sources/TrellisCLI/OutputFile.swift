import Glibc
import TrellisJSON
import TrellisLayout
import TrellisModel
import TrellisSupport

/// Writing `--output` without ever destroying anything (docs/cli.md, "Files").
///
/// - A regular file is replaced atomically: a temporary file `.<name>.trellis-tmp-<pid>` in the
///   same directory gets the text, the old file's permissions and owner, an fsync, then is
///   renamed over the target, and the directory is fsynced. Temporary files of ours left by a
///   killed run (their pid is gone) are deleted first.
/// - A read-only file (no write bit at all) and the input file itself are refused. Permission
///   bits are checked, not access(2), because root may write anything.
/// - A symbolic link is followed and its target written; the link stays.
/// - A FIFO or a device is written through (opened write-only, never truncated or replaced);
///   a FIFO with no reader is an error rather than a wait.
enum OutputFile {
  /// Where `path` sends the text when it names one of our own streams (`/dev/stdout`, …): the
  /// caller appends to that stream instead of reopening it.
  enum Stream { case standardOutput, standardError }

  static func stream(_ path: String) -> Stream? {
    switch path {
    case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": return .standardOutput
    case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": return .standardError
    default: return nil
    }
  }

  /// Writes `text` to the file, pipe or device at `path`; `inputs` are the files the command
  /// read, which are never overwritten.
  static func write(_ text: String, to path: String, inputs: [String]) throws(RuntimeError) {
    let name = RawPath.display(path)
    guard !path.isEmpty else { throw RuntimeError("Cannot write '': give a file path for --output.") }
    var info = stat()
    if lstat(RawPath.cString(path), &info) != 0 {
      let error = errno
      guard error == ENOENT else { throw failure(name, error) }
      try checkDirectory(of: path, name: name, link: nil)
      try refuseInputs(path, info: nil, inputs: inputs, name: name)
      try replace(path, with: text, keeping: nil, name: name)
      return
    }
    var target = path
    if (info.st_mode & S_IFMT) == S_IFLNK {
      if stat(RawPath.cString(path), &info) != 0 {
        let error = errno
        guard error == ENOENT else { throw failure(name, error) }
        // A dangling link: create the file it points to, when its directory exists.
        let final = try finalTarget(of: path, name: name)
        try checkDirectory(of: final, name: name, link: final)
        try refuseInputs(final, info: nil, inputs: inputs, name: name)
        try replace(final, with: text, keeping: nil, name: name)
        return
      }
      if (info.st_mode & S_IFMT) == S_IFREG {
        guard let resolved = realPath(path) else { throw failure(name, errno) }
        target = resolved
      }
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      try refuseInputs(target, info: info, inputs: inputs, name: name)
      if info.st_mode & 0o222 == 0 {
        throw RuntimeError(
          "Cannot write '\(name)': it is read-only (mode \(octal(info.st_mode))); make it writable "
            + "(chmod u+w) or choose another --output path.")
      }
      if geteuid() != 0, access(RawPath.cString(target), W_OK) != 0 { throw failure(name, errno) }
      try replace(target, with: text, keeping: info, name: name)
    case S_IFIFO, S_IFCHR, S_IFBLK:
      try writeThrough(path, text, isPipe: (info.st_mode & S_IFMT) == S_IFIFO, name: name)
    case S_IFDIR:
      throw RuntimeError("Cannot write '\(name)': it is a directory; give a file path for --output.")
    case S_IFSOCK:
      throw RuntimeError("Cannot write '\(name)': it is a socket; give a file, a pipe or a device for --output.")
    default:
      throw RuntimeError("Cannot write '\(name)': it is not a regular file; give a file path for --output.")
    }
  }

  // MARK: Checks

  /// Refuses `target` when it is one of `inputs`: the same resolved path or, when it exists, the
  /// same device and inode (a hard link or a link through another directory).
  private static func refuseInputs(_ target: String, info: stat?, inputs: [String], name: String)
    throws(RuntimeError)
  {
    let resolvedTarget = resolvedPath(target)
    for input in inputs {
      var inputInfo = stat()
      let sameNode =
        info.map { info in
          stat(RawPath.cString(input), &inputInfo) == 0 && inputInfo.st_dev == info.st_dev
            && inputInfo.st_ino == info.st_ino
        } ?? false
      if sameNode || (resolvedTarget != nil && resolvedPath(input) == resolvedTarget) {
        throw RuntimeError(
          "Cannot write '\(name)': it is the input file '\(RawPath.display(input))'; choose another --output path.")
      }
    }
  }

  /// Fails unless the directory that will hold `path` exists.
  private static func checkDirectory(of path: String, name: String, link: String?) throws(RuntimeError) {
    let directory = directoryName(path)
    var info = stat()
    guard stat(RawPath.cString(directory), &info) == 0 else {
      let error = errno
      if error == ENOENT {
        let what = link.map { "it is a symbolic link to '\(RawPath.display($0))', and " } ?? ""
        throw RuntimeError(
          "Cannot write '\(name)': \(what)the directory '\(RawPath.display(directory))' does not exist; "
            + "create it first or choose another --output path.")
      }
      throw failure(name, error)
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw RuntimeError(
        "Cannot write '\(name)': '\(RawPath.display(directory))' is not a directory; choose another --output path.")
    }
  }

  // MARK: Writing

  /// Replaces the regular file (or creates the new one) at `target` through a temporary file in
  /// the same directory; `existing` is the old file's status, whose mode and owner are kept.
  private static func replace(_ target: String, with text: String, keeping existing: stat?, name: String)
    throws(RuntimeError)
  {
    let directory = directoryName(target)
    let base = baseName(target)
    removeStaleTemporaries(in: directory, for: base)
    let temporary = (directory == "/" ? "/" : directory + "/") + temporaryPrefix(base) + "\(getpid())"
    // A new file gets 0666 less the umask, as `>` would; an existing one starts private and
    // takes the old mode below.
    let fd = open(RawPath.cString(temporary), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existing == nil ? 0o666 : 0o600)
    guard fd >= 0 else { throw failure(name, errno, directory: directory) }
    var closed = false
    do throws(RuntimeError) {
      if let existing {
        _ = fchown(fd, existing.st_uid, existing.st_gid)  // only root can; others keep their own
        guard fchmod(fd, existing.st_mode & 0o7777) == 0 else { throw failure(name, errno) }
      }
      try writeAll(fd, text, name: name)
      guard fsync(fd) == 0 else { throw failure(name, errno) }
      closed = true
      guard close(fd) == 0 else { throw failure(name, errno) }
      guard rename(RawPath.cString(temporary), RawPath.cString(target)) == 0 else { throw failure(name, errno) }
    } catch {
      if !closed { close(fd) }
      unlink(RawPath.cString(temporary))
      throw error
    }
    // Make the rename itself durable.
    let directoryFD = open(RawPath.cString(directory), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryFD >= 0 {
      _ = fsync(directoryFD)
      close(directoryFD)
    }
  }

  /// Writes into an existing FIFO or device without truncating or replacing it. Opened
  /// non-blocking so a FIFO with no reader fails at once (ENXIO) instead of waiting forever.
  private static func writeThrough(_ path: String, _ text: String, isPipe: Bool, name: String) throws(RuntimeError) {
    let fd = open(RawPath.cString(path), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else {
      let error = errno
      if isPipe, error == ENXIO {
        throw RuntimeError(
          "Cannot write '\(name)': it is a named pipe (FIFO) with no reader; start the reader first "
            + "(trellis does not wait for one).")
      }
      throw failure(name, error)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw failure(name, errno) }
    guard (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR else {
      throw RuntimeError("Cannot write '\(name)': it changed while being opened; try again.")
    }
    // A reader exists now; blocking writes simply wait for it to drain the pipe.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    // A reader that goes away must give EPIPE, not kill the process.
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    try writeAll(fd, text, name: name)
  }

  private static func writeAll(_ fd: Int32, _ text: String, name: String) throws(RuntimeError) {
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Glibc.write(fd, base + written, buffer.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(name, errno)
      }
      written += count
    }
  }

  // MARK: Temporary files

  /// `.<name>.trellis-tmp-`: a dot file, so `ls` hides it, and obviously ours.
  static func temporaryPrefix(_ base: String) -> String { "." + base + ".trellis-tmp-" }

  /// Deletes `.<base>.trellis-tmp-<pid>` files whose process no longer runs (a killed run).
  private static func removeStaleTemporaries(in directory: String, for base: String) {
    guard let stream = opendir(RawPath.cString(directory)) else { return }
    defer { closedir(stream) }
    let prefix = temporaryPrefix(base)
    var stale: [String] = []
    while let entry = readdir(stream) {
      let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        RawPath.string(Array(raw.prefix { $0 != 0 }))
      }
      guard entryName.hasPrefix(prefix), let pid = Int32(entryName.dropFirst(prefix.count)), pid > 0 else { continue }
      if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) { stale.append(entryName) }
    }
    for entryName in stale {
      let path = (directory == "/" ? "/" : directory + "/") + entryName
      var info = stat()
      if lstat(RawPath.cString(path), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
        unlink(RawPath.cString(path))
      }
    }
  }

  // MARK: Paths

  static func directoryName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }

  static func baseName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(RawPath.cString(path), nil) else { return nil }
    defer { free(resolved) }
    var bytes: [UInt8] = []
    var cursor = resolved
    while cursor.pointee != 0 {
      bytes.append(UInt8(bitPattern: cursor.pointee))
      cursor += 1
    }
    return RawPath.string(bytes)
  }

  /// The canonical path of a file that may not exist yet: its directory resolved, plus its name
  /// (resolved in full when it exists, so a link to the input is caught).
  private static func resolvedPath(_ path: String) -> String? {
    if let full = realPath(path) { return full }
    guard let directory = realPath(directoryName(path)) else { return nil }
    return (directory == "/" ? "/" : directory + "/") + baseName(path)
  }

  /// Where a chain of symbolic links ends (the last target, which does not exist).
  private static func finalTarget(of path: String, name: String) throws(RuntimeError) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(RawPath.cString(current), &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(RawPath.cString(current), &buffer, buffer.count - 1)
      guard length > 0 else { throw failure(name, errno) }
      let target = RawPath.string(buffer[0..<length].map { UInt8(bitPattern: $0) })
      let directory = directoryName(current)
      current = target.hasPrefix("/") || directory == "." ? target : directory + "/" + target
    }
    throw failure(name, ELOOP)
  }

  private static func octal(_ mode: mode_t) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// One sentence: the path, the system's reason, what to do.
  private static func failure(_ name: String, _ error: Int32, directory: String? = nil) -> RuntimeError {
    let reason = String(cString: strerror(error)).lowercased()
    let advice: String
    switch error {
    case ENOSPC, EDQUOT: advice = "free some space or choose another --output path"
    case EACCES, EPERM:
      advice =
        directory.map { "the directory '\(RawPath.display($0))' must be writable; choose another --output path" }
        ?? "choose another --output path"
    case EROFS: advice = "the file system is read-only; choose another --output path"
    case ENOTDIR: advice = "a part of the path is not a directory; check the --output path"
    case ELOOP: advice = "the symbolic links loop; check the --output path"
    case EPIPE: advice = "the reader closed the pipe before reading everything"
    default: advice = "choose another --output path"
    }
    return RuntimeError("Cannot write '\(name)': \(reason); \(advice).")
  }
}
