"""Turning an exception raised by learner code into an ErrorInfo: the traceback trimmed to the
learner's own frames, the line to jump to, and what this kind of error usually means."""

from __future__ import annotations

import traceback
from types import TracebackType

from tutor.result import ErrorInfo

# Why a JAX learner usually meets each of these (matched by exception class name, then by text).
_HINTS_BY_TYPE = {
    "ConcretizationTypeError": "在 jit/grad/vmap 追踪期间,代码需要一个具体的 Python 值(if/while 的条件、形状、int()/float()),拿到的却是追踪值(tracer)。把它改成 static 参数,或改用 lax.cond / lax.while_loop / jnp.where。",
    "TracerBoolConversionError": "Python 的 if/while/and/or 作用在了追踪值上。jit 里的条件分支用 lax.cond、lax.select 或 jnp.where。",
    "TracerIntegerConversionError": "追踪值被当成 Python int 用了(比如 range(n)、列表下标或 int(x))。需要整数的地方用 static 参数或 lax.fori_loop。",
    "TracerArrayConversionError": "追踪值被转成了 NumPy 数组(np.asarray / np.xxx)。在变换过的函数里用 jnp 而不是 np。",
    "UnexpectedTracerError": "一个追踪值逃出了它的变换(被存进全局变量、列表或对象属性)。状态要通过参数传入、返回值传出。",
    "NotImplementedError": "这里还是占位代码:把 raise NotImplementedError 换成你的实现。",
    "KeyboardInterrupt": "你的代码自己抛出了 KeyboardInterrupt。",
    "RecursionError": "递归太深:检查函数是否无条件地调用了自己。",
}
_HINTS_BY_TEXT = [
    ("JAX arrays are immutable", "JAX 数组不可原地修改:用 x = x.at[i].set(v) 得到新数组。"),
    ("has no attribute 'tree_map'", "jax.tree_map 在 0.12 已被移除:用 jax.tree.map。"),
    ("Array has been deleted", "这个数组的缓冲区已被 donate_argnums 捐赠掉了:捐赠之后只使用返回的新状态。"),
    ("Error interpreting argument", "jit 只接受数组和已注册的 PyTree;普通 Python 对象不能作为参数,请改成 NamedTuple/dataclass PyTree 或把状态拆成数组。"),
]


def hint_for(exc: BaseException) -> str | None:
    hint = _HINTS_BY_TYPE.get(type(exc).__name__)
    if hint:
        return hint
    text = str(exc)
    for needle, hint in _HINTS_BY_TEXT:
        if needle in text:
            return hint
    return None


def _frames(tb: TracebackType | None) -> list[traceback.FrameSummary]:
    return list(traceback.extract_tb(tb))


def learner_error(exc: BaseException, learner_files: set[str] | str, max_message: int = 2000) -> ErrorInfo:
    """ErrorInfo with the traceback trimmed to frames in the learner's file(s).

    When no frame is the learner's (the error surfaced in a library called by a check), the last
    frame is kept so that the message still says where it came from."""
    files = {learner_files} if isinstance(learner_files, str) else set(learner_files)
    frames = _frames(exc.__traceback__)
    mine = [f for f in frames if f.filename in files]
    keep = mine or frames[-1:]
    lines = ["Traceback(只保留你的代码所在的帧):\n"] if mine else []
    lines += traceback.format_list(keep)
    message = str(exc)
    if len(message) > max_message:
        message = message[:max_message] + " …"
    lines += traceback.format_exception_only(type(exc), exc)[-1:]
    text = "".join(lines)
    if len(text) > 8000:
        text = text[:4000] + "\n…\n" + text[-4000:]
    line = mine[-1].lineno if mine else None
    if isinstance(exc, SyntaxError) and exc.filename in files:
        line = exc.lineno
    return ErrorInfo(type=type(exc).__name__, message=message, line=line, traceback=text,
                     hint=hint_for(exc))
