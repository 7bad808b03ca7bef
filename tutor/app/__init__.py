"""The Textual app: one client of the engine. Nothing in here imports jax."""
