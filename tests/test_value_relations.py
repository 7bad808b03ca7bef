"""The simple relation a learner's differing values stand in to the expected ones
(tutor/worker/value_relations.py): found when it holds on every element within the comparison's
tolerances and enough elements show it, never on noise, a lone number (but for its sign), zeros
or values that are not finite; carried by `assert_close`'s detail (an AllClose, each failing leaf
of a Tree) only when no known mistake was named, and through the result document."""

from __future__ import annotations

import numpy as np
import pytest

from tutor.protocol import details as D
from tutor.words.catalog import say
from tutor.worker.checklib import CheckFailed, Mistake, assert_close
from tutor.worker.value_relations import find_relation

TOL = {"rtol": 1e-5, "atol": 1e-8}
E = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 7.0], [0.5, -2.0, 9.0]])  # not symmetric, no pattern
POS = np.abs(E)


def found(actual, expected=E, **tol):
    return find_relation(actual, expected, **(tol or TOL))


@pytest.mark.parametrize(
    ("actual", "kind", "fields"),
    [
        (-E, "sign", {"factor": -1.0}),
        (4 * E, "factor", {"factor": 4.0}),
        (E / 4, "factor", {"factor": 0.25}),
        (E * 0.8734, "factor", {"factor": 0.8734}),
        (E + 0.5, "offset", {"offset": 0.5}),
        (E - 3.0, "offset", {"offset": -3.0}),
        (E * E, "square", {}),
        (E.T, "swapped", {"axes": [0, 1]}),
        (E[::-1], "reversed", {"axes": [0]}),
        (E[:, ::-1], "reversed", {"axes": [1]}),
        (np.concatenate([E[1:], [[99.0, 98.0, 97.0]]]), "shifted", {"axes": [0], "step": 1}),
        (np.concatenate([[[99.0, 98.0, 97.0]], E[:-1]]), "shifted", {"axes": [0], "step": -1}),
        (np.concatenate([E[:, 1:], [[0.0]] * 3], axis=1), "shifted", {"axes": [1], "step": 1}),
    ],
    ids=lambda x: x if isinstance(x, str) else None,
)
def test_each_relation_is_found_with_its_numbers(actual, kind, fields):
    relation = found(actual)
    assert relation is not None and relation.kind == kind, relation
    for name, value in fields.items():
        assert getattr(relation, name) == pytest.approx(value), relation
    assert relation.text


def test_the_square_root_needs_non_negative_expected_values():
    assert found(np.sqrt(POS), POS).kind == "sqrt"
    assert found(np.sqrt(POS), E) is None  # the expected −2 has no real root: nothing fits


def test_the_sentences_state_the_numbers():
    assert found(-E).text == say("zh", "relation.sign")
    assert found(4 * E).text == say("zh", "relation.factor", k="4")
    assert found(E / 4).text == say("zh", "relation.factor", k="1/4")
    assert found(E + 0.5).text == say("zh", "relation.offset", c="0.5")
    assert found(E - 3).text == say("zh", "relation.offset", c="−3")
    # a factor known only to the tolerance is said to be approximate, never rounded to 1
    near = found(E * 1.0000012345, rtol=1e-12, atol=0)
    assert near.text == say("zh", "relation.factor_about", k="1.000001")
    assert "4" in say("en", "relation.factor", k="4") and "−1" in say("en", "relation.sign")


def test_noise_and_near_misses_give_no_relation():
    rng = np.random.default_rng(0)
    assert found(E + rng.normal(size=E.shape)) is None
    assert found(E * (2 + 0.01 * rng.normal(size=E.shape))) is None  # not the same factor
    wrong_one = 4 * E
    wrong_one[1, 1] += 1.0  # one element off: the relation must hold on every element
    assert found(wrong_one) is None
    shifted = np.concatenate([E[1:], E[:1]])
    shifted[0, 0] += 1.0
    assert found(shifted) is None


def test_a_single_number_shows_only_its_sign():
    assert found(np.float64(-3.0), np.float64(3.0)).kind == "sign"
    assert found(np.float64(6.0), np.float64(3.0)) is None  # a ratio of one number: no evidence
    assert found(np.float64(9.0), np.float64(3.0)) is None  # 3² or 3·3: no telling
    assert found(np.float64(-1e-9), np.float64(1e-9)) is None  # within atol of zero
    # an array with one non-trivial element is a single number too, but for the sign
    assert found(np.array([0.0, 0.0, 6.0]), np.array([0.0, 0.0, 3.0])) is None
    assert found(np.array([0.0, 0.0, -3.0]), np.array([0.0, 0.0, 3.0])).kind == "sign"


def test_constant_and_zero_expected_values_give_no_factor_or_offset():
    assert found(np.full(4, 2.0), np.ones(4)) is None  # × 2 and + 1 fit alike
    assert found(np.ones(4), np.zeros(4)) is None
    assert found(np.zeros(4), np.zeros(4) + 1e-9) is None
    assert found(np.zeros(3), np.array([1.0, 2.0, 3.0])) is None  # 0 × anything is no factor


def test_non_finite_values_do_not_crash_and_match_only_exactly():
    e = np.array([np.nan, 1.0, 2.0, np.inf])
    assert found(np.array([np.nan, 2.0, 4.0, np.inf]), e).kind == "factor"
    assert found(np.array([np.nan, -1.0, -2.0, -np.inf]), e).kind == "sign"
    assert found(np.array([0.0, 2.0, 4.0, np.inf]), e) is None  # a number where NaN is expected
    assert found(np.array([np.nan, 2.0, 4.0, 5.0]), e) is None  # a number where inf is expected
    assert found(np.array([np.nan, np.nan]), np.array([np.nan, np.nan])) is None
    assert found(np.array([np.inf, 1.0]), np.array([np.inf, np.nan])) is None


def test_other_shapes_and_non_numbers_give_none_and_jax_float_types_count():
    assert found(np.ones(3), np.ones(4)) is None
    assert found("abc", E) is None
    assert found(np.array(["2", "4"]), np.array([1.0, 2.0])) is None  # text, not numbers
    assert found(np.array([1 + 1j, 2j]), np.array([1.0, 2.0])) is None
    bf16 = pytest.importorskip("ml_dtypes").bfloat16
    assert found(-E.astype(bf16), E.astype(bf16), rtol=1e-2, atol=1e-3).kind == "sign"


def _failure(actual, expected, **kw) -> D.Detail:
    with pytest.raises(CheckFailed) as info:
        assert_close(actual, expected, msg="数值不同", **kw)
    assert info.value.detail is not None
    return info.value.detail


def test_assert_close_carries_the_relation_through_the_result_document():
    detail = _failure(-E, E)
    assert isinstance(detail, D.AllClose) and detail.relation.kind == "sign"
    again = D.Detail.from_dict(detail.to_dict())
    assert isinstance(again, D.AllClose) and again.relation == detail.relation
    tree = _failure({"w": E.T, "b": np.ones(2)}, {"w": E, "b": np.ones(2)})
    assert isinstance(tree, D.Tree)
    leaves = {leaf.path: leaf for leaf in tree.leaves}
    assert leaves["['w']"].relation.kind == "swapped" and leaves["['b']"].relation is None
    again = D.Detail.from_dict(tree.to_dict())
    assert [leaf.relation for leaf in again.leaves] == [leaf.relation for leaf in tree.leaves]


@pytest.mark.parametrize(
    "lang,scope", [("en", "In this leaf: every value is 1/2"), ("zh", "这个叶子里")]
)
def test_a_leaf_relation_is_said_of_that_leaf_only(lang, scope):
    """One leaf of a tree halved, the other right: "every value is 0.5 × the expected one" under
    that leaf read as a claim about the whole tree (blind round 20, 6.4-fix1): it is scoped."""
    from tutor.words.catalog import set_lang

    set_lang(lang)
    try:
        tree = _failure({"w": 0.5 * E, "b": np.ones(2)}, {"w": E, "b": np.ones(2)})
    finally:
        set_lang("zh")
    leaves = {leaf.path: leaf for leaf in tree.leaves}
    assert leaves["['w']"].relation.kind == "factor"
    assert leaves["['w']"].relation.text.startswith(scope)


def test_no_relation_next_to_a_named_mistake_or_on_a_right_answer():
    named = _failure(2 * E, E, mistakes=[Mistake("double", 2 * E, "乘了 2")])
    assert named.diagnosis == "double" and named.relation is None
    assert _failure(2 * E, E).relation.factor == 2.0
    assert_close(E, E, msg="m")  # passes: nothing computed, nothing raised


def test_no_relation_next_to_a_cause_the_check_computed_itself():
    """A check that matched a mistake over several steps names it in `msg` and says so with
    `diagnosis`: the relation sentence would only repeat it ("every value is −1 × …")."""
    named = _failure(-E, E, diagnosis="sign")
    assert named.diagnosis == "sign" and named.relation is None
    tree = _failure({"w": -E}, {"w": E}, diagnosis="sign")
    assert isinstance(tree, D.Tree) and tree.diagnosis == "sign"
    assert [leaf.relation for leaf in tree.leaves] == [None]
