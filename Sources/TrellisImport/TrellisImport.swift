// TrellisImport: Interface Builder documents (.storyboard, .xib) read into `LayoutDocument`s.
//
// Layers, each in its folder:
// - XML/: a located element tree read with Foundation's XMLParser, under limits (size, depth,
//   element count), refusing DTDs and entities; malformed XML is a located error.
// - InterfaceBuilder/: IB's elements (scenes, views, constraints, variations) mapped to a
//   document, its environment and its stored frames; everything not imported is a located
//   warning with a stable code.
