"""The shell's scenes: title menu, load screen, settings, confirmations."""
