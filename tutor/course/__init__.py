"""The course model, loaded from lessons/ without executing anything (no jax)."""
