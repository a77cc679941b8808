"""Reading the player's own files (saves, autosaves, side files, settings, previews) so that
nothing in those folders can hang or exhaust the game.

- Only regular files are read: a pipe (FIFO), a device, a socket or a folder is refused, and
  a link is followed and its target checked the same way.
- A file is opened without blocking (O_NONBLOCK, so even a pipe swapped in after a check
  cannot stall the open) and checked again on the open descriptor (fstat) before a byte is
  read.
- A read is bounded by the bytes actually read, never by the size the file reports: at most
  `limit + 1` bytes are read, and one more than `limit` refuses the file (a link to
  /dev/zero or a file still growing cannot fill memory).
- A folder that cannot be listed is reported, never fatal.

Every refusal is an `Unreadable` whose `why` is the end of a plain sentence ("it is a pipe,
not a file"), for the caller to put in its own sentence. Game-neutral: the kernel's save
loader and every game's listing and front end read through here.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_NOT_FOUND = (errno.ENOENT, errno.ENOTDIR)
_CHUNK = 1 << 16


class Unreadable(Exception):
    """A file or folder the game will not (or cannot) read. `why` ends a plain sentence:
    "The save file cannot be read ({why})."; `missing` when there is nothing there;
    `too_large` when it holds more than the reader's limit."""

    def __init__(self, why: str, *, missing: bool = False, too_large: bool = False) -> None:
        super().__init__(why)
        self.why = why
        self.missing = missing
        self.too_large = too_large


def size_text(n: int) -> str:
    """A byte count in plain words: "8 MB", "64 KB", "300 bytes"."""
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return f"{n >> 20} MB"
    if n >= 1 << 10 and n % (1 << 10) == 0:
        return f"{n >> 10} KB"
    return f"{n} bytes"


def kind_words(mode: int) -> str:
    """What a file that is not a regular file is, as the end of a sentence."""
    if stat.S_ISDIR(mode):
        return "it is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "it is a pipe, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "it is a device, not a file"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a file"
    return "it is not an ordinary file"


def os_words(exc: OSError, verb: str = "read") -> str:
    """Why the system refused to `verb` a file, in plain words (no Python text)."""
    code = exc.errno
    if code in _NOT_FOUND:
        return "it does not exist"
    if code in (errno.EACCES, errno.EPERM):
        return "permission is denied"
    if code == errno.ELOOP:
        return "it is a link that leads round in a loop"
    if code == errno.EISDIR:
        return "it is a folder, not a file"
    if code == errno.ENAMETOOLONG:
        return "its name is too long"
    if code == errno.EIO:
        return f"the disk could not {verb} it"
    if code in (errno.EAGAIN, errno.EWOULDBLOCK):
        return f"it is not ready to {verb}"
    if code in (errno.EMFILE, errno.ENFILE, errno.ENOMEM):
        return "the system has no room to open it"
    text = (exc.strerror or "").strip().rstrip(".").lower()
    refused = f"the system refused to {verb} it"
    return f"{refused} ({text})" if text else refused


def _refusal(exc: OSError) -> Unreadable:
    return Unreadable(os_words(exc), missing=exc.errno in _NOT_FOUND)


def read_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file holding at most `limit` of them; Unreadable otherwise."""
    try:
        before = os.stat(path)  # a device is never opened: opening one can have effects
    except OSError as exc:
        raise _refusal(exc) from exc
    except ValueError as exc:  # a name with a NUL byte in it
        raise Unreadable("its name cannot be used") from exc
    if not stat.S_ISREG(before.st_mode):
        raise Unreadable(kind_words(before.st_mode))
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise _refusal(exc) from exc
    try:
        st = os.fstat(fd)  # what was opened, which may not be what was checked
        if not stat.S_ISREG(st.st_mode):
            raise Unreadable(kind_words(st.st_mode))
        if st.st_size > limit:  # a size that says "too large" is believed; a small one is not
            raise Unreadable(f"it is larger than {size_text(limit)}", too_large=True)
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise Unreadable(f"it is larger than {size_text(limit)}", too_large=True)
        return b"".join(chunks)
    except OSError as exc:
        raise _refusal(exc) from exc
    finally:
        os.close(fd)


def read_text(path: str | os.PathLike[str], limit: int) -> str:
    """A regular file's UTF-8 text (at most `limit` bytes); Unreadable otherwise."""
    raw = read_bytes(path, limit)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Unreadable("it is not text") from exc


def is_file(path: str | os.PathLike[str]) -> bool:
    """Is there a regular file here (a link followed)? Never raises."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def is_folder(path: str | os.PathLike[str]) -> bool:
    """Is there a folder here (a link followed)? Never raises."""
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def exists(path: str | os.PathLike[str]) -> bool:
    """Is there anything at all here (a link that leads nowhere counts)? Never raises."""
    try:
        os.lstat(path)
    except (OSError, ValueError):
        return False
    return True


def entries(folder: Path) -> list[Path]:
    """A folder's entries, sorted by name; [] when the folder does not exist, Unreadable
    when it cannot be listed (no permission, not a folder...)."""
    try:
        names = os.listdir(folder)
    except OSError as exc:
        if exc.errno == errno.ENOENT:
            return []
        if exc.errno == errno.ENOTDIR:
            raise Unreadable("it is a file, not a folder") from exc
        raise _refusal(exc) from exc
    except ValueError as exc:
        raise Unreadable("its name cannot be used") from exc
    return [folder / n for n in sorted(names)]
