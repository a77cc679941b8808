"""Entry point: ``python -m game`` (also the PyInstaller entry script)."""

from engine.cli import main

raise SystemExit(main(["play"]))
