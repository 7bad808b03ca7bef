"""jaxtutor: an offline terminal tutor for JAX. The engine modules never import jax; workers do."""

__version__ = "0.1.0"
