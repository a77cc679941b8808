"""What the Windows executable carries besides the game: a version resource made from
pyproject.toml's version (Explorer's Properties > Details, SmartScreen's prompt) and an
application manifest asking for per-monitor DPI awareness, so Windows does not stretch a
blurry bitmap of the window at 125 % or 150 % display scaling."""

from __future__ import annotations

import re
from pathlib import Path

TITLE = "An Age Contrived"
NAME = "AnAgeContrived"

# PyInstaller's own default manifest plus the DPI settings: <dpiAware> (Windows 8.1: per
# monitor) and <dpiAwareness> (Windows 10 1703 and later: per monitor, version 2). PyInstaller
# merges its execution level and Common Controls dependency into it.
MANIFEST = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <trustInfo xmlns="urn:schemas-microsoft-com:asm.v3">
    <security>
      <requestedPrivileges>
        <requestedExecutionLevel level="asInvoker" uiAccess="false"></requestedExecutionLevel>
      </requestedPrivileges>
    </security>
  </trustInfo>
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application>
      <supportedOS Id="{e2011457-1546-43c5-a5fe-008deee3d3f0}"></supportedOS>
      <supportedOS Id="{35138b9a-5d96-4fbd-8e2d-a2440225f93a}"></supportedOS>
      <supportedOS Id="{4a2f28e3-53b9-4441-ba9c-d69d4a4a6e38}"></supportedOS>
      <supportedOS Id="{1f676c76-80e1-4239-95bb-83d0f6d0da78}"></supportedOS>
      <supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"></supportedOS>
    </application>
  </compatibility>
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <dpiAware xmlns="http://schemas.microsoft.com/SMI/2005/WindowsSettings">true/pm</dpiAware>
      <dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">PerMonitorV2, PerMonitor</dpiAwareness>
      <longPathAware xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">true</longPathAware>
    </windowsSettings>
  </application>
</assembly>
"""  # noqa: E501


def numbers(version: str) -> tuple[int, int, int, int]:
    """"0.1.0" -> (0, 1, 0, 0); "1.2.0rc1" -> (1, 2, 0, 1): the resource's four numbers."""
    nums = [int(x) for x in re.findall(r"\d+", version)][:4]
    a, b, c, d = (nums + [0, 0, 0, 0])[:4]
    return a, b, c, d


def version_file_text(version: str) -> str:
    """The version resource in PyInstaller's version-file form (a Python expression of its
    versioninfo classes, read by EXE(version=path) on Windows)."""
    nums = numbers(version)
    strings = [("CompanyName", TITLE), ("ProductName", TITLE), ("FileDescription", TITLE),
               ("FileVersion", version), ("ProductVersion", version), ("InternalName", NAME),
               ("OriginalFilename", NAME + ".exe"),
               ("LegalCopyright", f"{TITLE} desktop edition")]
    table = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings)
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={nums!r},
    prodvers={nums!r},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [{table}])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def write_version_file(version: str, path: Path) -> Path:
    """The version resource's file for EXE(version=path)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(version_file_text(version), encoding="utf-8")
    return path
