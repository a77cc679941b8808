"""Build and release helpers (not part of the game): the application icons, the Windows
version resource and manifest, the Linux desktop entry, the zipped downloads with their
SHA-256 and the release notes. build.spec, the Makefile and the release workflow use them."""
