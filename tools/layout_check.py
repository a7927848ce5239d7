#!/usr/bin/env python3
"""The architecture's folder rules, checked (docs/design.md §1).

Each folder of the library and its clients has a README.md with a line
    Uses: src/base, src/types
naming the folders its files may include from and call into ("Uses: nothing" for none).
This derives two graphs between folders and fails on a cycle or on an edge a README does
not allow:
  1. the include graph: every `#include "..."` of every .c/.h/.re/.y file, resolved as the
     compiler resolves it (the file's folder, then -Isrc -Iinclude -Ibuild);
  2. the link graph (with --objs DIR, the build's object folder): every undefined symbol
     of every object file resolved to the object that defines it (nm), so a call through
     a header that some other folder declares is caught too.
Usage: layout_check.py [--objs build/obj] [--root .] [--edges]   Exit 0 clean, 1 violations, 2 usage.
"""
import os, re, subprocess, sys

FOLDERS = ['src/base', 'src/types', 'src/ir', 'src/syntax', 'src/dsl', 'src/forms',
           'src/fuse', 'src/lower', 'src/emit', 'src/driver', 'runtime', 'runtime/api',
           'runtime/gpu', 'runtime/cxx', 'cpu', 'cli', 'python', 'include']
INC_DIRS = ['src', 'runtime', 'cpu', 'cli', 'include', 'build']
GENERATED = {'grammar.h': 'src/syntax', 'lex.c': 'src/syntax', 'grammar.c': 'src/syntax',
             'cpu_rt.inc': 'cpu', 'cxx_env_open.inc': 'cpu', 'cuda_math.inc': 'cpu',
             'cxx_env_close.inc': 'cpu', 'cupy_headers.inc': 'runtime', 'xxhash.h': None}


def folder_of(path, root):
    rel = os.path.relpath(os.path.realpath(path), os.path.realpath(root))
    best = None
    for f in FOLDERS:
        if rel == f or rel.startswith(f + '/'):
            if '/' not in rel[len(f) + 1:] and (best is None or len(f) > len(best)):
                best = f
    return best


def allowed(root):
    rules, errs = {}, []
    for f in FOLDERS:
        readme = os.path.join(root, f, 'README.md')
        if not os.path.isdir(os.path.join(root, f)):
            continue
        if not os.path.isfile(readme):
            errs.append(f'{f}: no README.md')
            continue
        m = re.search(r'^Uses:\s*(.*)$', open(readme, encoding='utf-8').read(), re.M)
        if not m:
            errs.append(f'{f}/README.md: no "Uses:" line')
            continue
        uses = [u.strip().strip('`') for u in m.group(1).split(',')]
        rules[f] = set() if uses == ['nothing'] else set(uses)
        for u in rules[f]:
            if u not in FOLDERS:
                errs.append(f'{f}/README.md: "Uses:" names {u!r}, which is no folder')
    return rules, errs


def include_edges(root):
    edges = {}
    for f in FOLDERS:
        d = os.path.join(root, f)
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            if not name.endswith(('.c', '.h', '.re', '.y')):
                continue
            path = os.path.join(d, name)
            for n, line in enumerate(open(path, encoding='utf-8', errors='replace'), 1):
                m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                if not m:
                    continue
                inc = m.group(1)
                target = None
                for base in [d] + [os.path.join(root, i) for i in INC_DIRS]:
                    if os.path.isfile(os.path.join(base, inc)):
                        target = folder_of(os.path.join(base, inc), root)
                        break
                else:
                    target = GENERATED.get(os.path.basename(inc), 'unresolved')
                if target == 'unresolved':
                    edges.setdefault((f, '?' + inc), []).append(f'{f}/{name}:{n}')
                elif target and target != f:
                    edges.setdefault((f, target), []).append(f'{f}/{name}:{n} "{inc}"')
    return edges


def link_edges(root, objs):
    defs, uses = {}, []
    for dp, _, files in os.walk(objs):
        for name in files:
            if not name.endswith('.o'):
                continue
            obj = os.path.join(dp, name)
            src = os.path.relpath(obj, objs)[:-2]
            folder = (GENERATED.get(os.path.basename(src) + '.c') or
                      folder_of(os.path.join(root, os.path.dirname(src), 'x'), root))
            if not folder:
                continue
            out = subprocess.run(['nm', obj], capture_output=True, text=True).stdout
            for line in out.splitlines():
                p = line.split()
                if len(p) == 3 and p[1] in 'TDRBC':
                    defs[p[2]] = (folder, src)
                elif len(p) == 2 and p[0] == 'U':
                    uses.append((folder, src, p[1]))
    edges = {}
    for folder, src, sym in uses:
        if sym in defs and defs[sym][0] != folder:
            edges.setdefault((folder, defs[sym][0]), []).append(
                f'{src}.c calls {sym} ({defs[sym][1]}.c)')
    return edges


def cycles(nodes, edges):
    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
    found, state = [], {}

    def visit(n, stack):
        state[n] = 1
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                found.append(stack[stack.index(m):] + [m])
            elif not state.get(m):
                visit(m, stack + [m])
        state[n] = 2
    for n in sorted(nodes):
        if not state.get(n):
            visit(n, [n])
    return found


def main(argv):
    root, objs, show = '.', None, False
    args = iter(argv)
    for a in args:
        if a == '--root':
            root = next(args, None)
        elif a == '--objs':
            objs = next(args, None)
        elif a == '--edges':
            show = True
        else:
            print(__doc__.strip().splitlines()[-1]); return 2
    if root is None or (objs is not None and not os.path.isdir(objs)):
        print('layout_check.py: --root/--objs need a folder'); return 2
    rules, bad = allowed(root)
    graphs = [('include', include_edges(root))]
    if objs:
        graphs.append(('link', link_edges(root, objs)))
    for kind, edges in graphs:
        if show:
            for a in FOLDERS:
                outs = sorted(b for (x, b) in edges if x == a)
                if outs:
                    print(f'{kind}: {a} -> {", ".join(outs)}')
        for (a, b), where in sorted(edges.items()):
            if b.startswith('?'):
                bad.append(f'{kind}: {where[0]}: cannot resolve "{b[1:]}"')
            elif a in rules and b not in rules[a]:
                bad.append(f'{kind}: {a} -> {b} is not in {a}/README.md\'s "Uses:" '
                           f'({len(where)}x, e.g. {where[0]})')
        for cyc in cycles(FOLDERS, [e for e in edges if not e[1].startswith('?')]):
            bad.append(f'{kind}: cycle ' + ' -> '.join(cyc))
    for b in bad:
        print(b)
    print(f'layout: {len(bad)} violation(s)' if bad else 'layout: clean')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
