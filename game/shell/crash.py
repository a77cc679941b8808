"""A crash never vanishes: an unexpected exception in the front end keeps the game, writes a
report and says so in a plain window; the next start says what happened.

- `install()` (at start): standard output and error always exist, even in a windowed build
  where Python has none (`sys.stdout is None`), and the last lines written to them, the log's
  records and warnings are kept in a bounded ring (`RING`) for the report.
- `guarded(main)`: runs the program; an exception escaping it is handled by `crashed()`:
  1. the game in progress is kept: its state is saved to a scratch file and replayed with
     verification first, and only a state that passes is autosaved (the kept autosave of
     this turn is never overwritten by a damaged state); the autosave "Continue" resumes is
     named in the report;
  2. a report (version, OS, Python, the traceback, the scenes open, the last log lines and
     the autosave) is written to the per-user folder, `crashes/` under the data folder
     (platformdirs, or $AAC_HOME), keeping the newest `KEEP_REPORTS`;
  3. a plain window says what happened, where the report is, and that Continue resumes the
     game from its last autosave (headless, it is drawn once and not waited on);
  4. a marker makes the next start's title screen say that the game closed unexpectedly
     and that Continue resumes it (`take_notice()`).
- `watch(app)`: the App whose game is kept when a crash comes.

Only the standard library and the engine's save functions and folders are used here, so the
handler works when the rest of the front end does not. The window (game.crash_window, pygame)
is imported only when a crash is shown: the entry point imports this module before `--smoke`
chooses SDL's drivers.
"""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import platform
import sys
import threading
import time
import traceback
import warnings
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from engine.kernel import saves
from engine.version import describe as version_text
from game.shell.crash_report import Report, Resume
from game.shell.dirs import data_root
from game.shell.saves import continue_save

RING_LINES = 300  # the last lines of output and log records a report carries
KEEP_REPORTS = 20
MARKER = "last-crash.json"  # read (and removed) by the next start
RING: deque[str] = deque(maxlen=RING_LINES)
_RING_LOCK = threading.Lock()
_APP: Any = None


def remember(line: str) -> None:
    """One line into the ring, with the time."""
    with _RING_LOCK:
        RING.append(time.strftime("%H:%M:%S ") + line.rstrip("\n"))


def recent_lines() -> list[str]:
    with _RING_LOCK:
        return list(RING)


# --- output that always exists ---------------------------------------------------------------
class RingStream(io.TextIOBase):
    """Standard output or error: each complete line goes to the ring, and on to the real
    stream when there is one (a windowed build has none; a closed console is ignored)."""

    def __init__(self, stream: TextIO | None, name: str) -> None:
        super().__init__()
        self.stream = stream
        self.name = name
        self._part = ""

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.stream, "errors", None)

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        with contextlib.suppress(Exception):
            return bool(self.stream is not None and self.stream.isatty())
        return False

    def fileno(self) -> int:
        if self.stream is None:
            raise io.UnsupportedOperation("no file descriptor: this program has no console")
        return self.stream.fileno()

    def write(self, s: str) -> int:
        text = self._part + s
        *lines, self._part = text.split("\n")
        for ln in lines:
            if ln.strip():
                remember(f"[{self.name}] {ln}")
        if len(self._part) > 4000:  # a line with no end yet: keep it bounded
            remember(f"[{self.name}] {self._part}")
            self._part = ""
        if self.stream is not None:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                self.stream.write(s)
        return len(s)

    def flush(self) -> None:
        if self.stream is not None:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                self.stream.flush()


class RingHandler(logging.Handler):
    """Every log record (and warning) into the ring."""

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(Exception):
            remember(f"[{record.levelname.lower()}] {record.name}: {record.getMessage()}")


_installed: dict[str, Any] = {}


def install() -> None:
    """Make standard output and error safe and remembered; route the log and warnings into
    the ring; remember an exception that ends a thread. Undone by `uninstall()`."""
    if _installed:
        return
    _installed.update(stdout=sys.stdout, stderr=sys.stderr, hook=threading.excepthook)
    sys.stdout = RingStream(sys.stdout, "out")
    sys.stderr = RingStream(sys.stderr, "err")
    handler = RingHandler(logging.INFO)
    logging.getLogger().addHandler(handler)
    if logging.getLogger().level > logging.INFO:
        _installed["level"] = logging.getLogger().level
        logging.getLogger().setLevel(logging.INFO)
    _installed["handler"] = handler
    logging.captureWarnings(True)
    warnings.simplefilter("default")

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        name = args.thread.name if args.thread is not None else "a thread"
        remember(f"[thread] {name} stopped: "
                 + "".join(traceback.format_exception_only(args.exc_type, args.exc_value))
                 .strip())
        _installed["hook"](args)

    threading.excepthook = thread_hook


def uninstall() -> None:
    if not _installed:
        return
    sys.stdout, sys.stderr = _installed["stdout"], _installed["stderr"]
    threading.excepthook = _installed["hook"]
    logging.getLogger().removeHandler(_installed["handler"])
    if "level" in _installed:
        logging.getLogger().setLevel(_installed["level"])
    logging.captureWarnings(False)
    _installed.clear()


def watch(app: Any) -> None:
    """The App whose game a crash keeps (the entry point calls it once the window is up)."""
    global _APP
    _APP = app


# --- keeping the game ------------------------------------------------------------------------
def crash_dir() -> Path:
    return data_root() / "crashes"


def _table(app: Any) -> Any:
    """The table scene on the app's stack (its game, even under a pause menu), or None."""
    stack = getattr(getattr(app, "scenes", None), "stack", None) or []
    for scene in reversed(stack):
        session = getattr(scene, "session", None)
        if session is not None and hasattr(session, "game") and hasattr(session, "keep"):
            return scene
    return None


def keep_game(app: Any) -> Resume:
    """Autosave the game being played if its state passes a verified replay; then name the
    save Continue will resume."""
    kept = "No game was in progress."
    table = _table(app)
    session = getattr(table, "session", None)
    if session is not None and not session.game.is_over:
        if not getattr(session, "autosaving", False):
            kept = "The game on the table is not autosaved (a tutorial or a preview)."
        else:
            probe = crash_dir() / f"check-{os.getpid()}.json"
            try:
                saves.write(session.game, probe, note="crash check")
                saves.load(probe, session.game.definition, verify=True)
            except Exception as exc:
                kept = ("The game's last moves could not be checked "
                        f"({type(exc).__name__}); its autosave from before them is kept.")
            else:
                kept = ("The game was autosaved where it stopped." if session.keep() else
                        f"The game could not be autosaved ({session.problem}); its last "
                        "autosave is kept.")
            finally:
                with contextlib.suppress(OSError):
                    probe.unlink(missing_ok=True)
    try:
        info = continue_save()
    except Exception:
        info = None
    if info is None:
        return Resume(None, 0, kept)
    return Resume(info.path, info.turn, kept)


# --- the report ------------------------------------------------------------------------------
def _scenes(app: Any) -> str:
    stack = getattr(getattr(app, "scenes", None), "stack", None) or []
    return " > ".join(type(s).__name__ for s in stack) or "none"


def _libraries() -> str:
    parts = []
    for name in ("pygame", "pymunk", "pydantic"):
        mod = sys.modules.get(name)
        if mod is not None:
            parts.append(f"{name} {getattr(mod, 'version', getattr(mod, '__version__', '?'))}"
                         .replace("<module", "").strip())
    pg = sys.modules.get("pygame")
    with contextlib.suppress(Exception):
        if pg is not None:
            parts.append("SDL " + ".".join(map(str, pg.get_sdl_version())))
    return ", ".join(parts) or "not loaded"


def summary_of(exc: BaseException) -> str:
    text = "".join(traceback.format_exception_only(type(exc), exc)).strip().splitlines()
    line = text[-1] if text else type(exc).__name__
    return line if len(line) <= 300 else line[:297] + "..."


def report_text(exc: BaseException, resume: Resume, app: Any = None,
                when: float | None = None) -> str:
    when = time.time() if when is None else when
    tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    lines = [
        "An Age Contrived: crash report",
        "",
        f"What happened: {summary_of(exc)}",
        f"When: {time.strftime('%Y-%m-%d %H:%M:%S %z', time.localtime(when))}",
        f"Version: {version_text()}",
        f"OS: {platform.platform()} ({platform.machine() or 'unknown machine'})",
        f"Python: {sys.version.split()[0]} ({platform.python_implementation()})",
        f"Libraries: {_libraries()}",
        f"Scenes open: {_scenes(app)}",
        f"The game: {resume.kept}",
        "Resume from: " + (f"{resume.path} (turn {resume.turn}); Continue on the title "
                           "screen resumes it" if resume.path else "no unfinished game"),
        "",
        "Traceback:",
        tb.rstrip(),
        "",
        f"Last log lines (up to {RING_LINES}):",
        *(recent_lines() or ["(none)"]),
        "",
    ]
    return "\n".join(lines)


def _prune(folder: Path, keep: int) -> None:
    with contextlib.suppress(OSError):
        old = sorted(folder.glob("crash-*.txt"))[:-keep]
        for p in old:
            p.unlink(missing_ok=True)


def write_report(exc: BaseException, app: Any = None) -> Report:
    """Keep the game, write the report and the marker for the next start."""
    try:
        resume = keep_game(app)
    except Exception as keep_exc:  # the report must be written whatever happens here
        resume = Resume(None, 0, f"The game could not be kept ({summary_of(keep_exc)}).")
    now = time.time()
    text = report_text(exc, resume, app, now)
    folder = crash_dir()
    path: Path | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
        path = folder / f"crash-{stamp}-{os.getpid()}.txt"
        path.write_text(text, encoding="utf-8")
        marker = {"report": str(path), "when": now, "summary": summary_of(exc),
                  "resume": str(resume.path) if resume.path else None, "turn": resume.turn}
        (folder / MARKER).write_text(json.dumps(marker), encoding="utf-8")
        _prune(folder, KEEP_REPORTS)
    except OSError:
        path = None
    return Report(path, summary_of(exc), resume, text)


def take_notice() -> str:
    """The title screen's line after a crash ("" if the last run ended normally); the
    marker is removed, so it is said once."""
    marker = crash_dir() / MARKER
    try:
        raw = json.loads(marker.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return ""
    except (OSError, ValueError):
        raw = {}
    with contextlib.suppress(OSError):
        marker.unlink()
    if not isinstance(raw, dict):
        raw = {}
    report = Path(str(raw.get("report") or ""))
    where = f" Its report is in {report.parent}." if raw.get("report") else ""
    if raw.get("resume"):
        return ("The game closed unexpectedly last time; Continue resumes your game from its "
                f"last autosave.{where}")
    return f"The game closed unexpectedly last time.{where}"


# --- the crash ---------------------------------------------------------------------------------
def _close_app(app: Any) -> None:
    worker = getattr(app, "bot_worker", None)
    if worker is not None:
        with contextlib.suppress(Exception):
            worker.stop()


def crashed(exc: BaseException, app: Any = None, show: bool = True) -> Report:
    """Everything a crash does: keep the game, the report, the window."""
    app = app if app is not None else _APP
    remember(f"[crash] {summary_of(exc)}")
    report = write_report(exc, app)
    with contextlib.suppress(Exception):  # a console, if there is one, sees it too
        print(f"An Age Contrived stopped: {report.summary}"
              + (f" (report: {report.path})" if report.path else ""), file=sys.stderr)
    _close_app(app)
    if show:
        from game.shell.crash_window import show as show_window  # pygame only now (see above)

        show_window(report)
    return report  # pygame is left as it is: the process ends next (pygame.quit at exit)


def guarded(main: Callable[[], int], show: bool = True) -> int:
    """Run `main` (the entry point): its exit code, or 1 after a crash was handled."""
    install()
    try:
        return main()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        crashed(exc, show=show)
        return 1
    finally:
        global _APP
        _APP = None
