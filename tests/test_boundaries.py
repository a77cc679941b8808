"""Issue 28: the shell imports no game, and a game's front end reads its engine through that
game's public API only (engine/<game>/api.py; the game-neutral kernel and engine.games, the
registry of installed engines, are open to every front end). Imports are read from the source
(ast), those inside `if TYPE_CHECKING:` and inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
ENGINE = ROOT / "engine"
ENGINE_GAMES = sorted(p.name for p in ENGINE.iterdir()
                      if p.is_dir() and p.name != "kernel" and (p / "definition.py").is_file())
FRONT_GAMES = sorted(p.name for p in GAME.iterdir()
                     if p.is_dir() and (p / "front.py").is_file())


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in a file, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pkg = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = pkg.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            out.append((node.lineno, base))
            out += [(node.lineno, f"{base}.{a.name}") for a in node.names]
    return out


def under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_there_are_games_on_both_sides() -> None:
    assert "aac" in ENGINE_GAMES and "aor" in ENGINE_GAMES
    assert "aac" in FRONT_GAMES
    assert all((ENGINE / g / "api.py").is_file() for g in ENGINE_GAMES)


@pytest.mark.parametrize("path", sorted((GAME / "shell").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(GAME)))
def test_the_shell_imports_no_game(path: Path) -> None:
    games = [f"engine.{g}" for g in ENGINE_GAMES] + [f"game.{g}" for g in FRONT_GAMES]
    games += ["game.games"]  # the list of installed front ends: the entry point's to import
    bad = [(line, m) for line, m in imports(path) if any(under(m, g) for g in games)]
    assert not bad, f"{path.relative_to(ROOT)} imports a game: {bad}"


@pytest.mark.parametrize("game", FRONT_GAMES)
def test_a_front_end_reads_its_engine_through_its_api_only(game: str) -> None:
    api = f"engine.{game}.api"
    bad = []
    for path in sorted((GAME / game).rglob("*.py")):
        for line, m in imports(path):
            if under(m, "engine") and not (
                    under(m, api) or under(m, "engine.kernel") or m in (
                        "engine", f"engine.{game}", "engine.games", "engine.version")
                    or under(m, "engine.version") or under(m, "engine.games")):
                bad.append(f"{path.relative_to(ROOT)}:{line} {m}")
            other = [g for g in FRONT_GAMES + ENGINE_GAMES if g != game]
            if any(under(m, f"game.{g}") or under(m, f"engine.{g}") for g in other):
                bad.append(f"{path.relative_to(ROOT)}:{line} {m} (another game)")
    assert not bad, "\n".join(bad)


def test_the_engine_never_imports_the_front_end() -> None:
    bad = [f"{p.relative_to(ROOT)}:{line} {m}" for p in sorted(ENGINE.rglob("*.py"))
           for line, m in imports(p) if under(m, "game") or under(m, "pygame")
           or under(m, "pymunk")]
    assert not bad, "\n".join(bad)


def test_the_kernel_imports_no_game() -> None:
    bad = [f"{p.relative_to(ROOT)}:{line} {m}" for p in sorted((ENGINE / "kernel").rglob("*.py"))
           for line, m in imports(p) if under(m, "engine") and not under(m, "engine.kernel")
           and m not in ("engine", "engine.version") and not under(m, "engine.version")]
    assert not bad, "\n".join(bad)
