"""The slips of the 6.7 RNN's forward pass that its value checks name: each one's outputs computed
in float64 for the check's parameters, sequence and matrix convention (row: h·W_h, else W_h·h),
and the one the learner's outputs match."""

from _rnn_ref import variant

from tutor.worker.checklib import msg
from tutor.worker.mistakes import Known
from tutor.worker.mistakes import diagnose as _known_slip


def _slips() -> list[Known]:
    """Built per call: msg() words a message in the language of the run at hand, and this module
    stays loaded across runs of both languages."""
    return [
        Known(
            "no_tanh",
            lambda P, xs, row: variant(P, xs, row, tanh=False),
            msg("ex_6_7.module.mistake_no_tanh"),
        ),
        Known(
            "state_not_carried",
            lambda P, xs, row: variant(P, xs, row, carry=False),
            msg("ex_6_7.module.mistake_state_not_carried"),
        ),
        Known(
            "lagged",
            lambda P, xs, row: variant(P, xs, row, lagged=True),
            msg("ex_6_7.module.mistake_lagged"),
        ),
        Known(
            "h0_ones",
            lambda P, xs, row: variant(P, xs, row, h0=1.0),
            msg("ex_6_7.module.mistake_h0_ones"),
        ),
        Known(
            "no_bias",
            lambda P, xs, row: variant(P, xs, row, bias=False),
            msg("ex_6_7.module.mistake_no_bias"),
        ),
        Known(
            "bias_after_tanh",
            lambda P, xs, row: variant(P, xs, row, bias_after_tanh=True),
            msg("ex_6_7.module.mistake_bias_after_tanh"),
        ),
        Known(
            "output_before_tanh",
            lambda P, xs, row: variant(P, xs, row, out_pre=True),
            msg("ex_6_7.module.mistake_output_before_tanh"),
        ),
    ]


def diagnose(out, P, xs):
    """The message of the slip whose outputs the learner's match (both matrix conventions tried),
    else None."""
    slips = _slips()
    for row in (True, False):
        found = _known_slip(out, slips, P, xs, row, rtol=1e-5, atol=1e-4)
        if found:
            return found.message
    return None
