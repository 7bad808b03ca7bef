"""The shared check that every field of a state the reference step advances is advanced by the
learner's step too, and equal to the reference's (checks/_state_fields.py, issue 34)."""

from pathlib import Path
from typing import NamedTuple

import numpy as np
import pytest

from tutor.worker.checklib import CheckFailed

CHECKS = Path(__file__).resolve().parent.parent / "checks"


@pytest.fixture
def sf(monkeypatch):
    monkeypatch.syspath_prepend(str(CHECKS))  # as the runner does for check modules
    import _state_fields

    return _state_fields


def trail(*states):
    return [{k: np.asarray(v) for k, v in s.items()} for s in states]


REF = trail(
    {".count": 0, ".mu": [0.0, 0.0], ".lr": 0.1},
    {".count": 1, ".mu": [0.5, 1.0], ".lr": 0.1},
    {".count": 2, ".mu": [0.75, 1.5], ".lr": 0.1},
)


def test_a_field_the_reference_advances_and_the_step_keeps_is_named_unchanged(sf):
    mine = trail(
        {".count": 0, ".mu": [0.0, 0.0], ".lr": 0.1},
        {".count": 0, ".mu": [0.5, 1.0], ".lr": 0.1},
        {".count": 0, ".mu": [0.75, 1.5], ".lr": 0.1},
    )
    assert sf.field_problem(mine, REF, rtol=1e-6, atol=0) == ("unchanged", 1, ".count")


def test_unchanged_is_named_before_the_values_it_makes_diverge(sf):
    mine = trail(
        {".count": 0, ".mu": [0.0, 0.0], ".lr": 0.1},
        {".count": 1, ".mu": [0.5, 1.0], ".lr": 0.1},
        {".count": 2, ".mu": [0.5, 1.0], ".lr": 0.1},  # momentum kept at step 2
    )
    assert sf.field_problem(mine, REF, rtol=1e-6, atol=0) == ("unchanged", 2, ".mu")
    wrong_count = [dict(s, **{".count": np.asarray(9 + i)}) for i, s in enumerate(mine)]
    assert sf.field_problem(wrong_count, REF, rtol=1e-6, atol=0) == ("unchanged", 2, ".mu")


def test_a_missing_field_and_a_diverged_one(sf):
    missing = [{k: v for k, v in s.items() if k != ".mu"} for s in REF]
    assert sf.field_problem(missing, REF, rtol=1e-6, atol=0) == ("missing", 1, ".mu")
    other = [dict(s, **{".mu": s[".mu"] * 2}) for s in REF]
    assert sf.field_problem(other, REF, rtol=1e-6, atol=0) == ("diverged", 1, ".mu")


def test_loose_fields_must_change_but_their_values_are_free(sf):
    other = [dict(s, **{".mu": s[".mu"] * 2}) for s in REF]
    assert sf.field_problem(other, REF, rtol=1e-6, atol=0, loose=(".mu",)) is None
    kept = [dict(s, **{".mu": REF[0][".mu"]}) for s in REF]
    assert sf.field_problem(kept, REF, rtol=1e-6, atol=0, loose=(".mu",)) == (
        "unchanged",
        1,
        ".mu",
    )


def test_fields_the_reference_keeps_are_not_judged(sf):
    changed_lr = [dict(s, **{".lr": np.asarray(0.1 * (i + 1))}) for i, s in enumerate(REF)]
    assert sf.field_problem(REF, REF, rtol=1e-6, atol=0) is None
    assert sf.field_problem(changed_lr, REF, rtol=1e-6, atol=0) is None


class Walker(NamedTuple):
    key: object
    pos: object
    step: object


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_step_that_reuses_its_key_is_told_the_key_by_path(sf, lang):
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")
    from tutor.words.catalog import set_lang

    set_lang(lang)

    def reference(s):
        key, sub = jax.random.split(s.key)
        return Walker(key, s.pos + jax.random.normal(sub, (2,)), s.step + 1)

    def reuses_key(s):
        return Walker(s.key, s.pos + jax.random.normal(s.key, (2,)), s.step + 1)

    def fresh():
        return Walker(jax.random.key(0), jnp.zeros(2), jnp.array(0, jnp.int32))

    sf.assert_fields_advance(reference, reference, fresh)
    with pytest.raises(CheckFailed) as e:
        sf.assert_fields_advance(reuses_key, reference, fresh, root="walker")
    assert "walker.key" in e.value.message and "1" in e.value.message
    assert e.value.detail is not None
