"""The parent side of a run: the runner, the worker processes it starts and their supervision (no
jax)."""
