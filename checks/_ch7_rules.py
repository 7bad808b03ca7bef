"""A stated rule of chapter 7 about how a program is built, read from the program itself: a
per-sample computation done in chunks, `lax.map(f, xs, batch_size=k)`. lax.map with a batch size
is a scan over the chunks (one iteration per k samples, a vmap inside), so the program that
computes the per-sample values holds a scan n // k long over inputs shaped (n // k, k, …)
(⌈n / k⌉ long when the learner pads to whole chunks and reshapes them by hand, the other technique
the lessons show). Without batch_size the scan runs once per sample; a plain vmap holds no scan at
all (its matrix products hold all n samples; pieces written out one by one are told apart)."""

from tutor.worker.checklib import JitCalls, assert_that, fail, msg, scan_lengths, sub_jaxprs


def _chunk_steps(jaxpr, chunk: int) -> list[int]:
    """The length of every scan of the program (sub-programs included) that steps through its
    inputs `chunk` rows at a time: one of its operands is shaped (length, chunk, …)."""
    found: list[int] = []

    def walk(j) -> None:
        for eqn in j.eqns:
            if eqn.primitive.name == "scan":
                length = int(eqn.params["length"])
                shapes = [tuple(getattr(v.aval, "shape", ())) for v in eqn.invars]
                if any(s[:2] == (length, chunk) for s in shapes):
                    found.append(length)
            for value in eqn.params.values():
                for sub in sub_jaxprs(value):
                    walk(sub)

    walk(getattr(jaxpr, "jaxpr", jaxpr))
    return found


def _products_of_all(jaxpr, n: int) -> bool:
    """Whether a matrix product of the program (sub-programs included) has all n samples on its
    leading axis (or its first two, a reshape into chunks): the samples computed at once."""

    def walk(j) -> bool:
        for eqn in j.eqns:
            shapes = [tuple(getattr(v.aval, "shape", ())) for v in eqn.outvars]
            if eqn.primitive.name == "dot_general" and any(
                s[:1] == (n,) or (len(s) > 1 and s[0] * s[1] == n) for s in shapes
            ):
                return True
            if any(walk(sub) for value in eqn.params.values() for sub in sub_jaxprs(value)):
                return True
        return False

    return walk(getattr(jaxpr, "jaxpr", jaxpr))


def _what_it_does(lengths: list[int], n: int, chunk: int, jaxpr) -> str:
    if n in lengths:
        return msg("_ch7_rules.serial_scan", n=n)
    if not lengths:
        at_once = jaxpr is None or _products_of_all(jaxpr, n)
        return msg("_ch7_rules.no_scan") if at_once else msg("_ch7_rules.no_scan_pieces", n=n)
    if len(lengths) == 1 and n % lengths[0] == 0 and 1 < n // lengths[0] != chunk:
        return msg("_ch7_rules.other_chunk", loops=lengths[0], size=n // lengths[0], chunk=chunk)
    return msg("_ch7_rules.no_chunk_scan", lengths=lengths, chunk=chunk, loops=n // chunk)


def _chunked(jaxpr, n: int, chunk: int) -> bool:
    return bool({n // chunk, -(-n // chunk)} & set(_chunk_steps(jaxpr, chunk)))


def assert_chunked_map(call_at, name: str, *, sizes: tuple[int, ...], chunk: int) -> None:
    """`call_at(n)` gives (fn, *args) for n samples; at each size the traced program of fn must
    loop over the samples chunk at a time (two sizes tell a batch size from a coincidence)."""
    import jax

    for n in sizes:
        fn, *args = call_at(n)
        jaxpr = jax.make_jaxpr(fn)(*args)
        lengths = scan_lengths(jaxpr)
        assert_that(
            _chunked(jaxpr, n, chunk),
            msg(
                "_ch7_rules.map_not_chunked",
                n=n,
                name=name,
                found=_what_it_does(lengths, n, chunk, jaxpr),
                chunk=chunk,
            ),
            samples=n,
            scan_lengths=lengths,
        )


def assert_chunked_producer(jit_calls: JitCalls, value, name: str, *, n: int, chunk: int) -> None:
    """`value` (n per-sample values) must come from a jax.jit function whose program loops over
    the samples chunk at a time."""
    producer = jit_calls.producer_of(value)
    if producer is None:
        fail(
            msg("_ch7_rules.not_from_jit", name=name, chunk=chunk),
            jit_functions={c.label: c.count for c in jit_calls.calls},
        )
    lengths = scan_lengths(producer.jaxpr) if producer.jaxpr is not None else []
    assert_that(
        producer.jaxpr is not None and _chunked(producer.jaxpr, n, chunk),
        msg(
            "_ch7_rules.producer_not_chunked",
            name=name,
            label=producer.label,
            found=_what_it_does(lengths, n, chunk, producer.jaxpr),
            chunk=chunk,
        ),
        scan_lengths=lengths,
    )
