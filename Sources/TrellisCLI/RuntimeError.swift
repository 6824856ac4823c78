/// A failure while doing the work (unreadable file, unwritable output): exit code 1.
///
/// `package` so that tests read the message a command failed with.
package struct RuntimeError: Error, Equatable {
  package var message: String
  init(_ message: String) { self.message = message }

  static let noEngine = RuntimeError("this build of trellis cannot solve layouts (the layout engine is not linked)")
}
