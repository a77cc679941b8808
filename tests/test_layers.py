"""The front end's layers stack (issue 28, item 8): no import circle among the modules of
`game/`, the shell below every game, no game's front end importing another's.

The graph is read from the source with `ast`, every import counted wherever it stands: at
module level, under `if TYPE_CHECKING:` (a type-only import still ties the two modules' designs
together) and inside functions. `from pkg import name` counts as importing `pkg.name` when that
is a module of the tree, else `pkg`; relative imports are resolved against the importing
module's package. A game is a package directly under `game/` other than the shell."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHELL = "shell"


@dataclass(frozen=True)
class Edge:
    """One import: `source` imports `target` at `line` of its file."""
    source: str
    target: str
    line: int

    def __str__(self) -> str:
        return f"{self.source} -> {self.target} (line {self.line})"


def module_name(root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules_under(root: Path, package: str) -> dict[str, Path]:
    """Every module of `package` (a folder of `root`), by dotted name."""
    return {module_name(root, p): p for p in sorted((root / package).rglob("*.py"))
            if "__pycache__" not in p.parts}


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The dotted module an ImportFrom names, relative levels resolved."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _imports(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[str, list[str], int]]:
    """(module named, names taken from it, line) for every import statement anywhere in the
    tree, and for importlib.import_module / __import__ called with a constant string."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            yield _absolute(module, is_package, node), [a.name for a in node.names], node.lineno
        elif isinstance(node, ast.Call) and node.args:
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            arg = node.args[0]
            if name in ("import_module", "__import__") and isinstance(arg, ast.Constant) \
                    and isinstance(arg.value, str):
                yield arg.value, [], node.lineno


def import_graph(root: Path, package: str) -> dict[str, list[Edge]]:
    """Module of `package` -> its imports of other modules of `package` (one edge per target,
    at its first line)."""
    modules = modules_under(root, package)
    graph: dict[str, list[Edge]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        seen: dict[str, Edge] = {}
        for mod, names, line in _imports(tree, name, path.name == "__init__.py"):
            subs = [f"{mod}.{n}" for n in names if f"{mod}.{n}" in modules]
            targets = subs or ([mod] if mod in modules else [])
            # `from pkg import mod, name`: both the submodule and the package's own names
            if subs and len(subs) < len(names) and mod in modules:
                targets.append(mod)
            for t in targets:
                if t != name and t not in seen:
                    seen[t] = Edge(name, t, line)
        graph[name] = sorted(seen.values(), key=lambda e: e.target)
    return graph


def circles(graph: dict[str, list[Edge]]) -> list[tuple[list[str], list[Edge]]]:
    """Every circle of the graph (a strongly connected component of two modules or more), as
    (its modules, one shortest cycle through the first of them)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def connect(v: str) -> None:  # Tarjan, iterative so deep graphs cannot overflow
        work = [(v, iter(graph[v]))]
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        while work:
            node, edges = work[-1]
            for e in edges:
                w = e.target
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(graph[w])))
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.add(w)
                        if w == node:
                            break
                    if len(comp) > 1:
                        components.append(comp)

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return [(sorted(comp), _shortest_cycle(graph, comp)) for comp in sorted(components, key=min)]


def _shortest_cycle(graph: dict[str, list[Edge]], comp: set[str]) -> list[Edge]:
    """The shortest cycle through the first module (by name) of a circle, by breadth-first
    search inside the circle."""
    start = min(comp)
    came: dict[str, Edge] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for e in graph[v]:
                if e.target not in comp:
                    continue
                if e.target == start:
                    path = [e]
                    while path[0].source != start:
                        path.insert(0, came[path[0].source])
                    return path
                if e.target not in came:
                    came[e.target] = e
                    nxt.append(e.target)
        frontier = nxt
    raise AssertionError(f"not a circle: {sorted(comp)}")


def describe(cycle: list[Edge]) -> str:
    return " -> ".join([cycle[0].source, *(f"{e.target} (line {e.line})" for e in cycle)])


def report(found: list[tuple[list[str], list[Edge]]]) -> str:
    return "\n".join(f"a circle of {len(mods)} modules ({', '.join(mods)}), for one: "
                     f"{describe(cycle)}" for mods, cycle in found)


def within(graph: dict[str, list[Edge]], package: str) -> dict[str, list[Edge]]:
    """The graph of `package`'s modules and the imports among them alone."""
    return {m: [e for e in es if _within(e.target, package)]
            for m, es in graph.items() if _within(m, package)}


def games(root: Path, package: str) -> list[str]:
    """The games' front-end packages: every package directly under `package` but the shell."""
    return sorted(f"{package}.{p.name}" for p in (root / package).iterdir()
                  if (p / "__init__.py").is_file() and p.name != SHELL)


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def shell_imports_of_games(root: Path, package: str) -> list[Edge]:
    graph = import_graph(root, package)
    shell = f"{package}.{SHELL}"
    return [e for m, edges in graph.items() if _within(m, shell) for e in edges
            if any(_within(e.target, g) for g in games(root, package))]


def imports_between_games(root: Path, package: str) -> list[Edge]:
    graph = import_graph(root, package)
    found = []
    for g in games(root, package):
        others = [o for o in games(root, package) if o != g]
        found += [e for m, edges in graph.items() if _within(m, g) for e in edges
                  if any(_within(e.target, o) for o in others)]
    return found


# --- the project's front end --------------------------------------------------------------------

def test_no_import_circle_inside_a_games_front_end() -> None:
    """Each game's own modules stack: a view takes a narrow Protocol of the table
    (game.aac.table.model), never the table scene; a module's table code plugs into the
    table's hook (game.aac.table.module_hook)."""
    graph = import_graph(ROOT, "game")
    assert "game.aac.scenes.table" in graph
    for g in games(ROOT, "game"):
        found = circles(within(graph, g))
        if found:
            pytest.fail(f"{len(found)} import circle(s) in {g}:\n{report(found)}")


def test_no_import_circle_inside_the_shell() -> None:
    found = circles(within(import_graph(ROOT, "game"), f"game.{SHELL}"))
    if found:
        pytest.fail(f"{len(found)} import circle(s) in the shell:\n{report(found)}")


def test_the_front_end_has_no_import_circle() -> None:
    graph = import_graph(ROOT, "game")
    assert len(graph) > 60
    found = circles(graph)
    if found:
        pytest.fail(f"{len(found)} import circle(s) in game/:\n{report(found)}")


def test_the_shell_imports_no_game() -> None:
    assert games(ROOT, "game"), "no game's front end found under game/"
    bad = shell_imports_of_games(ROOT, "game")
    if bad:
        pytest.fail("the shell imports a game (a game plugs in through the shell's registry):\n"
                    + "\n".join(map(str, bad)))


def test_no_game_imports_another_games_front_end() -> None:
    bad = imports_between_games(ROOT, "game")
    if bad:
        pytest.fail("a game's front end imports another's:\n" + "\n".join(map(str, bad)))


# --- the scanner itself, on a small tree --------------------------------------------------------

def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return tmp_path


def test_the_scanner_counts_type_only_function_and_relative_imports(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "g/__init__.py": "",
        "g/shell/__init__.py": "",
        "g/shell/base.py": "",
        "g/one/__init__.py": "",
        "g/one/view.py": ("from typing import TYPE_CHECKING\n"
                          "if TYPE_CHECKING:\n"
                          "    from g.one.scene import Scene\n"),
        "g/one/scene.py": ("from . import view\n"
                           "from ..shell.base import X\n"
                           "def f():\n"
                           "    import g.one.late\n"),
        "g/one/late.py": "import importlib\nimportlib.import_module('g.shell')\n",
    })
    graph = import_graph(root, "g")
    assert {m: [e.target for e in es] for m, es in graph.items() if es} == {
        "g.one.view": ["g.one.scene"],
        "g.one.scene": ["g.one.late", "g.one.view", "g.shell.base"],
        "g.one.late": ["g.shell"],
    }
    [(mods, cycle)] = circles(graph)
    assert mods == ["g.one.scene", "g.one.view"]
    assert describe(cycle) == "g.one.scene -> g.one.view (line 1) -> g.one.scene (line 3)"


def test_the_scanner_finds_every_circle_and_its_shortest_path(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "g/__init__.py": "",
        "g/a.py": "import g.b\nimport g.c\n",
        "g/b.py": "import g.c\n",
        "g/c.py": "import g.a\n",
        "g/d.py": "from g import e\n",
        "g/e.py": "from g import d\n",
        "g/f.py": "import g.a\n",
    })
    found = circles(import_graph(root, "g"))
    assert [(mods, describe(c)) for mods, c in found] == [
        (["g.a", "g.b", "g.c"], "g.a -> g.c (line 2) -> g.a (line 1)"),
        (["g.d", "g.e"], "g.d -> g.e (line 1) -> g.d (line 1)")]
    assert not circles(within(import_graph(root, "g"), "g.b"))


def test_the_layer_checks_find_the_shell_importing_a_game_and_games_each_other(
        tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "g/__init__.py": "",
        "g/__main__.py": "import g.one.scene\nimport g.shell.app\n",
        "g/shell/__init__.py": "",
        "g/shell/app.py": "import os\nfrom g.one.scene import Scene\n",
        "g/one/__init__.py": "",
        "g/one/scene.py": "from g.shell import app\nfrom g.two import board\n",
        "g/two/__init__.py": "",
        "g/two/board.py": "from g.shell.app import App\n",
        "g/assets/readme.txt": "",
    })
    assert games(root, "g") == ["g.one", "g.two"]
    assert [str(e) for e in shell_imports_of_games(root, "g")] == [
        "g.shell.app -> g.one.scene (line 2)"]
    assert [str(e) for e in imports_between_games(root, "g")] == [
        "g.one.scene -> g.two.board (line 2)"]
