"""Known mistakes declared as data. A check module lists the mistakes its exercise invites, each
with a label, how to compute what that mistake produces from the check's own inputs, and the
message that names it:

    MISTAKES = [
        Known("old_s", lambda g, lr, rho, eps: run(g, lr, rho, eps, old_s=True),
              later("ex_6_5.mistake_old_s")),
    ]
    assert_close(got, want, rtol=…, atol=…, msg=msg("ex_6_5.step_differs", step=2),
                 mistakes=produced(MISTAKES, grads, LR, RHO, EPS))

The message is a message id kept for later (`later`, tutor/worker/said.py): it is rendered in the
job's language when the mistake is named, so a list built at import serves every job.

A message is shown only when the learner's output matched the value the mistake was computed to
produce (`which_mistake`, the same tolerances as the check); otherwise the check's own message
says what differs, as an observation. Runs inside workers only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.worker.comparison import Mistake, which_mistake
from tutor.worker.said import Said


@dataclass(frozen=True)
class Known:
    """A mistake an exercise invites: `produce(*inputs)` computes what it returns for the
    check's inputs; `message` names it, shown only when the learner's output matches."""

    label: str
    produce: Callable[..., Any]
    message: str | Said


def produced(known: Sequence[Known], *inputs: Any, **kw: Any) -> list[Mistake]:
    """What each known mistake produces for these inputs. A mistake that cannot be computed for
    them (its formula divides by zero, needs a shape the inputs lack …) is left out: it cannot
    be the one the learner made here."""
    out = []
    for k in known:
        try:
            value = k.produce(*inputs, **kw)
        except Exception:
            continue
        out.append(Mistake(k.label, value, str(k.message)))
    return out


def diagnose(
    actual: Any, known: Sequence[Known], *inputs: Any, rtol: float, atol: float, **kw: Any
) -> Mistake | None:
    """The first known mistake whose computed output the learner's output matches, else None."""
    return which_mistake(actual, produced(known, *inputs, **kw), rtol=rtol, atol=atol)


def only_match(
    actual_steps: Sequence[Any],
    known: Sequence[Known],
    *inputs: Any,
    close: Callable[[Any, Any], bool],
    **kw: Any,
) -> Mistake | None:
    """For a run of several steps: the one mistake whose output matches every step the learner
    made, or None when none does or more than one does (two mistakes that agree on these steps
    cannot be told apart, so neither is named)."""
    hits = []
    for m in produced(known, *inputs, **kw):
        try:
            if len(m.value) >= len(actual_steps) and all(
                close(a, e) for a, e in zip(actual_steps, m.value, strict=False)
            ):
                hits.append(m)
        except Exception:
            continue
    return hits[0] if len(hits) == 1 else None
