import TrellisModel
import TrellisSolver

extension LayoutEngine {
  /// One live solver: what is installed in it, and what is derived from that (``SlotMemos``).
  ///
  /// The installed state changes in two ways only: the installer commits a new installation
  /// (``commit(_:)``, after a build or a diff), or a move re-values constants in place (the
  /// container's size, the safe-area constants: ``ConstraintInstaller/move(_:to:route:)``).
  struct SolverSlot {
    /// The environment key its constraints were made for.
    var key: EnvironmentKey
    let serial: Int
    let solver: Solver

    // MARK: Installed state

    /// Every view's and guide's variables, made once per item and kept across diffs.
    var items: [LayoutItem: ItemVariables] = [:]
    /// Item ids in the order their variables were made.
    var itemOrder: [LayoutItem] = []
    /// The root's required size constraints, added before anything else (`nil` until the
    /// first installation); a move changes their constants.
    var container: ContainerConstraints?
    /// The constraints in the solver, in the documented order (entries are references: a move
    /// re-values their constants in place). Replaced only by ``commit(_:)``.
    private(set) var installed: [Installed] = []
    /// The resolution, constraint set and anchor map of its last layout (a move gives the map
    /// new safe-area insets).
    private(set) var resolved: ResolvedLayout?
    private(set) var set: ConstraintSet?
    var map: AnchorMap?
    /// The required constraints its last installation broke, in the order tried.
    private(set) var rejected: [LayoutConstraint] = []
    /// The diagnostics of its last installation that a move repeats (constraints naming unknown
    /// items); `nil` when that installation said anything else, so a move must regenerate.
    private(set) var replay: [Diagnostic]?
    /// Per resolved view of `resolved`: its variables and its parent's index.
    private(set) var plan: [ViewPlan] = []
    /// Whether its last layout broke a required constraint (set when the layout finishes).
    var hadRejections = false

    // MARK: Use

    /// The cache's use counter at its last layout (for evicting the least recently used).
    var lastUsed = 0
    /// The container size the last layout showed when a parametric move left the solver at
    /// another (`nil` when the solver holds what was shown).
    var shownSize: Size?

    /// What is derived from the installed state, each with its rule for going stale.
    var memos = SlotMemos()

    init(key: EnvironmentKey, serial: Int, mode: Solver.Mode) {
      self.key = key
      self.serial = serial
      self.solver = Solver(mode: mode)
    }

    /// What the installer leaves in a slot after bringing its solver to a constraint set.
    struct Installation {
      var installed: [Installed]
      var resolved: ResolvedLayout
      var set: ConstraintSet
      var map: AnchorMap?
      var replay: [Diagnostic]?
      var plan: [ViewPlan]
      var rejected: [LayoutConstraint]
    }

    /// Makes the next layout of this slot regenerate its constraint set and diff the solver to
    /// it rather than move: the document's content changed under it.
    mutating func contentChanged() { replay = nil }

    /// Records a new installation; the one place the memos learn that it changed.
    mutating func commit(_ installation: Installation) {
      installed = installation.installed
      resolved = installation.resolved
      set = installation.set
      map = installation.map
      replay = installation.replay
      plan = installation.plan
      rejected = installation.rejected
      memos.installationReplaced()
    }

    /// Keeps a resolution that lays out the same constraints as ``resolved`` (new margins
    /// reported on a move, wrapped text measured at the widths it was given).
    mutating func keepResolution(_ resolution: ResolvedLayout) { resolved = resolution }

    /// The blocks of what the last installation broke (``RejectionDependence``), `nil` when it
    /// broke nothing or a broken constraint no longer compiles. Asked before anything moves;
    /// worked out the first time one asks (a single layout never pays for it).
    mutating func rejectionDependence() -> RejectionDependence? {
      if let dependence = memos.rejectionDependence { return dependence }
      guard !rejected.isEmpty, let map else { return nil }
      var broken: [ConstraintInstaller.Compiled] = []
      broken.reserveCapacity(rejected.count)
      for layout in rejected {
        guard let expression = try? map.expression(for: layout) else { return nil }
        let safeArea = map.dependsOnSafeArea(layout)
        broken.append(ConstraintInstaller.Compiled(layout: layout, expression: expression, readsSafeArea: safeArea))
      }
      let dependence = RejectionDependence(broken: broken, placed: installed.map { $0 }, container: container)
      memos.rejectionDependence = dependence
      return dependence
    }
  }
}
