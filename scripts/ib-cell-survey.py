#!/usr/bin/env python3
"""Counts the facts about table view cells that Interface Builder's stored frames show, over the
HEAD of every git mirror under a folder (docs/import.md, "Cells"; docs/semantics.md, "Cells").

  scripts/ib-cell-survey.py [--mirrors DIR] [--exclude MANIFEST]... [--list]

--mirrors DIR     one bare or non-bare clone per repository, named OWNER+NAME (default /work/.mirror).
--exclude TSV     a manifest (repository, commit, path, half) whose held-out files are left out,
                  so that rules are never counted on them (repeatable).
--list            also print every cell that contradicts the margin rule.

Prints, per Xcode era (from toolsVersion):
  1. the content view's layout margins that views pinned to them reveal, against the importer's
     rule (IBCell.contentMargins): cells (files) that fit and that contradict;
  2. the accessory area (the cell's stored width less its content view's), by accessory type
     and tools version, and less the cell's side margin;
  3. the content view's height against its cell's (the separator's share).
"""
import argparse, collections, os, subprocess, sys
import xml.etree.ElementTree as ET

SCREENS = {'retina4_7': 375, 'retina4_0': 320, 'retina3_5': 320, 'retina5_5': 414, 'retina5_9': 375,
           'retina6_1': 414, 'retina6_5': 414, 'retina6_12': 393, 'retina6_7': 428, 'retina6_72': 430,
           'retina6_3': 402, 'retina5_4': 375, 'retina6_0': 390, 'retina6_9': 440}


def era(tools):
    if tools < 13000: return 'Xcode 8'
    if tools < 14800: return 'Xcode 9-10'
    if tools < 21000: return 'Xcode 11-13'
    if tools < 24000 or tools >= 32700: return 'Xcode 14-15'
    return 'Xcode 16'


def frame(element):
    rect = element.find("rect[@key='frame']") if element is not None else None
    if rect is None: return None
    return tuple(float(rect.get(k, 0)) for k in ('x', 'y', 'width', 'height'))


def cells(repo, name, held):
    listing = subprocess.run(['git', '-C', repo, 'ls-tree', '-r', '--name-only', 'HEAD'],
                             capture_output=True, text=True).stdout.splitlines()
    for path in listing:
        if not path.endswith(('.xib', '.storyboard')) or (name, path) in held: continue
        data = subprocess.run(['git', '-C', repo, 'show', 'HEAD:' + path], capture_output=True).stdout
        if b'tableViewCell' not in data: continue
        try:
            root = ET.fromstring(data)
        except ET.ParseError:
            continue
        tools = int((root.get('toolsVersion') or '0').split('.')[0] or 0)
        device = root.find('device')
        device = device.get('id') if device is not None else '-'
        parents = {child: parent for parent in root.iter() for child in parent}
        for cell in root.iter('tableViewCell'):
            content = cell.find('tableViewCellContentView')
            table = parents.get(cell)
            while table is not None and table.tag != 'tableView': table = parents.get(table)
            yield dict(repo=name, path=path, tools=tools, device=device, cell=cell, content=content, table=table)


def revealed_margins(content):
    """Margins that required, unmultiplied `==` constraints from a direct subview to the content
    view's margins reveal, from the stored frames."""
    found = collections.defaultdict(set)
    box = frame(content)
    if box is None: return found
    cid = content.get('id')
    subviews = {s.get('id'): frame(s) for s in (content.find('subviews') or [])}
    for c in content.iter('constraint'):
        if c.get('multiplier') or c.get('relation') or c.get('priority'): continue
        first, fa = c.get('firstItem', cid), c.get('firstAttribute')
        second, sa = c.get('secondItem'), c.get('secondAttribute')
        k = float(c.get('constant', 0))
        for view_attr, view, guide_attr, guide, d in ((fa, first, sa, second, k), (sa, second, fa, first, -k)):
            if guide != cid or not guide_attr or not guide_attr.endswith('Margin'): continue
            if view not in subviews or subviews[view] is None or view_attr != guide_attr[:-6]: continue
            x, y, w, h = subviews[view]
            edge = guide_attr[:-6]
            if edge == 'leading': found['left'].add(round(x - d, 2))
            if edge == 'trailing': found['right'].add(round(box[2] - (x + w) + d, 2))
            if edge == 'top': found['top'].add(round(y - d, 2))
            if edge == 'bottom': found['bottom'].add(round(box[3] - (y + h) + d, 2))
    return found


def rule(item):
    """The importer's rule (Sources/TrellisImport/InterfaceBuilder/IBCells.swift)."""
    tools = item['tools']
    if 0 < tools < 13000: return dict(top=8, left=8, bottom=8, right=8)
    container = frame(item['table']) or frame(item['cell']) or (0, 0, 0, 0)
    screen = SCREENS.get(item['device'], 768 if item['device'].startswith('ipad') else 375)
    width = container[2] if tools < 14800 else min(container[2], screen)
    side = 16 if width <= 375 else 20
    accessory = (item['cell'].get('accessoryType') or 'none') != 'none'
    return dict(top=11, left=side, bottom=10.5 if tools < 14800 else 11, right=8 if accessory else side)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--mirrors', default='/work/.mirror')
    parser.add_argument('--exclude', action='append', default=[])
    parser.add_argument('--list', action='store_true')
    args = parser.parse_args()
    held = set()
    for manifest in args.exclude:
        for line in open(manifest):
            parts = line.rstrip('\n').split('\t')
            if line.startswith('#') or len(parts) < 4: continue
            if parts[3] == 'held-out': held.add((parts[0].replace('/', '+', 1), parts[2]))
    fits = collections.defaultdict(lambda: [0, 0, set(), set()])
    contradictions = []
    accessories = collections.Counter()
    heights = collections.Counter()
    count = 0
    for entry in sorted(os.listdir(args.mirrors)):
        repo = os.path.join(args.mirrors, entry)
        if os.path.isdir(os.path.join(repo, 'repo')): repo = os.path.join(repo, 'repo')
        if not os.path.isdir(repo): continue
        for item in cells(repo, entry, held):
            count += 1
            name = era(item['tools'])
            cell, content = frame(item['cell']), frame(item['content'])
            if cell and content:
                accessory = item['cell'].get('accessoryType') or 'none'
                if accessory != 'none':
                    # The accessory area less the cell's side margin (16 or 20, as in rule()).
                    container = frame(item['table']) or cell
                    screen = SCREENS.get(item['device'], 768 if item['device'].startswith('ipad') else 375)
                    side = 16 if min(container[2], screen) <= 375 else 20
                    area = round(cell[2] - content[2], 2)
                    accessories[(accessory, item['tools'], area, side, round(area - side, 2))] += 1
                heights[(name, round(cell[3] - content[3], 3))] += 1
            margins = revealed_margins(item['content']) if item['content'] is not None else {}
            if not margins: continue
            expected = rule(item)
            fit = all(abs(v - expected[k]) < 0.01 for k, vs in margins.items() for v in vs)
            row = fits[name]
            row[0 if fit else 1] += 1
            row[2 if fit else 3].add((item['repo'], item['path']))
            if not fit: contradictions.append((name, item['repo'], item['path'], item['device'], cell, dict(margins)))
    print(f'{count} table cells')
    print('\n1. Content view margins against the rule: era, fit cells (files), contradicting cells (files)')
    for name in ['Xcode 8', 'Xcode 9-10', 'Xcode 11-13', 'Xcode 14-15', 'Xcode 16']:
        row = fits[name]
        print(f'  {name}: {row[0]} ({len(row[2])}) fit, {row[1]} ({len(row[3])}) contradict')
    if args.list:
        for c in contradictions: print('   ', *c)
    print('\n2. Accessory area (cell width less content view width): type, tools, area, side margin, '
          'area less the margin: cells')
    for key, n in sorted(accessories.items()): print('  ', *key, ':', n)
    print('\n3. Cell height less content view height: era, difference: cells')
    for key, n in sorted(heights.items()): print('  ', *key, ':', n)


if __name__ == '__main__':
    sys.exit(main())
