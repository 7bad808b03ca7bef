"""pytest imports test modules by basename (rootdir import mode, no packages under tests/): two
test files with one name make collection fail, and only when both land in one process, which
`-n 3` decides at random. Two suites that passed apart failed together in CI for this."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).parent


def test_every_test_module_has_its_own_basename() -> None:
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []
