import TrellisText

extension LayoutDocument {
  /// The document with every label's text and button's title (each size-class value)
  /// transformed by `locale`, to stress the layout as translations do. Layout direction is the
  /// environment's: a right-to-left pseudo-locale also needs a right-to-left environment
  /// (`PseudoLocale.impliesRightToLeft`).
  public func pseudoLocalized(_ locale: PseudoLocale) -> LayoutDocument {
    var copy = self
    copy.root = root.mappingTexts { locale.apply(to: $0) }
    return copy
  }
}

extension ViewNode {
  /// The tree with `transform` applied to every text value, rebuilt without recursion (deep
  /// files cannot overflow the stack).
  func mappingTexts(_ transform: (String) -> String) -> ViewNode {
    func mapped(_ node: ViewNode) -> ViewNode {
      guard var text = node.text else { return node }
      var copy = node
      text.base = transform(text.base)
      for index in text.variations.indices { text.variations[index].value = transform(text.variations[index].value) }
      copy.text = text
      return copy
    }
    // Post-order: a node is finished when all its children are.
    var stack: [(node: ViewNode, next: Int, children: [ViewNode])] = [(mapped(self), 0, [])]
    while let top = stack.indices.last {
      let next = stack[top].next
      if next < stack[top].node.children.count {
        stack[top].next += 1
        stack.append((mapped(stack[top].node.children[next]), 0, []))
        continue
      }
      var finished = stack.removeLast()
      finished.node.children = finished.children
      guard let parent = stack.indices.last else { return finished.node }
      stack[parent].children.append(finished.node)
    }
    return self
  }
}
