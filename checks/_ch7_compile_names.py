"""Exercise 7.1: the compile counts a learner reads, under names the learner wrote or JAX's
public operation names; the names of jax.numpy's own internal jitted helpers (jnp.pad compiles
under `_pad`, for example) are summed under one label instead of being shown."""

import types

from _ch7 import primitive_names

from tutor.worker.checklib import msg


def learner_names(ns) -> set[str]:
    """Every function name the learner's module defines: module-level functions, the functions
    inside jax.jit wrappers, and the functions (and lambdas) nested in their code."""
    names: set[str] = set()

    def visit(code) -> None:
        if code.co_name in names:
            return
        names.add(code.co_name)
        for const in code.co_consts:
            if isinstance(const, types.CodeType):
                visit(const)

    for value in list(ns.values()):
        inner = getattr(value, "__wrapped__", value) if callable(value) else None
        if isinstance(inner, types.FunctionType):
            visit(inner.__code__)
        elif isinstance(value, type):
            for attr in vars(value).values():
                if isinstance(attr, types.FunctionType):
                    visit(attr.__code__)
    return names


def shown_counts(ns, counts: dict[str, int]) -> str:
    """`counts` for the learner, as text ("name: count, …"): a name the learner wrote or a JAX
    primitive keeps its name; the compiles of JAX's internal helpers are summed under one label.
    Text, not a dict: a message rendered later (a batch worker's) must not sit inside a repr."""
    mine = learner_names(ns)
    prims = primitive_names()
    parts = [f"{k}: {v}" for k, v in counts.items() if k in mine or k in prims]
    inner = sum(v for k, v in counts.items() if k not in mine and k not in prims)
    if inner:
        parts.append(msg("ex_7_1.jax_inner_label") + f": {inner}")
    return ", ".join(parts)


def shown_name(ns, name: str) -> str:
    """One compile name for the learner (see shown_counts)."""
    if name in learner_names(ns) or name in primitive_names():
        return name
    return msg("ex_7_1.jax_inner_label")
