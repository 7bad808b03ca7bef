"""Hints attached to learner errors whose JAX message names the slip
(tutor/worker/tracebacks.py)."""

import pytest

from tutor.worker.tracebacks import hint_for


def test_jnp_where_given_a_tuple_points_to_tree_map():
    jnp = pytest.importorskip("jax.numpy")
    with pytest.raises(TypeError) as e:
        jnp.where(True, (jnp.zeros(2), jnp.ones(2)), (jnp.ones(2), jnp.zeros(2)))
    hint = hint_for(e.value)
    assert hint is not None and "jax.tree.map" in hint
