// What of the environment a document's resolution depends on, beyond its size and safe area:
// the engine keeps one solver for environments that differ in nothing else it depends on.

extension Varying {
  /// Whether some size class gets another value than `base`'s place does: any variation.
  var hasVariations: Bool { !variations.isEmpty }
}

/// What of the environment a document's resolution depends on (``LayoutDocument``'s properties
/// of the same names), found in one pass over the constraints and one walk of the views: a
/// walk copies every view, and an engine asks all four when it is made.
package struct EnvironmentDependence: Sendable, Equatable {
  package var variesWithTraits = false
  package var measuresText = false
  package var readsMargins = false
  package var subviewsPreserveMargins = false
}

extension LayoutDocument {
  /// ``variesWithTraits``, ``measuresText``, ``readsMargins`` and ``subviewsPreserveMargins``.
  package var environmentDependence: EnvironmentDependence {
    var found = EnvironmentDependence()
    func reads(_ anchor: AnchorReference?) -> Bool {
      guard let anchor else { return false }
      return anchor.item == .margins || anchor.attribute.readsMargins
    }
    for spec in constraints {
      if spec.constant.hasVariations || spec.priority.hasVariations || spec.standardSpacing.hasVariations
        || spec.installed.hasVariations
      {
        found.variesWithTraits = true
      }
      if reads(spec.first) || reads(spec.second) || spec.standardSpacing.base != 0
        || spec.standardSpacing.variations.contains(where: { $0.value != 0 })
      {
        found.readsMargins = true
      }
    }
    forEachView { node, parent in
      if node.variesWithTraits { found.variesWithTraits = true }
      if node.kind == .label || node.kind == .button { found.measuresText = true }
      if node.stack?.isLayoutMarginsRelativeArrangement == true { found.readsMargins = true }
      if parent != nil, node.preservesSuperviewLayoutMargins { found.subviewsPreserveMargins = true }
      return true
    }
    return found
  }

  /// Whether any value ``resolved(for:typesetter:)`` picks by size class has a variation: a
  /// constraint's constant, priority, standard spacing or `installed`; a view's `installed`,
  /// `hidden`, text and font, insets, intrinsic size, hugging, compression resistance and
  /// margins; a stack's or a scroll view's properties.
  ///
  /// When none has, the resolved layout differs between environments only by what the engine's
  /// solver key holds besides the size classes (direction, scale, text size, a wide root) and by
  /// the constants a live solver moves (container size, safe area), so one solver serves every
  /// size class. `TraitDependenceTests` lists the document model's `Varying` properties, so a new
  /// one cannot be left out here unnoticed.
  package var variesWithTraits: Bool { environmentDependence.variesWithTraits }

  /// Whether any view is a label or a button: their text is measured, and rounded up to whole
  /// pixels of the environment's scale. (Nothing else in ``resolved(for:typesetter:)`` reads the
  /// scale; snapping frames to pixels reads it after solving.)
  package var measuresText: Bool { environmentDependence.measuresText }

  /// Whether any constraint can read a view's layout margins: a file constraint with a margin
  /// attribute (`leadingMargin`, …, `centerYWithinMargins`) or the `margins` guide, or with a
  /// standard constant in any size class (standard spacing to a superview is measured from its
  /// margins), or a stack that arranges its views within its margins.
  ///
  /// When none can, the margins decide nothing the solver sees: the root's system minimum, which
  /// depends on whether the root is wider than 375 pt, changes only the margins a result reports,
  /// so one solver serves roots on both sides (``remargin(_:for:subviewsPreserveMargins:)`` decides
  /// the margins again).
  package var readsMargins: Bool { environmentDependence.readsMargins }

  /// Whether any view but the root preserves its superview's layout margins
  /// (`preservesSuperviewLayoutMargins`): only such views can take the root's system minimum
  /// (``remargin(_:for:subviewsPreserveMargins:)``).
  package var subviewsPreserveMargins: Bool { environmentDependence.subviewsPreserveMargins }
}

extension ViewNode {
  /// Whether any of this view's own values has a size-class variation (children not included).
  var variesWithTraits: Bool {
    if installed.hasVariations || hidden.hasVariations || fontSize.hasVariations
      || contentInsetsByClass.hasVariations || intrinsicSizeByClass.hasVariations || huggingByClass.hasVariations
      || compressionResistanceByClass.hasVariations || layoutMarginsByClass.hasVariations
    {
      return true
    }
    if text?.hasVariations == true || fontName?.hasVariations == true || fontWeight?.hasVariations == true
      || textStyle?.hasVariations == true
    {
      return true
    }
    if let stack,
      stack.axis.hasVariations || stack.distribution.hasVariations || stack.alignment.hasVariations
        || stack.spacing.hasVariations
    {
      return true
    }
    if let scroll,
      scroll.contentInset.hasVariations || scroll.contentInsetAdjustmentBehavior.hasVariations
        || scroll.contentOffset.hasVariations || scroll.zoomScale.hasVariations
    {
      return true
    }
    return false
  }
}
