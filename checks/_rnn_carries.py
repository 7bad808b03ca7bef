"""Exercise 6.7's shape diagnosis: the shapes that the scans of the learner's rnn_forward carry,
read from its program, so that a wrong output shape is blamed on h_0 only when h_0 is its cause."""

from __future__ import annotations

import _ch6 as H
from _rnn_ref import HID

from tutor.worker.checklib import scan_carry_shapes


def _carries(L, P, xs) -> list:
    import jax.numpy as jnp

    return scan_carry_shapes(L.rnn_forward, H.tree32(P), jnp.asarray(xs, jnp.float32))


def row_h0_carried(L, P, xs) -> bool:
    """A scan in rnn_forward carries an array of shape (1, 16): h_0 as a row."""
    return any((1, HID) in shapes for shapes in _carries(L, P, xs))


def h0_is_vector(L, P, xs) -> bool:
    """Every scan in rnn_forward carries exactly one array, of shape (16,)."""
    carries = _carries(L, P, xs)
    return bool(carries) and all(list(shapes) == [(HID,)] for shapes in carries)
