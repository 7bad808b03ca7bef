"""Helpers shared by the engine tests (conftest.py is not importable by name: tests/app has its own)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent


def jaxtutor_cmd() -> list[str]:
    script = VENV_BIN / "jaxtutor"
    return [str(script)] if script.exists() else [sys.executable, "-m", "tutor"]
