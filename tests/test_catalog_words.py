"""Architecture §1: the app's and the CLI's user-facing words come from tutor/words/<lang>.toml.
A scan of the syntax trees of tutor/app and tutor/cli finds words written in the code instead:
any string holding Chinese, and English words in a string that is shown (passed to notify,
Static, Text, print, Out.line …, or given as a title, help or placeholder). Docstrings, bare
string statements and log calls are not shown; styles, ids, keys and actions are not shown
either (they are not a shown argument), nor are format specs (not string constants)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tutor.words import catalog

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("tutor/app", "tutor/cli")
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")
# callee name -> the positional arguments it shows (None: every one)
SHOWN_ARGS: dict[str, tuple[int, ...] | None] = {
    "notify": (0,),
    "Static": (0,),
    "Label": (0,),
    "Button": (0,),
    "Text": (0,),
    "Content": (0,),
    "from_markup": (0,),
    "assemble": None,
    "append": (0,),
    "update": (0,),
    "write": (0,),
    "line": (0,),
    "warn": (0,),
    "print": None,
    "input": (0,),
    "TabPane": (0,),
    "Markdown": (0,),
    "ProseMarkdown": (0,),
    "Binding": (2,),
    "DiscoveryHit": (0,),
    "Hit": (1,),
    "UsageError": (0,),
    "ArgumentTypeError": (0,),
    "SystemExit": (0,),
}
SHOWN_KEYWORDS = {"title", "sub_title", "description", "help", "placeholder", "tooltip"}
LOG_LEVELS = {"debug", "info", "warning", "error", "exception", "critical"}
LOGGERS = {"log", "logger", "logging"}
# Rich markup tags and a Markdown fence's language: styles and syntax, not words
MARKUP = re.compile(r"\[/?[a-z][\w #.,=-]*\]|```\w*")
WORD = re.compile(r"[A-Za-z]{2,}")
# names and identifiers a Chinese text uses as they are (tests/test_zh_words.py reads them so)
NAMES = {"jaxtutor", "JAX", "Python", "dtype", "rtol", "atol"}
KEYS = set(catalog.words("en"))  # a catalog key is looked up where it is shown (Binding's)


def callee(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def is_log_call(call: ast.Call) -> bool:
    """log.debug(…), logger.warning(…), Textual's self.log(…) and self.log.warning(…)."""
    f = call.func
    if isinstance(f, ast.Name):
        return f.id == "log"
    if not isinstance(f, ast.Attribute):
        return False
    receiver = f.value
    name = getattr(receiver, "id", None) or getattr(receiver, "attr", None)
    return f.attr == "log" or (f.attr in LOG_LEVELS and name in LOGGERS)


def shown_strings(node: ast.expr) -> list[ast.Constant]:
    """The string constants of an expression that reach the screen as they are written: its
    own, the literal parts of an f-string, both sides of + and %, both branches of `if`, the
    text of a Rich (text, style) pair, the template of "….format()" and "….join()"."""
    if isinstance(node, ast.Constant):
        return [node] if isinstance(node.value, str) else []
    if isinstance(node, ast.JoinedStr):
        return [v for v in node.values if isinstance(v, ast.Constant)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        return shown_strings(node.left) + shown_strings(node.right)
    if isinstance(node, ast.IfExp):
        return shown_strings(node.body) + shown_strings(node.orelse)
    if isinstance(node, ast.Tuple) and node.elts:
        return shown_strings(node.elts[0])
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("format", "join")
    ):
        return shown_strings(node.func.value)
    return []


def not_shown(tree: ast.AST) -> set[int]:
    """The ids of string constants nobody sees: docstrings and other bare string statements,
    and everything inside a log call."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            hidden.add(id(node.value))
        elif isinstance(node, ast.Call) and is_log_call(node):
            hidden.update(id(n) for n in ast.walk(node))
    return hidden


def words_in_code(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string in `source` that holds words outside the catalog."""
    tree = ast.parse(source)
    hidden = not_shown(tree)
    found: dict[int, tuple[int, str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in hidden and CJK.search(node.value):
                found[id(node)] = (node.lineno, node.value)
        if not isinstance(node, ast.Call) or id(node) in hidden:
            continue
        positions = SHOWN_ARGS.get(callee(node) or "", ())
        args = [a for i, a in enumerate(node.args) if positions is None or i in positions]
        args += [k.value for k in node.keywords if k.arg in SHOWN_KEYWORDS]
        for arg in args:
            for text in shown_strings(arg):
                english = set(WORD.findall(MARKUP.sub("", text.value))) - NAMES
                if english and text.value not in KEYS:
                    found[id(text)] = (text.lineno, text.value)
    return sorted(found.values())


def test_the_scan_finds_words_and_skips_what_is_not_shown():
    source = r'''
"""Docstring: 这里说的话不显示。"""
def f(self, n):
    """保存草稿 (a docstring)."""
    self.notify("Saved the draft", severity="warning")
    self.log.warning(f"warm-up failed: {n}")
    yield Static(t("app.ex.saved"), id="save-status", classes="dim")
    out.line(f"{n} failure(s)", style="bold red")
    Text.assemble(("passed", "green"), " · ")
    print("[bold]jaxtutor[/bold]", t("cli.x") + " (JAX)")
    answers = ("y", "yes", "是")
    text = Text(t("app.x"), style="bold yellow")
    Binding("ctrl+s", "save", t("app.key.save"))
    Binding("ctrl+r", "run", "Run it")
    Binding("f1", "help", "app.key.help")
    view.update(f"**{t('app.quiz.verify')}**\n\n```python\n{code}\n```")
    p.add_argument("--json", help=f"print as JSON, at most {n:g}")
'''
    assert words_in_code(source) == [
        (5, "Saved the draft"),
        (8, " failure(s)"),
        (9, "passed"),
        (11, "是"),
        (14, "Run it"),
        (17, "print as JSON, at most "),
    ]


def test_the_app_and_the_cli_take_their_words_from_the_catalog():
    files = sorted(p for folder in FOLDERS for p in (ROOT / folder).glob("*.py"))
    assert len(files) > 40
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in files
        for line, text in words_in_code(path.read_text(encoding="utf-8"))
    ]
    assert found == []
