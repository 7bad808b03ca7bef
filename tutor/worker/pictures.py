"""Pictures of learner values for the result document: JSON-safe values (arrays as nested lists,
truncated past MAX_ELEMENTS, see tutor.protocol.details) and a short account of what a value is,
in the job's language. Runs inside workers only (imports numpy)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tutor.words.catalog import t

MAX_ELEMENTS = 256  # elements of an array kept in a failure detail


def plain_scalar(x: Any) -> Any:
    """A number as JSON holds it: bool, int or float, NaN and infinities as text; else its repr."""
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    try:
        f = float(x)
    except (TypeError, ValueError):
        return repr(x)
    if math.isnan(f):
        return "nan"
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    return f


def numeric_array(value: Any) -> np.ndarray | None:
    """`value` as a NumPy array, or None when NumPy can only hold it as objects."""
    try:
        arr = np.asarray(value)
    except Exception:
        return None
    if arr.dtype == object:
        return None
    return arr


def _tolist(arr: np.ndarray) -> Any:
    if arr.ndim == 0:
        return plain_scalar(arr[()])
    return [_tolist(a) for a in arr]


def jsonable(value: Any, limit: int = MAX_ELEMENTS) -> Any:
    """A JSON-safe picture of a value: arrays as nested lists (or a truncated flat picture past
    `limit` elements, see tutor.protocol.details), scalars as numbers, anything else as its repr."""
    if isinstance(value, (str, type(None))):
        return value
    if isinstance(value, dict):
        return {str(k): jsonable(v, limit) for k, v in value.items()}
    if isinstance(value, (list, tuple)) and not hasattr(value, "shape"):
        return [jsonable(v, limit) for v in value]
    arr = numeric_array(value)
    if arr is None:
        return repr(value)[:500]
    if arr.ndim == 0:
        return plain_scalar(arr[()])
    if arr.size > limit:
        return {
            "truncated_flat": [plain_scalar(v) for v in arr.reshape(-1)[:limit]],
            "shape": list(arr.shape),
        }
    return _tolist(arr)


def describe(value: Any) -> str:
    """A short account of what a value is, for structure failures, in the job's language:
    'list of 3', 'None', 'float32 array (2, 3)', 'float' (in English)."""
    if value is None:
        return "None"
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        return t("checklib.describe.array", dtype=value.dtype, shape=tuple(value.shape))
    if isinstance(value, (tuple, list)):
        return t("checklib.describe.items", kind=type(value).__name__, n=len(value))
    if isinstance(value, dict):
        return t("checklib.describe.dict", keys=sorted(map(str, value))[:8])
    return type(value).__name__
