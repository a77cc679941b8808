"""`make package`: the built game zipped as the download, with its SHA-256 beside it.

    dist/AnAgeContrived-<version>-<os>-<arch>.zip         the folder (Linux, Windows) or the
                                                          .app (macOS)
    dist/AnAgeContrived-<version>-<os>-<arch>.zip.sha256  "<hex>  <file name>" (sha256sum -c)

macOS zips the .app with `ditto` (Apple's archiver: it keeps the bundle's symbolic links,
extended attributes and so its signature); elsewhere Python's zipfile stores each file with
its Unix permissions (the executable stays executable) and symbolic links as links.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import stat
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "AnAgeContrived"


def project_version(root: Path = ROOT) -> str:
    with open(root / "pyproject.toml", "rb") as fh:
        return str(tomllib.load(fh)["project"]["version"])


def platform_tag(system: str | None = None, machine: str | None = None) -> str:
    """"linux-x86_64", "windows-x86_64", "macos-arm64", "macos-x86_64"..."""
    system = (system or sys.platform).lower()
    machine = (machine or platform.machine()).lower()
    os_name = ("windows" if system.startswith(("win", "cygwin", "msys")) else
               "macos" if system.startswith("darwin") else
               "linux" if system.startswith("linux") else system)
    arch = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return f"{os_name}-{arch}"


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def zip_folder(folder: Path, out: Path) -> None:
    """`folder` as `out`, every path under the folder's own name."""
    base = folder.parent
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for dirpath, dirnames, filenames in os.walk(folder):
            dirnames.sort()
            here = Path(dirpath)
            for name in sorted(filenames) + [d for d in dirnames if (here / d).is_symlink()]:
                path = here / name
                arc = path.relative_to(base).as_posix()
                st = path.lstat()
                if stat.S_ISLNK(st.st_mode):
                    info = zipfile.ZipInfo(arc)
                    info.create_system = 3  # Unix: the mode below says "symbolic link"
                    info.external_attr = (stat.S_IFLNK | 0o777) << 16
                    zf.writestr(info, os.readlink(path))
                else:
                    info = zipfile.ZipInfo.from_file(path, arc)
                    info.compress_type = zipfile.ZIP_DEFLATED
                    with open(path, "rb") as fh:
                        zf.writestr(info, fh.read(), zipfile.ZIP_DEFLATED, 9)


def built(dist: Path, system: str | None = None) -> Path:
    """What is shipped: the .app on macOS, else the one-folder bundle."""
    system = system or sys.platform
    target = dist / (f"{NAME}.app" if system == "darwin" else NAME)
    if not target.is_dir():
        raise SystemExit(f"package: {target} does not exist; run `make dist` first")
    return target


def package(dist: Path, version: str, tag: str, system: str | None = None) -> tuple[Path, Path]:
    system = system or sys.platform
    target = built(dist, system)
    out = dist / f"{NAME}-{version}-{tag}.zip"
    out.unlink(missing_ok=True)
    if system == "darwin":
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(target),
                        str(out)], check=True)
    else:
        zip_folder(target, out)
    sums = out.with_name(out.name + ".sha256")
    sums.write_text(f"{sha256(out)}  {out.name}\n", encoding="utf-8")
    return out, sums


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m release.package", description=__doc__)
    p.add_argument("--dist", type=Path, default=ROOT / "dist")
    a = p.parse_args(argv)
    out, sums = package(a.dist, project_version(), platform_tag())
    size = out.stat().st_size / 2**20
    print(f"package: {out.name} ({size:.1f} MiB), SHA-256 {sums.read_text().split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
