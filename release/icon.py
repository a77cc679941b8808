"""The application icon: the castle (assets/aac/icons/castle.svg) on a rounded gold-edged tile,
rendered with pygame at every size a platform asks for, and written as PNG, as a Windows
.ico and as a macOS .icns without any other library (both formats can hold PNG images)."""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "assets" / "aac" / "icons" / "castle.svg"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# .icns entry types holding PNG data, with their pixel sizes (ic11-ic14 are the @2x ones)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic09", 512), (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256),
              (b"ic14", 512))


def render(size: int) -> pygame.Surface:
    """The icon at `size` pixels, drawn at that size (crisp, never scaled down)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = round(size * 48 / 256)
    pygame.draw.rect(surf, (64, 48, 36), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, (222, 170, 60), surf.get_rect(), width=max(1, round(size / 25.6)),
                     border_radius=radius)
    art_px = max(8, round(size * 196 / 256))
    art = pygame.image.load_sized_svg(str(SVG), (art_px, art_px))
    surf.blit(art, art.get_rect(center=(size // 2, size // 2 + round(size * 4 / 256))))
    return surf


class Pictures:
    """PNG files of the icon by size, each rendered once."""

    def __init__(self) -> None:
        self._png: dict[int, bytes] = {}

    def png(self, size: int) -> bytes:
        if size not in self._png:
            buf = io.BytesIO()
            pygame.image.save(render(size), buf, "icon.png")
            self._png[size] = buf.getvalue()
        return self._png[size]


def ico(pics: Pictures, sizes: tuple[int, ...] = ICO_SIZES) -> bytes:
    """A Windows .ico: a directory of PNG images (Windows Vista and later read them)."""
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(head) + 16 * len(sizes)
    entries, blobs = [], []
    for size in sizes:
        data = pics.png(size)
        side = 0 if size >= 256 else size  # 0 stands for 256
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return head + b"".join(entries) + b"".join(blobs)


def icns(pics: Pictures) -> bytes:
    """A macOS .icns: PNG images in typed chunks after an "icns" header."""
    chunks = b"".join(kind + struct.pack(">I", 8 + len(pics.png(size))) + pics.png(size)
                      for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def write_all(out_dir: Path, name: str) -> tuple[Path, Path, Path]:
    """`name`.png (256 px), `name`.ico and `name`.icns in `out_dir`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    pics = Pictures()
    png, ico_path, icns_path = (out_dir / f"{name}{ext}" for ext in (".png", ".ico", ".icns"))
    png.write_bytes(pics.png(256))
    ico_path.write_bytes(ico(pics))
    icns_path.write_bytes(icns(pics))
    return png, ico_path, icns_path
