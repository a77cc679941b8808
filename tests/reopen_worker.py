"""Reopen saves in this fresh interpreter (issue 27): the reader side of the reopen test.

    python -m tests.reopen_worker JOB.json RESULT.json

JOB: {"saves": [{"path", "exact", "stack", "pending", "name"}...], "resave_dir": DIR or null,
"play_on": N, "seed": S}. For each save: the verified load (engine.aac.persist.load_game);
each rule step of the reopened game must write and copy as its own kind (whatever this
process built before); with "exact", the reopened game's snapshot must be the file's, value
for value, type for type and key for key, its rule steps the writer's classes ("stack": their
kinds) and its pending decision the writer's ("pending": [seat, kind, choice ids]); the
reopened game's own save must be the same snapshot again. Then it plays on `play_on` random
decisions and, with a resave_dir, saves there (the next worker reopens those, exactly).
RESULT: one entry per save: {"name", "ok", "problem", "seconds"} and, for a re-save, the
entry for the next worker.
"""

from __future__ import annotations

import json
import random
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from engine.aac.game import Game
from engine.aac.persist.io import SaveError, dumps_save, load_game

# one exact text of plain data: key order and number types count (1, 1.0 and true differ)


def exact(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), allow_nan=False)


def pending_of(g: Game) -> list[Any] | None:
    d = g.pending
    return None if d is None else [d.seat, d.kind, [c.id for c in d.choices]]


def stack_kinds(g: Game) -> list[str]:
    return [type(f).kind for f in g.state.stack]


def reopen(item: dict[str, Any], resave_dir: Path | None, play_on: int, seed: int
           ) -> dict[str, Any]:
    path = Path(item["path"])
    name = item.get("name") or path.name
    out: dict[str, Any] = {"name": name, "ok": False, "problem": ""}
    try:
        g = load_game(path)
    except SaveError as exc:
        out["problem"] = f"refused: {exc}"
        return out
    problems: list[str] = []
    snap = g.snapshot()
    # whatever this process built before: each rule step writes (and copies as) its own kind
    written = [f.get("kind") for f in snap["stack"]]
    copied = [type(f).kind for f in g.state.clone().stack]
    if written != stack_kinds(g) or copied != stack_kinds(g):
        problems.append(f"rule steps {stack_kinds(g)} are written as {written} and copied as "
                        f"{copied}")
    if item.get("exact"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if exact(snap) != exact(doc["snapshot"]):
            diff = [k for k in set(snap) | set(doc["snapshot"])
                    if exact(snap.get(k)) != exact(doc["snapshot"].get(k))]
            problems.append(f"the reopened snapshot differs from the writer's in {sorted(diff)}")
        if item.get("stack") is not None and stack_kinds(g) != item["stack"]:
            problems.append(f"rule steps {stack_kinds(g)}, the writer had {item['stack']}")
        if "pending" in item and pending_of(g) != item["pending"]:
            problems.append(f"pending decision {str(pending_of(g))[:120]}, the writer had "
                            f"{str(item['pending'])[:120]}")
    again = json.loads(dumps_save(g))["snapshot"]
    if exact(again) != exact(snap):
        problems.append("the reopened game's own save differs from its snapshot")
    rng = random.Random(seed)
    played = 0
    while played < play_on and not g.is_over:
        d = g.pending
        assert d is not None
        g.choose(rng.choice(d.choices).id)
        played += 1
    if resave_dir is not None:
        target = resave_dir / f"next-{name.replace('/', '-')}"
        target.write_text(dumps_save(g, "issue 27 reopen test: the reopened game's save"),
                          encoding="utf-8")
        out["next"] = {"path": str(target), "name": f"next-{name}", "exact": True,
                       "stack": stack_kinds(g), "pending": pending_of(g)}
    out["problem"] = "; ".join(problems)
    out["ok"] = not problems
    return out


def run(job: dict[str, Any]) -> list[dict[str, Any]]:
    resave = Path(job["resave_dir"]) if job.get("resave_dir") else None
    if resave is not None:
        resave.mkdir(parents=True, exist_ok=True)
    results = []
    for i, item in enumerate(job["saves"]):
        t0 = time.perf_counter()
        try:
            res = reopen(item, resave, int(job.get("play_on", 0)), int(job.get("seed", 0)) + i)
        except Exception as exc:  # noqa: BLE001 - reported, with where it happened
            tb = traceback.format_exc(limit=-3).strip().splitlines()
            res = {"name": item.get("name") or item["path"], "ok": False,
                   "problem": f"crash: {type(exc).__name__}: {exc} | {' | '.join(tb[-3:])}"}
        res["seconds"] = round(time.perf_counter() - t0, 3)
        results.append(res)
    return results


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    job = json.loads(Path(args[0]).read_text(encoding="utf-8"))
    Path(args[1]).write_text(json.dumps(run(job)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
