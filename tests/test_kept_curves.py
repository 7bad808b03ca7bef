"""7.4's replay finds a kept loss curve however the learner kept it: an array, or the list of
floats (or 0-d arrays) a Python loop appends (the replay also asks that it start at a kept start's
loss); other kept values are not curves
(checks/_ch7_kept_start.py). A curve kept as a list was missed, and the replay check told the
learner that no loss curve was kept."""

import sys
import types
from pathlib import Path

import numpy as np

CHECKS = Path(__file__).resolve().parents[1] / "checks"


def test_a_loss_curve_kept_as_a_list_is_found_like_an_array():
    import jax.numpy as jnp

    sys.path.insert(0, str(CHECKS))
    try:
        from _ch7_kept_start import kept_curves
    finally:
        sys.path.remove(str(CHECKS))
    ns = {
        "as_array": jnp.linspace(1.0, 0.1, 150),
        "as_floats": [1.0 - 0.005 * k for k in range(150)],
        "as_scalars": [jnp.float32(1.0 - 0.005 * k) for k in range(150)],
        "counts": list(range(150)),
        "one_loss": [0.5],
        "labels": np.arange(150),
    }
    learner = types.SimpleNamespace(ns=ns)
    found = dict(kept_curves(learner, lists=True))
    assert set(found) == {"as_array", "as_floats", "as_scalars"}
    # elsewhere only arrays count: the chapter context keeps lists of floats of its own
    assert set(dict(kept_curves(learner))) == {"as_array"}
    assert found["as_floats"].dtype == np.float64 and found["as_floats"].shape == (150,)
    np.testing.assert_allclose(found["as_scalars"], found["as_floats"], rtol=1e-6)
