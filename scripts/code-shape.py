#!/usr/bin/env python3
"""The shape of the code, from its sources alone: lines per module and package, the largest classes, the longest
methods, and per module the packages' import graph (circles, uses inside a circle, layers).

    scripts/code-shape.py [TREE] [--top N]

TREE is a checkout (default: this one); to measure a commit, export it first:
    git archive 1aadd54 | tar -x -C /tmp/at-1aadd54 && scripts/code-shape.py /tmp/at-1aadd54

What it counts (main code only: src/main/java and the samplers' src/dubbo27|dubbo33/java, no tests):
- lines: every line of a .java file (wc -l);
- a method's lines: from its declaration to its closing brace (comments and strings are skipped when braces are
  matched; lambdas and anonymous classes count in the method that holds them);
- the import graph: package A uses package B of the same module when a file of A imports a class of B (what the
  compiler sees through imports; jdeps, which PackageDependenciesTest uses, also sees fully qualified names);
- a circle: packages that reach each other (a strongly connected component of two or more); "uses inside a circle"
  is how many package-to-package uses lie within one, the uses that a layering would have to run back up;
- layers: the longest chain of uses from a top package to a bottom one, counting packages, circles folded into one;
- "imports in one": the import lines behind the uses inside a circle;
- the same for classes (a file's top-level class uses the classes it imports and those of its own package it names):
  how many classes stand in a circle of classes, and the longest chain of classes.
"""
import os
import re
import sys
from collections import defaultdict

SOURCE_ROOTS = ("src/main/java", "src/dubbo27/java", "src/dubbo33/java")


def sources(tree):
    """(module, package, path) of every main Java file below tree."""
    for module in sorted(os.listdir(tree)):
        for root in SOURCE_ROOTS:
            base = os.path.join(tree, module, root)
            if not os.path.isdir(base):
                continue
            for folder, _, files in os.walk(base):
                for f in sorted(files):
                    if f.endswith(".java") and f != "package-info.java":
                        package = os.path.relpath(folder, base).replace(os.sep, ".")
                        yield module, package, os.path.join(folder, f)


def code_only(text):
    """The text with comments, strings and char literals blanked (newlines kept), so braces can be matched."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (j + 1 - i))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


NAME = re.compile(r"(\w+)\s*\(")
TYPE = re.compile(r"^[\w.$<>\[\],?]+$")
KEYWORDS = {"if", "for", "while", "switch", "catch", "return", "new", "else", "throw", "try", "synchronized", "case",
            "assert", "yield", "do", "super", "this", "record", "class", "interface", "enum"}


def closing(code, at, opening, close):
    """Where the bracket opened at `at` closes (the end of the code when it never does)."""
    depth = 0
    for i in range(at, len(code)):
        if code[i] == opening:
            depth += 1
        elif code[i] == close:
            depth -= 1
            if depth == 0:
                return i
    return len(code)


def methods(text):
    """(name, lines) of each method or constructor whose body is a brace block: a line whose first call-like name
    follows only modifiers and a type (no '=', no keyword before it), then '{' before any ';'."""
    code = code_only(text)
    starts = [0] + [i + 1 for i, ch in enumerate(code) if ch == "\n"]
    found = []
    for number, at in enumerate(starts, 1):
        line_end = code.find("\n", at)
        line = code[at:line_end if line_end >= 0 else len(code)]
        m = NAME.search(line)
        if not m or m.group(1) in KEYWORDS:
            continue
        prefix = line[:m.start()].split()
        if not prefix or any("=" in t or "(" in t or ")" in t for t in prefix) or not TYPE.match(prefix[-1]) \
                or prefix[-1] in KEYWORDS or any(t in KEYWORDS for t in prefix):
            continue
        i = closing(code, at + m.end() - 1, "(", ")")
        j = i + 1
        while j < len(code) and code[j] not in "{;=":
            j += 1
        if j >= len(code) or code[j] != "{":
            continue
        k = closing(code, j, "{", "}")
        found.append((m.group(1), code.count("\n", at, k) + 1))
    return found


def sccs(nodes, edges):
    """Tarjan's strongly connected components."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            out.append(comp)

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def layers(nodes, edges):
    comps = sccs(nodes, edges)
    of = {v: i for i, c in enumerate(comps) for v in c}
    dag = defaultdict(set)
    for v in nodes:
        for w in edges[v]:
            if of[v] != of[w]:
                dag[of[v]].add(of[w])
    depth = {}

    def longest(c):
        if c not in depth:
            depth[c] = 1 + max((longest(d) for d in dag[c]), default=0)
        return depth[c]

    circles = [sorted(c) for c in comps if len(c) > 1]
    inside = sum(1 for v in nodes for w in edges[v] if of[v] == of[w] and v != w)
    return max((longest(i) for i in range(len(comps))), default=0), circles, inside


def main(argv):
    top = 10
    if "--top" in argv:
        top = int(argv[argv.index("--top") + 1])
        argv = argv[:argv.index("--top")] + argv[argv.index("--top") + 2:]
    tree = argv[1] if len(argv) > 1 else "."
    module_lines, package_lines, files, longest = defaultdict(int), defaultdict(int), [], []
    packages, uses, classes = defaultdict(set), defaultdict(lambda: defaultdict(set)), defaultdict(list)
    for module, package, path in sources(tree):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        lines = text.count("\n")
        module_lines[module] += lines
        package_lines[(module, package)] += lines
        name = os.path.basename(path)[:-5]
        files.append((lines, module, package, name))
        longest += [(n, module, package, name, method) for method, n in methods(text)]
        packages[module].add(package)
        imports = re.findall(r"^import\s+(?:static\s+)?([\w.]+)\s*;", text, re.M)
        for imported in imports:
            uses[module][package].add(imported)
        classes[module].append((package, name, imports, set(re.findall(r"\b[A-Z]\w*\b", code_only(text)))))
    total = sum(module_lines.values())
    print(f"# code shape of {os.path.abspath(tree)}: {total:,} lines of main Java code\n")
    print("## Modules and packages (lines, share of the module)\n")
    for module in sorted(module_lines, key=lambda m: -module_lines[m]):
        own = module_lines[module]
        print(f"{module}: {own:,} lines, {100 * own / total:.0f} % of the project")
        for (m, p), n in sorted(package_lines.items(), key=lambda kv: -kv[1]):
            if m == module:
                print(f"    {p:45} {n:6,} {100 * n / own:4.0f} %")
    print(f"\n## The {top} largest classes (lines)\n")
    for n, module, package, name in sorted(files, reverse=True)[:top]:
        print(f"{n:6,}  {module}: {package}.{name}")
    print(f"\n## The {top} longest methods (lines, declaration to closing brace)\n")
    for n, module, package, name, method in sorted(longest, reverse=True)[:top]:
        print(f"{n:6,}  {module}: {package}.{name}.{method}")
    over = {limit: sum(1 for x in longest if x[0] > limit) for limit in (50, 100)}
    print(f"\nmethods: {len(longest):,}; over 50 lines: {over[50]}; over 100 lines: {over[100]}")
    print("\n## Packages' import graph per module\n")
    print(f"{'module':24} {'packages':>8} {'uses':>5} {'circles':>7} {'uses in one':>11} {'imports in one':>14} "
          f"{'layers':>6} | {'classes':>7} {'class circles':>13} {'classes in one':>14} {'class layers':>12}")
    details, class_details = [], []
    for module in sorted(packages):
        nodes = packages[module]

        def owner(imported):
            # an import of a nested type names its outer class: the longest package that is a prefix owns it
            return max((q for q in nodes if imported.startswith(q + ".")), key=len, default=None)

        edges = defaultdict(set)
        for p in nodes:
            for imported in uses[module][p]:
                target = owner(imported)
                if target is not None and target != p:
                    edges[p].add(target)
        depth, circles, inside = layers(nodes, edges)
        circle_of = {q: i for i, c in enumerate(circles) for q in c}
        import_lines = sum(1 for p, _, imports, _ in classes[module] for imported in imports
                           if (t := owner(imported)) is not None and t != p and p in circle_of
                           and circle_of.get(t) == circle_of[p])
        # classes: a file uses the classes it imports and the classes of its own package it names
        by_name = {(p, n) for p, n, _, _ in classes[module]}
        same = defaultdict(set)
        for p, n in by_name:
            same[p].add(n)
        class_edges = defaultdict(set)
        for p, n, imports, words in classes[module]:
            for imported in imports:
                t = owner(imported)
                if t is not None:
                    head = imported[len(t) + 1:].split(".")[0]
                    if (t, head) in by_name and (t, head) != (p, n):
                        class_edges[(p, n)].add((t, head))
            for other in same[p] & words:
                if other != n:
                    class_edges[(p, n)].add((p, other))
        class_depth, class_circles, _ = layers(by_name, class_edges)
        in_circles = sum(len(c) for c in class_circles)
        count = sum(len(v) for v in edges.values())
        print(f"{module:24} {len(nodes):8} {count:5} {len(circles):7} {inside:11} {import_lines:14} {depth:6} | "
              f"{len(by_name):7} {len(class_circles):13} {in_circles:14} {class_depth:12}")
        details += [f"{module}: {' '.join(c)}" for c in circles]
        class_details += [f"{module}: {' '.join(p.rsplit('.', 1)[-1] + '.' + n for p, n in c)}" for c in class_circles]
    if details:
        print("\ncircles (packages that reach each other):")
        for d in details:
            print("    " + d)
    if class_details:
        print("\nclass circles (classes that reach each other; package.Class, the package's last name):")
        for d in class_details:
            print("    " + d)


if __name__ == "__main__":
    main(sys.argv)
