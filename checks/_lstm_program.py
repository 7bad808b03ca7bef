"""The a1.5 rules about how lstm_masked's program is built, read off its jaxpr: the time axis is
walked by one lax.scan (not unrolled by a Python loop), and use_ckpt=True puts jax.checkpoint
around the scan's body (each step keeps only its carry), never around the whole scan, and only
when asked. ex_a1_5 registers the checks (their ids are read from there) and calls these."""

import _a1 as A1
from _lstm_inputs import T, sequence_args

from tutor.worker.checklib import assert_that, fail, msg, primitive_counts, primitive_sites


def time_scan(L) -> None:
    """lstm_masked's program holds a scan; without one, says whether it grows with T."""
    counts = primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m), *sequence_args())
    if counts["scan"]:
        return
    longer = primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m), *sequence_args(t=2 * T))
    n1, n2 = sum(counts.values()), sum(longer.values())
    grows = A1.grows_with(T, 2 * T, n1, n2)
    fail(
        msg("_lstm_program.no_scan")
        + (msg("_lstm_program.unrolled", t=T, n1=n1, t2=2 * T, n2=n2) if grows else ""),
        primitives=A1.top_primitives(counts),
    )


def checkpoint_in_body(L) -> None:
    """use_ckpt=True: a remat inside the scan; use_ckpt=False and the default: no remat."""
    sites = primitive_sites(lambda p, x, m: L.lstm_masked(p, x, m, True), *sequence_args())
    remats = [inside for name, inside in sites if name == "remat2"]
    scans_in_remat = [inside for name, inside in sites if name == "scan" and "remat2" in inside]
    if not any("scan" in inside for inside in remats):
        if scans_in_remat:
            # the message says where the checkpoint sits; a list of program paths would not
            fail(msg("_lstm_program.checkpoint_around_scan"))
        fail(
            msg("_lstm_program.no_checkpoint"),
            primitives=A1.top_primitives(
                primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m, True), *sequence_args())
            ),
        )
    plain = primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m, False), *sequence_args())
    assert_that(
        not plain["remat2"],
        msg("_lstm_program.checkpoint_when_off"),
        remat_count=plain["remat2"],
    )
    default = primitive_counts(lambda p, x, m: L.lstm_masked(p, x, m), *sequence_args())
    assert_that(
        not default["remat2"],
        msg("_lstm_program.checkpoint_by_default"),
        remat_count=default["remat2"],
    )
