"""The release helpers (release/, issue 32): the icons in the Windows and macOS formats, the
Windows version resource and DPI-aware manifest, the zipped download and its SHA-256, the
release notes from CHANGELOG.md and the Linux desktop entry."""

from __future__ import annotations

import ast
import hashlib
import os
import stat
import struct
import sys
import zipfile
from pathlib import Path
from xml.dom import minidom

import pytest

from engine.version import version
from game.shell import desktop_entry
from release import icon, notes, package, windows

ROOT = Path(__file__).resolve().parents[1]
PNG = b"\x89PNG\r\n\x1a\n"


def test_version_has_one_source():
    assert version() == package.project_version()
    text = (ROOT / "engine" / "version.py").read_text(encoding="utf-8")
    assert "pyproject.toml" in text and "VERSION" in text


def test_ico_holds_every_size_as_png(tmp_path):
    png, ico, icns = icon.write_all(tmp_path, "Game")
    assert png.read_bytes().startswith(PNG)
    data = ico.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(icon.ICO_SIZES))
    for i, size in enumerate(icon.ICO_SIZES):
        w, h, _, _, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (w, h) == ((0, 0) if size == 256 else (size, size))
        assert (planes, bpp) == (1, 32)
        assert data[offset:offset + len(PNG)] == PNG and offset + length <= len(data)
    # .icns: the header's length is the file's, and every chunk is a PNG of its type
    raw = icns.read_bytes()
    assert raw[:4] == b"icns" and struct.unpack(">I", raw[4:8])[0] == len(raw)
    pos, kinds = 8, []
    while pos < len(raw):
        kind, length = raw[pos:pos + 4], struct.unpack(">I", raw[pos + 4:pos + 8])[0]
        assert raw[pos + 8:pos + 8 + len(PNG)] == PNG
        kinds.append(kind)
        pos += length
    assert pos == len(raw) and kinds == [k for k, _ in icon.ICNS_TYPES]


def test_windows_version_resource_reads_pyproject_version(tmp_path):
    assert windows.numbers("0.1.0") == (0, 1, 0, 0)
    assert windows.numbers("1.2.3rc4") == (1, 2, 3, 4)
    path = windows.write_version_file("2.5.1", tmp_path / "v.txt")
    text = path.read_text(encoding="utf-8")
    # PyInstaller reads the file as a Python expression of its versioninfo classes
    seen: dict[str, object] = {}

    def record(name):
        def make(*args, **kwargs):
            seen.setdefault(name, []).append((args, kwargs))  # type: ignore[union-attr]
            return name
        return make

    names = ["VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable",
             "StringStruct", "VarFileInfo", "VarStruct"]
    eval(compile(ast.parse(text, mode="eval"), "v.txt", "eval"),  # noqa: S307
         {n: record(n) for n in names})
    ffi = seen["FixedFileInfo"][0][1]  # type: ignore[index]
    assert ffi["filevers"] == ffi["prodvers"] == (2, 5, 1, 0)
    strings = {a[0]: a[1] for a, _ in seen["StringStruct"]}  # type: ignore[union-attr]
    assert strings["FileVersion"] == strings["ProductVersion"] == "2.5.1"
    assert strings["ProductName"] == "An Age Contrived"
    assert strings["OriginalFilename"] == "AnAgeContrived.exe"


def test_windows_manifest_asks_for_per_monitor_dpi_awareness():
    dom = minidom.parseString(windows.MANIFEST.encode("utf-8"))
    aware = dom.getElementsByTagName("dpiAwareness")[0].firstChild.data  # type: ignore[union-attr]
    assert aware.split(", ")[0] == "PerMonitorV2"
    assert dom.getElementsByTagName("dpiAware")[0].firstChild.data == "true/pm"  # type: ignore
    level = dom.getElementsByTagName("requestedExecutionLevel")[0]
    assert level.getAttribute("level") == "asInvoker"
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert "manifest=MANIFEST" in spec and "version=version_info" in spec
    assert "console=False" in spec and "NSHighResolutionCapable" in spec
    assert 'bundle_identifier="org.anagecontrived.game"' in spec


@pytest.mark.parametrize(("system", "machine", "tag"), [
    ("linux", "x86_64", "linux-x86_64"), ("win32", "AMD64", "windows-x86_64"),
    ("darwin", "arm64", "macos-arm64"), ("darwin", "x86_64", "macos-x86_64"),
    ("linux", "aarch64", "linux-arm64")])
def test_platform_tags(system, machine, tag):
    assert package.platform_tag(system, machine) == tag


@pytest.mark.skipif(sys.platform == "win32", reason="Unix modes and symbolic links")
def test_the_zip_keeps_the_executable_bit_and_links_and_its_sum_checks(tmp_path):
    dist = tmp_path / "dist"
    folder = dist / package.NAME
    (folder / "_internal").mkdir(parents=True)
    exe = folder / package.NAME
    exe.write_bytes(b"\x7fELF game")
    exe.chmod(0o755)
    (folder / "_internal" / "libfoo.so.1").write_bytes(b"lib")
    os.symlink("libfoo.so.1", folder / "_internal" / "libfoo.so")
    out, sums = package.package(dist, "9.8.7", "linux-x86_64", "linux")
    assert out.name == "AnAgeContrived-9.8.7-linux-x86_64.zip"
    digest, name = sums.read_text(encoding="utf-8").split()
    assert name == out.name and digest == hashlib.sha256(out.read_bytes()).hexdigest()
    with zipfile.ZipFile(out) as zf:
        infos = {i.filename: i for i in zf.infolist()}
        assert set(infos) == {"AnAgeContrived/AnAgeContrived",
                              "AnAgeContrived/_internal/libfoo.so.1",
                              "AnAgeContrived/_internal/libfoo.so"}
        mode = infos["AnAgeContrived/AnAgeContrived"].external_attr >> 16
        assert mode & 0o111 and stat.S_ISREG(mode)
        link = infos["AnAgeContrived/_internal/libfoo.so"]
        assert stat.S_ISLNK(link.external_attr >> 16)
        assert zf.read(link) == b"libfoo.so.1"


def test_package_says_when_nothing_was_built(tmp_path):
    with pytest.raises(SystemExit, match="make dist"):
        package.package(tmp_path, "1.0.0", "linux-x86_64", "linux")


CHANGELOG = """# Changelog

## [Unreleased]

### Added
- Something new.

## [1.2.0] - 2026-01-02

### Fixed
- A bug.

## [1.1.0] - 2025-12-01

- Older.

[Unreleased]: https://example.org/compare/v1.2.0...HEAD
[1.2.0]: https://example.org/compare/v1.1.0...v1.2.0
"""


def test_release_notes_come_from_the_changelog_and_the_tag_must_be_the_version(tmp_path):
    log = tmp_path / "CHANGELOG.md"
    log.write_text(CHANGELOG, encoding="utf-8")
    found = notes.sections(CHANGELOG)
    assert list(found) == ["Unreleased", "1.2.0", "1.1.0"]
    assert notes.notes("v1.2.0", log, "1.2.0") == "### Fixed\n- A bug.\n"
    assert notes.notes("", log, "1.1.0") == "- Older.\n"  # no link lines in a body
    with pytest.raises(SystemExit, match="not v1.2.0"):
        notes.notes("v1.3.0", log, "1.2.0")
    with pytest.raises(SystemExit, match="no section for 2.0.0"):
        notes.notes("v2.0.0", log, "2.0.0")


def test_the_real_changelog_has_the_current_version_and_an_unreleased_section():
    found = notes.sections((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    assert "Unreleased" in found and version() in found
    assert len(found[version()].splitlines()) >= 10


def test_the_desktop_entry_points_at_the_unpacked_folder(tmp_path, monkeypatch):
    folder = tmp_path / "My Games" / "AnAgeContrived"
    folder.mkdir(parents=True)
    (folder / "AnAgeContrived").write_bytes(b"exe")
    (folder / "AnAgeContrived.png").write_bytes(PNG)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    out = desktop_entry.install(folder)
    assert out == tmp_path / "share" / "applications" / "an-age-contrived.desktop"
    keys = dict(line.split("=", 1) for line in out.read_text(encoding="utf-8").splitlines()
                if "=" in line)
    assert keys["Exec"] == f'"{folder / "AnAgeContrived"}"'  # quoted: the path has a space
    assert keys["Icon"] == str(folder / "AnAgeContrived.png")
    assert keys["Name"] == "An Age Contrived" and keys["Type"] == "Application"
    assert keys["Categories"] == "Game;BoardGame;" and keys["Terminal"] == "false"
    with pytest.raises(FileNotFoundError):
        desktop_entry.install(tmp_path)
