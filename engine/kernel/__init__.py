"""The game-neutral kernel: decisions and choices, events, frames, the RNG and bots.

Nothing here imports a game: a game (An Age Contrived lives in `engine.aac`) builds on these
pieces, and `tests/test_kernel_alone.py` plays a tiny game of its own with the kernel alone.
"""
