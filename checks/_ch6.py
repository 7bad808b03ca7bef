"""Helpers shared by the check modules of chapter 6's supplementary exercises (ex_6_4 … ex_6_7).

The check modules import it as `import _ch6 as H` (the runner puts checks/ on sys.path)."""

from __future__ import annotations

import numpy as np


def f64(x) -> np.ndarray:
    return np.array(x, dtype=np.float64, copy=True)


def tree64(tree):
    """Every leaf of a pytree as a float64 NumPy array (for references and comparisons)."""
    import jax

    return jax.tree.map(lambda a: np.asarray(a, dtype=np.float64), tree)


def tree32(tree):
    """Every leaf of a pytree as a float32 JAX array (what the learner's code receives)."""
    import jax
    import jax.numpy as jnp

    return jax.tree.map(lambda leaf: jnp.asarray(leaf, dtype=jnp.float32), tree)


def trees_close(actual, expected, *, rtol: float, atol: float) -> bool:
    """True when both trees have the same structure and every leaf is np.allclose."""
    import jax

    try:
        if jax.tree.structure(actual) != jax.tree.structure(expected):
            return False
        oks = jax.tree.map(lambda a, e: bool(np.allclose(np.asarray(a, np.float64), e,
                                                          rtol=rtol, atol=atol)),
                           actual, expected)
    except Exception:
        return False
    return all(jax.tree.leaves(oks))


def jaxpr_text(fn, *args) -> str:
    """The jaxpr of fn(*args) as plain text (no ANSI colours), for `"scan" in ...` tests."""
    import jax

    jax.config.update("jax_pprint_use_color", False)  # 颜色控制符会打断子串匹配
    closed = jax.make_jaxpr(fn)(*args)
    return str(closed)


def primitive_names(text: str) -> list[str]:
    """The distinct primitive names in a jaxpr text (shown when a structural check fails)."""
    import re

    seen: list[str] = []
    for name in re.findall(r"=\s*([a-z_][a-z0-9_]*)[\[ ]", text):
        if name not in seen:
            seen.append(name)
    return seen[:30]


def loss_trace(L, name: str, length: int):
    """Reads a learner's module-level loss trace and checks its shape and finiteness
    (the chapter's `rl.shape == (n,) and np.all(np.isfinite(rl))`)."""
    from tutor.checklib import assert_that, fail

    if name not in L:
        fail(f"找不到 {name}:训练得到的逐步损失要保存在模块级变量 {name} 里(检查会直接读取它)。")
    try:
        arr = np.asarray(L.ns[name], dtype=np.float64)
    except Exception:
        fail(f"{name} 不能转换成数组:它应该是训练函数返回的逐步损失(一维数组)。",
             actual=repr(L.ns[name])[:200])
    assert_that(arr.shape == (length,),
                f"{name} 的形状应为 ({length},),即每一步一个损失值:是不是只保存了最后一步,"
                "或者训练步数不对?", expected=[length], actual=list(arr.shape))
    bad = np.flatnonzero(~np.isfinite(arr))
    assert_that(bad.size == 0,
                f"{name} 里有 NaN/inf(第一个出现在第 {int(bad[0]) if bad.size else 0} 步):"
                "更新量的符号或分母可能写错了,导致训练发散。",
                first_bad_step=int(bad[0]) if bad.size else None)
    return arr
