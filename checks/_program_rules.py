"""Checks of stated rules about how the learner's program is built rather than what it computes:
weights read from the arguments, a training loop staged as one scan inside one jit, typed random
keys, random numbers drawn with jax.random only. The exercise modules register the checks (their
ids are read from there) and call these."""

from tutor.worker.checklib import (
    HostRandomDraws,
    JitCalls,
    LegacyKeyUses,
    argument_use,
    assert_that,
    fail,
    msg,
    scan_lengths,
)


def weights_as_args(fn, params: dict, *rest) -> None:
    """fn(params, *rest) must read every weight of `params` and carry none of them as a constant."""
    names = sorted(params)  # a dict's leaves, in jax.tree order
    read, const_shapes = argument_use(lambda p, *r: fn(p, *r), params, *rest)
    unread = [k for k, used in zip(names, read[: len(names)], strict=True) if not used]
    weight_shapes = {k: tuple(params[k].shape) for k in names}
    baked = [s for s in const_shapes if s in weight_shapes.values()]
    if baked:
        fail(
            msg("_program_rules.weights_as_args.text_2", name=fn.__name__)
            + (
                msg(
                    "_program_rules.weights_as_args.text_3",
                    v=msg("_program_rules.joiner").join(unread),
                )
                if unread
                else msg("_program_rules.weights_as_args.all_read")
            )
            + msg("_program_rules.weights_as_args.text"),
            constant_shapes=[list(s) for s in baked],
            weight_shapes={k: list(v) for k, v in weight_shapes.items()},
        )
    assert_that(
        not unread,
        msg(
            "_program_rules.weights_as_args.assert_that",
            name=fn.__name__,
            v=msg("_program_rules.joiner").join(unread),
        ),
        unread=unread,
    )


def train_scan(jit_calls: JitCalls, value, name: str, steps: int) -> None:
    """`value` must come from one jax.jit call whose program holds a `steps`-long scan."""
    producer = jit_calls.producer_of(value)
    if producer is None:
        fail(
            msg("_program_rules.train_scan.fail", name=name, steps=steps),
            jit_functions={c.label: c.count for c in jit_calls.calls},
        )
    lengths = scan_lengths(producer.jaxpr) if producer.jaxpr is not None else []
    if steps in lengths:
        return
    fail(
        msg("_program_rules.train_scan.text_2", name=name, label=producer.label, steps=steps)
        + (
            msg("_program_rules.train_scan.text_3", count=producer.count)
            if producer.count == steps
            else msg("_program_rules.train_scan.text_4")
        )
        + msg("_program_rules.train_scan.text", steps=steps),
        scan_lengths=lengths,
        calls=producer.count,
    )


def typed_keys(legacy_keys: LegacyKeyUses) -> None:
    """No jax.random call of the learner's file may have got an old-style raw uint32 key."""
    assert_that(
        legacy_keys.count == 0,
        msg("_program_rules.typed_keys.assert_that", count=legacy_keys.count),
        legacy_key_uses=legacy_keys.count,
    )


def jax_random_only(draws: HostRandomDraws) -> None:
    """The learner's own code drew no number from NumPy's or Python's random generators."""
    if draws.count == 0:
        return
    calls = msg("_program_rules.joiner").join(
        msg("_program_rules.jax_random_only.call", name=name, count=draws.calls[name])
        for name in draws.names()
    )
    fail(
        msg("_program_rules.jax_random_only.fail", calls=calls),
        host_random_calls=dict(draws.calls),
    )
