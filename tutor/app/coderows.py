"""Where the rows of a soft-wrapped code line start (tutor/app/softwrap.py draws them), in time
linear in the line's length: each row is decided by reading from its own start to the first
character that does not fit, never the rest of the line. Rows break where Chinese text may break
(tutor/linebreak.py). An edit of a long line (one key) re-decides only the rows around the edit:
the rows before it are kept, and those after it once a row starts where an old row started, with
the same text after it."""

from __future__ import annotations

from bisect import bisect_right

from rich.cells import cell_len

from tutor.linebreak import CJK_CONTEXT_PUNCT, NO_LINE_START, NUMBER_UNIT, may_start

# a row's decision may read this many characters past the last one it measured (a number's
# unit: linebreak.NUMBER_UNIT looks a few characters ahead)
LOOKAHEAD = 8
# lines at least this long are remembered, so that the next edit of one re-decides a few rows
REMEMBER_FROM = 2_000
REMEMBERED = 4  # lines remembered (the editors of the open screens, each its longest line)
# in text of one-cell (ASCII) characters a row may start only after one of these (may_start)
ASCII_BREAK_AFTER = " " + "".join(sorted(c for c in CJK_CONTEXT_PUNCT if c.isascii()))


_cells: dict[str, int] = {}


def cells_of(ch: str) -> int:
    """The terminal cells of one character (remembered: a long line repeats its characters)."""
    w = _cells.get(ch)
    if w is None:
        w = _cells[ch] = cell_len(ch)
    return w


def held(line: str, i: int) -> bool:
    """A number and its unit stay on one row: no row starts at `i` inside such a pair."""
    for at in (i - 1, i - 2):
        if at >= 0 and line[at].isdigit():
            m = NUMBER_UNIT.match(line, at)
            if m is not None and m.end() >= i:
                return True
    return False


def carried(line: str, start: int, i: int) -> int:
    """Where a row that overflows at `i` ends when it carries the closing marks before `i` along
    (rather than start the next row with a closing mark such as a full stop or a closing
    bracket): `i` when they fill the whole row."""
    cut = i
    while line[cut] in NO_LINE_START and cut - 1 > start:
        cut -= 1
    return i if line[cut] in NO_LINE_START else cut


def ascii_row(line: str, start: int, width: int) -> tuple[int, int] | None:
    """next_row for a row of printable ASCII that a non-space character overflows (one cell per
    character: it overflows at start + width), found by searching back for the last break, at C
    speed; None when the row is not such a row."""
    i = start + width
    if i >= len(line) or line[i] == " ":
        return None
    window = line[start : i + 1]
    if not (window.isascii() and window.isprintable()):
        return None
    last_ok, hi = start, i
    while True:
        p = max(line.rfind(ch, start, hi) for ch in ASCII_BREAK_AFTER)
        if p < start:
            break
        if may_start(line[p], line[p + 1], False, False) and not held(line, p + 1):
            last_ok = p + 1
            break
        hi = p
    cut = last_ok if last_ok > start else i
    if cut == i:
        cut = carried(line, start, i)
    return cut, min(len(line), i + LOOKAHEAD)


def next_row(line: str, start: int, width: int) -> tuple[int | None, int]:
    """(where the row after the one starting at `start` starts, or None when the rest of the line
    fits in `width` cells; the last index the decision read). The space before a break stays on
    its row, in the cell Textual keeps for the cursor past the wrap width; spaces that run
    further start the next row (the cursor can stand on every one)."""
    quick = ascii_row(line, start, width)
    if quick is not None:
        return quick
    n, used, i = len(line), 0, start
    last_ok, ok_used = start, 0  # the last place a row may start, and the cells before it
    prev, prev_w = "", 0
    cut, cut_used = -1, 0  # the next row's start, and the cells of this row
    while i < n:
        ch = line[i]
        w = cells_of(ch)
        if i > start and may_start(prev, ch, prev_w == 2, w == 2) and not held(line, i):
            if used > width + 1:
                break  # a run of spaces past the edge: every later break leaves the row too long
            last_ok, ok_used = i, used
        if used + w > width and i > start and ch != " ":
            cut, cut_used = (last_ok, ok_used) if last_ok > start else (i, used)
            if cut == i:
                cut = carried(line, start, i)
                cut_used = used - sum(cells_of(ch) for ch in line[cut:i])
            break
        used += w
        prev, prev_w = ch, w
        i += 1
    else:
        if used <= width:
            return None, n
        cut, cut_used = n, used
    read = min(n, i + LOOKAHEAD)
    if cut > start and cut_used <= width + (line[cut - 1] == " "):
        return cut, read
    # no break fits: the row takes what fits, then the cursor's cell if a space is next
    used, cut = 0, start
    while used + cells_of(line[cut]) <= width:
        used += cells_of(line[cut])
        cut += 1
    cut += line[cut] == " "
    return max(cut, start + 1), max(read, min(n, cut + LOOKAHEAD))


def rows_from(
    line: str, width: int, starts: list[int], reads: list[int]
) -> tuple[list[int], list[int]]:
    """`starts` and `reads` (the rows decided so far) continued to the end of the line. reads[k]
    is the last index that the decisions of rows 0…k read (so it never decreases)."""
    start = starts[-1] if starts else 0
    while True:
        cut, read = next_row(line, start, width)
        if cut is None:
            return starts, reads
        starts.append(cut)
        reads.append(max(read, reads[-1]) if reads else read)
        start = cut


class Remembered:
    """A long line's rows as last decided: its text, width, row starts and what each read."""

    def __init__(self, line: str, width: int, starts: list[int], reads: list[int]):
        self.line, self.width, self.starts, self.reads = line, width, starts, reads


_remembered: list[Remembered] = []


def shared_ends(a: str, b: str) -> tuple[int, int]:
    """How many characters `a` and `b` share at their start and, after that, at their end
    (compared by halves, at C speed)."""
    short = min(len(a), len(b))
    lo, hi = 0, short
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    head = lo
    lo, hi = 0, short - head
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[len(a) - mid :] == b[len(b) - mid :]:
            lo = mid
        else:
            hi = mid - 1
    return head, lo


def edited_rows(old: Remembered, line: str) -> tuple[list[int], list[int]] | None:
    """`line`'s rows from `old`'s, when `line` is `old.line` with one stretch replaced; None when
    they share too little to be worth it."""
    head, tail = shared_ends(old.line, line)
    if head + tail < len(line) // 2:
        return None
    width, delta = old.width, len(line) - len(old.line)
    keep = bisect_right(old.reads, head - 1)  # rows decided on the text before the edit
    starts, reads = old.starts[:keep], old.reads[:keep]
    start = starts[-1] if starts else 0
    after = len(line) - tail  # from here on `line` is old.line shifted by delta
    while True:
        cut, read = next_row(line, start, width)
        if cut is None:
            return starts, reads
        starts.append(cut)
        reads.append(max(read, reads[-1]) if reads else read)
        start = cut
        # a row is decided on the text from one character before its start: when that is old
        # text where an old row started, the old rows follow, shifted
        if start - 1 >= after:
            j = bisect_right(old.starts, start - delta) - 1
            if j >= 0 and old.starts[j] == start - delta:
                top = reads[-1]
                starts += [s + delta for s in old.starts[j + 1 :]]
                reads += [max(r + delta, top) for r in old.reads[j + 1 :]]
                return starts, reads


def code_row_starts(line: str, width: int) -> list[int]:
    """Where each continuation row of `line` starts when it wraps at `width` cells."""
    width = max(1, width)
    if len(line) < REMEMBER_FROM:
        return rows_from(line, width, [], [])[0]
    found = None
    for old in _remembered:
        if old.width == width and (found := edited_rows(old, line)) is not None:
            _remembered.remove(old)
            break
    starts, reads = found if found is not None else rows_from(line, width, [], [])
    _remembered.insert(0, Remembered(line, width, starts, reads))
    del _remembered[REMEMBERED:]
    return list(starts)
