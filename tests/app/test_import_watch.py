"""ImportWatch, the watch behind `no_new_jax` (every app test): it sees an import of a watched
package however it is made, also when the package was loaded before the watch started (an
earlier test of the same process may have loaded numpy)."""

from __future__ import annotations

import importlib
import sys

import pytest
from apphelp import ImportWatch

NAME = "watched_pkg_for_import_watch"


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package with a submodule, its top loaded before the watch starts."""
    root = tmp_path / NAME
    root.mkdir()
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "sub.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module(NAME)
    yield NAME
    for name in [m for m in sys.modules if m.split(".")[0] == NAME]:
        del sys.modules[name]


def import_statement(name: str) -> None:
    __import__(name)


def import_module_now(name: str) -> None:
    importlib.import_module(name)


BOUND_EARLIER = importlib.import_module  # as a module that did `from importlib import …`


@pytest.mark.parametrize(
    "how",
    [import_statement, import_module_now, BOUND_EARLIER],
    ids=["statement", "import_module", "bound_before_the_watch"],
)
def test_an_import_of_a_loaded_package_is_seen_however_it_is_made(package, how):
    with ImportWatch((package,)) as watch:
        how(f"{package}.sub")
    assert f"{package}.sub" in watch.seen


def test_nothing_is_recorded_without_an_import(package):
    with ImportWatch((package,)) as watch:
        importlib.import_module("json")
    assert watch.seen == []
