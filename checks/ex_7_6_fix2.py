"""修复练习 7.6-fix2:历史列表存了被捐赠的状态 → 主机上的真拷贝.

Checks: the whole history reads back (a deleted array is named) and equals the states before each
step, "after each step" named; its leaves are NumPy arrays; the final state is right ("history");
the caller's state is deleted after record, i.e. really donated ("donate")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_that,
    fail,
    rng,
)

checks = Checks()
SYMPTOMS = {
    "word:deleted": "读到了已被捐赠(删除)的数组:历史列表里存的是状态本身,advance 把它捐掉了。"
    "存之前先在主机上真正拷贝一份。"
}


def _state(seed):
    g = rng(seed)
    return {"m": R.floats(g, 3), "v": R.floats(g, 3)}


def _states(state, n):
    m, v = np.asarray(state["m"], np.float64), np.asarray(state["v"], np.float64)
    out = []
    for _ in range(n + 1):
        out.append({"m": m, "v": v})
        m, v = 0.9 * m + 1.0, v + 2.0
    return out


def _read(history, n):
    if not isinstance(history, (list, tuple)) or len(history) != n:
        fail(
            f"历史应是长度为 {n} 的列表,实际是 {type(history).__name__}"
            f"{'(长度 ' + str(len(history)) + ')' if isinstance(history, (list, tuple)) else ''}。",
            actual=repr(history)[:200],
        )
    out = []
    for k, entry in enumerate(history):
        if not isinstance(entry, dict) or set(entry) != {"m", "v"}:
            fail(f"history[{k}] 应是和状态同结构的字典 {{'m', 'v'}}。", actual=repr(entry)[:200])
        leaves = {}
        for key in ("m", "v"):
            leaf = entry[key]
            if callable(getattr(leaf, "is_deleted", None)) and leaf.is_deleted():
                fail(
                    f"history[{k}]['{key}'] 是一个已被捐赠(删除)的数组,读不出来:"
                    "历史列表里存的是状态本身,"
                    "advance 把它捐掉了。存之前先在主机上真正拷贝一份。",
                    where=f"history[{k}]['{key}']",
                )
            leaves[key] = as_array(leaf, f"history[{k}]['{key}']", shape=(3,))
        out.append(leaves)
    return out


@checks.add("history", "历史能读出来:每一步之前的状态,主机上的 NumPy 数组;最终状态正确")
def _(L):
    n = 4
    state = _state(861)
    want = _states(state, n)
    final, history = as_tuple(L.record(state, n), 2, "record 的返回值 (最终状态, 历史)")
    got = _read(history, n)
    assert_close(
        got,
        want[:n],
        rtol=1e-5,
        atol=1e-6,
        what="历史",
        msg="历史和每一步之前的状态不一致。",
        mistakes=[
            Mistake(
                "after",
                want[1:],
                "历史里存的是每一步之后的状态,错开了一步:应在调用 advance 之前存。",
            )
        ],
    )
    kinds = sorted({type(entry[key]).__name__ for entry in history for key in ("m", "v")})
    assert_that(
        kinds == ["ndarray"],
        f"历史的叶子应是主机上的 NumPy 数组,实际是 {kinds}:要留底的状态先拷到主机上。",
        leaf_types=kinds,
    )
    if not isinstance(final, dict) or set(final) != {"m", "v"}:
        fail("最终状态应是字典 {'m', 'v'}。", actual=repr(final)[:200])
    assert_close(
        {k: as_array(final[k], f"最终状态['{k}']", shape=(3,)) for k in ("m", "v")},
        want[n],
        rtol=1e-5,
        atol=1e-6,
        what="最终状态",
        msg=f"{n} 步后的状态不一致。",
    )


@checks.add("donate", "传入的状态真的被捐赠了(record 返回后已删除)")
def _(L):
    state = _state(862)
    R.call(L.record, state, 3, what="record", symptoms=SYMPTOMS)
    kept = [k for k in ("m", "v") if not state[k].is_deleted()]
    assert_that(
        not kept,
        f"record 返回后,传入状态的 {kept} 没有被捐赠(仍然可读):这道题要求保留 advance 的捐赠。"
        "注意在 CPU 上,np.asarray / jax.device_get 留下的视图会让 JAX 默默放弃捐赠;要留底就用 "
        "np.array(x, copy=True)。",
        not_donated=kept,
    )
