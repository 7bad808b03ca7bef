"""Checks with nothing to compare, in the real course: part of the course proof. A single-`where`
answer to 7.2 has NaN gradients at the zero vector: `zero_grads` is skipped (covered by
`zero_inputs`, which reports the NaN), never shown as passed; the reference solutions of 6.7
and 7.4 with their initial parameters not kept at top level have nothing to replay: `replay` is
skipped, judged by the check named, and the run still passes."""

import pytest
from helpers import ROOT, VERDICT_TIME_LIMIT, answer_input

from tutor.authoring.course_proof import prove
from tutor.course.loader import load_course
from tutor.protocol.result import CheckStatus, Status

pytestmark = pytest.mark.proof  # the course gate (`make proof`)

COURSE = load_course()


def _run(runner, batch_worker, ex_id: str, path):
    """The run of `path` as an answer to `ex_id`, in the proof's batch worker."""
    ran = answer_input(COURSE, COURSE.exercises[ex_id], path, _ran, VERDICT_TIME_LIMIT)
    (proof,) = prove([ran], runner, batch_worker)
    return proof.result


def _ran(res):
    """Any result: the test reads its checks."""
    return True, "read by the test"


def test_nan_gradients_leave_the_zero_gradient_check_skipped_not_passed(runner, batch_worker):
    wrong = ROOT / "lessons" / "ch7" / "exercises" / "7.2" / "wrong" / "single_where.py"
    res = _run(runner, batch_worker, "7.2", wrong)
    by_id = {c.id: c for c in res.checks}
    assert res.status is Status.FAILED
    assert by_id["zero_inputs"].status is CheckStatus.FAILED
    skipped = by_id["zero_grads"]
    assert skipped.status is CheckStatus.SKIPPED, skipped
    assert skipped.covered_by == "zero_inputs" and "NaN" in skipped.reason


# the reference solution with its initial parameters no longer kept at top level (the statement
# allows that): (exercise, the cover of `replay`, the solution's lines, what they become)
NOT_KEPT = [
    (
        "6.7",
        "trained",
        "trained_rnn, rnn_losses = fit_rnn(rnn_init, train_seqs, train_targets)",
        "trained_rnn, rnn_losses = fit_rnn(make_rnn_params(init_key), train_seqs, train_targets)",
    ),
    (
        "7.4",
        "trained_on_noisy",
        "p_noisy, noisy_curve = fit_on_noisy_labels(p_start, Xn, Yn, n_steps=150)",
        "p_noisy, noisy_curve = fit_on_noisy_labels(init_mlp(k_model, (D_IN, 64, N_CLS)), Xn, Yn, "
        "n_steps=150)",
    ),
]


@pytest.mark.parametrize("ex_id, cover, line, changed", NOT_KEPT, ids=[n[0] for n in NOT_KEPT])
def test_nothing_to_replay_is_a_skip_judged_by_its_cover(
    runner, batch_worker, tmp_path, ex_id, cover, line, changed
):
    source = COURSE.exercises[ex_id].solution
    assert line in source
    answer = tmp_path / "answer.py"
    kept = ("rnn_init = ", "p_start = ")
    lines = [x for x in source.replace(line, changed).splitlines() if not x.startswith(kept)]
    answer.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = _run(runner, batch_worker, ex_id, answer)
    by_id = {c.id: c for c in res.checks}
    replay = by_id["replay"]
    assert replay.status is CheckStatus.SKIPPED, replay
    assert replay.covered_by == cover and by_id[cover].status is CheckStatus.PASSED
    assert res.status is Status.PASSED, [(c.id, c.status.value) for c in res.checks]
