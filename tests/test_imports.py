"""No hidden import cycles: no module of `engine/` imports inside a function or a method
(an import there hides a cycle or a layering mistake; fix the layering instead). Imports under
`if TYPE_CHECKING:` at module level are fine. The allow-list below names the few dynamic
imports that are there on purpose, each with its reason."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "engine"

# (module path under engine/, function) -> why it imports at run time
ALLOWED: dict[tuple[str, str], str] = {
    ("__init__.py", "__getattr__"):
        "PEP 562: `from engine import new_game` loads An Age Contrived on first use, so that "
        "`import engine.kernel` alone imports nothing of the game (the kernel-alone test)",
}

DYNAMIC = {"import_module", "__import__"}


def _dynamic_import(node: ast.AST) -> bool:
    """importlib.import_module(...) / __import__(...)."""
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    return name in DYNAMIC


def function_imports(path: Path) -> list[tuple[str, int, str]]:
    """(function, line, what) for every import statement or dynamic import inside a function
    or method of the module."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[str, int, str]] = []

    def visit(node: ast.AST, func: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = func
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                inner = getattr(child, "name", "<lambda>")
            if func and (isinstance(child, ast.Import | ast.ImportFrom)
                         or _dynamic_import(child)):
                found.append((func, child.lineno, ast.unparse(child)))
            visit(child, inner)

    visit(tree, "")
    return found


def engine_modules() -> list[Path]:
    return sorted(p for p in ENGINE.rglob("*.py") if "__pycache__" not in p.parts)


def test_no_imports_inside_functions_in_engine() -> None:
    modules = engine_modules()
    assert len(modules) > 60
    bad = []
    used = set()
    for path in modules:
        rel = path.relative_to(ENGINE).as_posix()
        for func, line, what in function_imports(path):
            if (rel, func) in ALLOWED:
                used.add((rel, func))
                continue
            bad.append(f"engine/{rel}:{line} in {func}(): {what}")
    assert not bad, "imports inside functions (fix the layering instead):\n" + "\n".join(bad)
    # every allow-list entry is still needed (a stale entry would hide a new import)
    assert used == set(ALLOWED), f"stale allow-list entries: {sorted(set(ALLOWED) - used)}"


def test_the_scanner_finds_imports_inside_functions_and_methods(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text(
        "from typing import TYPE_CHECKING\n"
        "import os\n"
        "if TYPE_CHECKING:\n"
        "    from x import Y\n"
        "def f():\n"
        "    import json\n"
        "class C:\n"
        "    def g(self):\n"
        "        from a.b import c\n"
        "        def h():\n"
        "            return importlib.import_module('z')\n",
        encoding="utf-8")
    found = [(fn, line) for fn, line, _ in function_imports(src)]
    assert found == [("f", 6), ("g", 9), ("h", 11)]


def _module_name(path: Path) -> str:
    parts = ("engine", *path.relative_to(ENGINE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Engine module -> the engine modules it imports at module level (TYPE_CHECKING blocks
    left out; `from pkg import mod` counts as importing pkg.mod)."""
    modules = {_module_name(p): p for p in engine_modules()}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            for n in ast.walk(node):
                if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("engine"):
                    mod = str(n.module)
                    for alias in n.names:
                        sub = f"{mod}.{alias.name}"
                        graph[name].add(sub if sub in modules else mod)
                elif isinstance(n, ast.Import):
                    graph[name].update(a.name for a in n.names if a.name.startswith("engine."))
    return graph


def test_engine_modules_import_each_other_without_cycles() -> None:
    """Rule areas (and every other engine module) import downwards only: the module-level
    import graph has no cycle, so no import could be hidden inside a function to break one."""
    graph = import_graph()
    assert "engine.aac.rules.effects" in graph["engine.aac.rules.movement"]
    assert not graph["engine.aac.rules.effects"] & {
        m for m in graph if m.startswith("engine.aac.rules.") and m != "engine.aac.rules.effects"
    }, "the effect registry imports no rule area"
    state: dict[str, int] = {}
    path: list[str] = []
    cycles: list[list[str]] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if n not in graph:
                continue
            if state.get(n) == 1:
                cycles.append(path[path.index(n):] + [n])
            elif n not in state:
                visit(n)
        path.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


# --- the front end and the bench scripts -----------------------------------------------------

ROOT = ENGINE.parent

# (file under the repository, function) -> why it imports at run time (never to hide a cycle)
FRONT_ALLOWED: dict[tuple[str, str], str] = {
    ("game/__main__.py", "display_problem"):
        "the no-display check runs before pygame is loaded, so a machine without a screen gets "
        "one sentence instead of SDL's errors",
    ("game/__main__.py", "main"):
        "each command line path loads only what it runs (the engine CLI, the smoke, the "
        "headless screenshots and benches need no window; the window needs pygame)",
    ("game/shell/crash.py", "crashed"):
        "the crash window (pygame) loads only when a crash is shown: the entry point imports "
        "game.shell.crash before --smoke chooses SDL's drivers, and the handler must not depend on "
        "the drawing code that may have failed",
    ("game/shell/bot_worker.py", "_warm_up"):
        "the bots' worker process registers the games the app registered, by their modules' "
        "names (a plug-in list): the shell itself imports no game",
    ("game/shell/smoke.py", "_play"):
        "the bundle's smoke test reports the step that failed: loading pygame and the app "
        "is one of its steps",
}


def test_no_imports_inside_functions_in_the_front_end_and_benches() -> None:
    files = sorted(p for d in ("game", "bench", "docs") for p in (ROOT / d).rglob("*.py")
                   if "__pycache__" not in p.parts)
    assert len(files) > 40
    bad = []
    used = set()
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        for func, line, what in function_imports(path):
            if (rel, func) in FRONT_ALLOWED:
                used.add((rel, func))
                continue
            bad.append(f"{rel}:{line} in {func}(): {what}")
    assert not bad, "imports inside functions (fix the layering instead):\n" + "\n".join(bad)
    assert used == set(FRONT_ALLOWED), f"stale entries: {sorted(set(FRONT_ALLOWED) - used)}"
