"""Turning what learner code did into an ErrorInfo: an exception's traceback trimmed to the
learner's own frames, the line to jump to, and what this kind of error usually means; the stack
sampled when a run timed out, trimmed the same way; and the one test of "this was memory"."""

from __future__ import annotations

import re
import traceback
from types import TracebackType

from tutor.protocol.events import say
from tutor.protocol.result import ErrorInfo
from tutor.words.catalog import lang as current_lang
from tutor.words.catalog import t

# Why a JAX learner usually meets each of these (matched by exception class name, then by text).
_HINT_TYPES = (
    "ConcretizationTypeError",
    "TracerBoolConversionError",
    "TracerIntegerConversionError",
    "TracerArrayConversionError",
    "UnexpectedTracerError",
    "NotImplementedError",
    "KeyboardInterrupt",
    "RecursionError",
)
_HINT_TEXTS = (
    ("JAX arrays are immutable", "tb.hint.immutable"),
    ("has no attribute 'tree_map'", "tb.hint.tree_map"),
    ("Array has been deleted", "tb.hint.deleted"),
    ("Error interpreting argument", "tb.hint.bad_argument"),
    ("where requires ndarray or scalar arguments, got <class", "tb.hint.where_tree"),
)
# Raw JAX/Python errors whose text alone does not say what to change: (exception class name,
# a pattern of its message on JAX 0.12, the hint). Texts recorded in tests/test_learner_hints.py.
_HINT_PATTERNS = (
    (  # float(x) / int(x) / complex(x) / x.item() on a tracer: a conversion, not a branch
        "ConcretizationTypeError",
        re.compile(
            r"The problem arose with the `(float|int|complex)` function|the item\(\) method"
        ),
        "tb.hint.to_number",
    ),
    (
        "ValueError",
        re.compile(
            r"^Non-hashable static arguments(?s:.*)hash an object of type <class '\S*(Array|Tracer)"
        ),
        "tb.hint.static_array",
    ),
    (
        "TypeError",
        re.compile(r"body function carry input and carry output must have (equal types|the same)"),
        "tb.hint.carry_type",
    ),
    ("TypeError", re.compile(r"got incompatible shapes for broadcasting"), "tb.hint.broadcast"),
    (
        "TypeError",
        re.compile(r"^dot_general requires contracting dimensions to have the same shape"),
        "tb.hint.contracting_dims",
    ),
    ("ValueError", re.compile(r"^Incompatible shapes for broadcasting"), "tb.hint.broadcast"),
    (
        "TypeError",
        re.compile(
            r"unsupported operand type\(s\) for .+'NoneType'"
            r"|requires ndarray or scalar arguments, got <class 'NoneType'>"
        ),
        "tb.hint.none_operand",
    ),
    (  # a bool index (a comparison, or a sum of comparisons) gets its own words
        "TypeError",
        re.compile(r"^Index type must be an integer, got .* as bool$"),
        "tb.hint.switch_index_bool",
    ),
    ("TypeError", re.compile(r"^Index type must be an integer, got"), "tb.hint.switch_index"),
    (  # list * 0.5: Python repeats a sequence by an int and refuses any other number
        "TypeError",
        re.compile(r"^can't multiply sequence by non-int of type"),
        "tb.hint.sequence_times_number",
    ),
    (  # an object that holds arrays (JAX's message shows its repr): data, not a setting
        "ValueError",
        re.compile(
            r"^Non-hashable static arguments are not supported(?s:.*)"
            r"while trying to hash an object of type <class '[^']*'>, (?s:.*)\bArray\((?s:.*)"
            r"The error was:"
        ),
        "tb.hint.unhashable_static",
    ),
    (  # an object of a class of one's own (not a list, dict, set or array) could not be hashed
        "ValueError",
        re.compile(
            r"^Non-hashable static arguments are not supported(?s:.*)"
            r"TypeError: unhashable type: '(?!(?:list|dict|set|jaxlib\._jax\.ArrayImpl|"
            r"numpy\.ndarray)')[^']+'\s*$"
        ),
        "tb.hint.unhashable_class",
    ),
    (
        "ValueError",
        re.compile(r"^Non-hashable static arguments are not supported"),
        "tb.hint.unhashable_static",
    ),
    (
        "ValueError",
        re.compile(r"^Jitted function has invalid argnames \{.*\} in static_argnames"),
        "tb.hint.static_argname_unknown",
    ),
    (
        "ValueError",
        re.compile(r"^pytree structure error: different types(?s:.*)<class 'function'>"),
        "tb.hint.tree_function",
    ),
    ("ValueError", re.compile(r"^pytree structure error"), "tb.hint.tree_structure"),
)
_MEMORY_TEXTS = ("RESOURCE_EXHAUSTED", "Out of memory", "bad_alloc")
SHOWN_BEFORE, SHOWN_AFTER = 60, 40  # characters of a long line around a syntax error's column
MAX_CARET = 60  # the marked span of a syntax error is cut to this many characters


def is_memory_error(exc: BaseException | None, text: str = "") -> bool:
    """An allocation that failed: a MemoryError (numpy's included), or XLA / C++ saying so in
    the exception's text or in `text` (a dead worker's stderr)."""
    if exc is not None:
        if isinstance(exc, MemoryError):
            return True
        text = f"{text}\n{exc}"
    return any(s in text for s in _MEMORY_TEXTS)


def hint_key(exc: BaseException) -> str | None:
    """The id of the hint for this error (tb.hint.…), or None."""
    name = type(exc).__name__
    text = str(exc)
    for type_name, pattern, key in _HINT_PATTERNS:  # first: jnp.where(c, None, x) is about None
        if name == type_name and pattern.search(text):
            return key
    if name in _HINT_TYPES:
        return f"tb.hint.{name}"
    for needle, key in _HINT_TEXTS:
        if needle in text:
            return key
    return None


def hint_for(exc: BaseException) -> str | None:
    key = hint_key(exc)
    return t(key) if key else None


def is_broadcast_error(exc: BaseException) -> bool:
    """JAX refused to broadcast two shapes together (jnp arithmetic, lax)."""
    return hint_key(exc) == "tb.hint.broadcast"


def is_static_hash_error(exc: BaseException) -> bool:
    """jit refused to hash a value passed for an argument the learner's code marked static: the
    value is the caller's, the slip is the marking (no "a value your code produced")."""
    return hint_key(exc) in (
        "tb.hint.static_array",
        "tb.hint.unhashable_static",
        "tb.hint.unhashable_class",
    )


def _frames(tb: TracebackType | None) -> list[traceback.FrameSummary]:
    return list(traceback.extract_tb(tb))


def _exception_only(exc: BaseException) -> str:
    """The exception's own lines, with the learner's notes but without JAX's note about the
    frames it filtered (we show only the learner's frames anyway)."""
    te = traceback.TracebackException.from_exception(exc, limit=0)
    notes = [
        n
        for n in (getattr(exc, "__notes__", None) or [])
        if "JAX_TRACEBACK_FILTERING" not in str(n)
    ]
    te.__notes__ = notes or None
    return "".join(te.format_exception_only())


def shown_syntax_error(exc: SyntaxError) -> SyntaxError:
    """`exc` as it is shown: a long line (a pasted list of 100,000 characters) cut to the part
    around the error, with … where it was cut and the caret still under the same character."""
    line = (exc.text or "").rstrip("\n")
    if len(line) <= SHOWN_BEFORE + SHOWN_AFTER + MAX_CARET:
        return exc
    start = min(max(exc.offset or 1, 1), len(line) + 1) - 1  # 0-based
    same_line = exc.end_lineno in (None, exc.lineno)
    end = (exc.end_offset or 0) - 1 if same_line else start + 1
    end = min(max(end, start + 1), start + MAX_CARET)
    lo, hi = max(0, start - SHOWN_BEFORE), min(len(line), end + SHOWN_AFTER)
    head, tail = ("… " if lo else ""), (" …" if hi < len(line) else "")
    shift = len(head) - lo + 1  # 1-based again
    shown = SyntaxError(
        exc.msg,
        (
            exc.filename,
            exc.lineno,
            start + shift,
            head + line[lo:hi] + tail,
            exc.lineno,
            end + shift,
        ),
    )
    return shown


# JAX says where a tracer in its message was made; made by a check (vmap or jit around the learner's
# function), that line points at our code and tells the learner nothing they wrote
_TRACER_ORIGIN = re.compile(
    r"This \w*Tracer with object id \d+ was created on line:\n"
    r"  (?P<path>[^\n]*?):\d+(?::\d+)? [^\n]*\n"
)


# and which function it was tracing: a check's lambda around the learner's function is ours too
_TRACED_FUNCTION = re.compile(
    r"while tracing the function (?P<fn>[^\n]*?) at (?P<path>[^\n]*?):\d+ for "
)


def _without_foreign_origins(text: str, files: set[str]) -> str:
    """`text` without JAX's "This …Tracer … was created on line" note, and without the function
    named in "while tracing the function … at FILE:LINE", where that line is not in the learner's
    files."""
    text = _TRACER_ORIGIN.sub(lambda m: m.group(0) if m.group("path") in files else "", text)
    return _TRACED_FUNCTION.sub(
        lambda m: m.group(0) if m.group("path") in files else "while tracing for ", text
    )


def learner_error(
    exc: BaseException,
    learner_files: set[str] | str,
    max_message: int = 2000,
    keep_last_frame: bool = True,
    with_exception: bool = True,
) -> ErrorInfo:
    """ErrorInfo with the traceback trimmed to frames in the learner's file(s).

    A syntax error in the learner's file shows that line with its caret and nothing else. When no
    frame is the learner's (the error surfaced in a library called by a check), the last frame is
    kept so that the message still says where it came from, unless `keep_last_frame` is False (a
    learner's value broke a check: the check's file would point the learner at our code).
    Without `with_exception` the traceback holds the frames only: the caller shows the exception's
    own text elsewhere (a check's message quotes it)."""
    files = {learner_files} if isinstance(learner_files, str) else set(learner_files)
    if isinstance(exc, SyntaxError) and exc.filename in files:
        text = _exception_only(shown_syntax_error(exc))
        return ErrorInfo(
            type=type(exc).__name__,
            message=str(exc.msg),
            line=exc.lineno,
            traceback=text,
            hint=hint_for(exc),
        )
    frames = _frames(exc.__traceback__)
    mine = [f for f in frames if f.filename in files]
    keep = mine or (frames[-1:] if keep_last_frame else [])
    lines = [t("tb.header")] if mine else []
    lines += traceback.format_list(keep)
    message = _without_foreign_origins(str(exc), files)
    if len(message) > max_message:
        message = message[:max_message] + " …"
    own = _without_foreign_origins(_exception_only(exc), files) if with_exception else ""
    text = "".join(lines) + own
    if len(text) > 8000:
        text = text[:4000] + "\n…\n" + text[-4000:]
    return ErrorInfo(
        type=type(exc).__name__,
        message=message,
        line=mine[-1].lineno if mine else None,
        traceback=text,
        hint=hint_for(exc),
    )


# ---------------------------------------------------------------- a stuck run

_FRAME_RE = re.compile(r'^\s+File "(.*)", line (\d+) in (.*)$')


def _faulthandler_ascii(text: str) -> str:
    """How faulthandler writes a file name: printable ASCII kept, everything else escaped."""
    out = []
    for ch in text:
        code = ord(ch)
        if 32 <= code < 127:
            out.append(ch)
        elif code < 0x100:
            out.append(f"\\x{code:02x}")
        elif code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return "".join(out)


WORKER_FRAME_FILE = "tutor/worker/main.py"  # below the learner's code in every stack sample


def sample_is_whole(dump: str) -> bool:
    """The last stack sample in `dump` (faulthandler's, most recent call first) reaches the
    worker's own frames below the learner's code, or faulthandler's depth limit: it holds every
    frame of the learner's. A sample still being written has not got there yet; one taken while
    the interpreter was half-way through pushing a frame never will (faulthandler stops at it)."""
    start = dump.rfind("Stack (")
    if start < 0:
        return False
    for row in dump[start:].splitlines():
        m = _FRAME_RE.match(row)
        if row == "  ..." or (m and m.group(1).endswith(WORKER_FRAME_FILE)):
            return True
    return False


def stuck_error(
    dump: str, learner_file: str, source: str | None = None, lang: str | None = None
) -> ErrorInfo | None:
    """Where the learner's code was, from a faulthandler dump taken when the time ran out (the
    main thread's stack, or every thread's); None when no thread was in the learner's file.
    `source` gives the lines of a file that is not on disk (a lesson block); `lang` the job's
    language."""
    lang = lang or current_lang()
    names = {learner_file, _faulthandler_ascii(learner_file)}
    blocks: list[list[tuple[str, int, str]]] = []
    for row in dump.splitlines():
        if row.startswith(("Stack (", "Thread 0x", "Current thread 0x")):
            blocks.append([])
            continue
        m = _FRAME_RE.match(row)
        if m and blocks:
            blocks[-1].append((m.group(1), int(m.group(2)), m.group(3)))
    # the main thread first: the one not started by the threading module
    blocks.sort(key=lambda b: any(f[0].endswith("threading.py") for f in b))
    src_lines = source.splitlines() if source is not None else None
    for block in blocks:
        mine = [f for f in reversed(block) if f[0] in names]  # most recent call last
        if not mine:
            continue
        summaries = []
        for _, lineno, name in mine:
            line = None
            if src_lines is not None:
                line = src_lines[lineno - 1].strip() if 0 < lineno <= len(src_lines) else ""
            summaries.append(traceback.FrameSummary(learner_file, lineno, name, line=line))
        text = say(lang, "tb.stuck_header") + "".join(traceback.format_list(summaries))
        last = mine[-1][1]
        return ErrorInfo(
            type="Timeout", message=say(lang, "run.stuck_at", line=last), line=last, traceback=text
        )
    return None
