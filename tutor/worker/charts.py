"""`chart` inside runnable lesson blocks: the series a block draws (line, scatter, bar) recorded as
plain data in the run's result, for the app to draw (tutor/app/charts.py). Runs inside workers
only (imports numpy when a chart is drawn)."""

from __future__ import annotations

from typing import Any


class ChartRecorder:
    """`chart` inside runnable lesson blocks: records series that the app draws with plotext."""

    def __init__(self) -> None:
        self.charts: list[dict[str, Any]] = []

    @staticmethod
    def _floats(values: Any) -> list[float]:
        import numpy as np

        return [float(v) for v in np.asarray(values, dtype=np.float64).reshape(-1)]

    def line(
        self,
        series: dict[Any, Any],
        x: Any = None,
        title: str = "",
        xlabel: str = "",
        ylabel: str = "",
        logy: bool = False,
        logx: bool = False,
    ) -> None:
        out = []
        for name, ys in series.items():
            ys = self._floats(ys)
            xs = self._floats(x) if x is not None else list(range(len(ys)))
            out.append({"name": str(name), "x": xs, "y": ys})
        self.charts.append(
            {
                "type": "line",
                "title": title,
                "xlabel": xlabel,
                "ylabel": ylabel,
                "logy": bool(logy),
                "logx": bool(logx),
                "series": out,
            }
        )

    def scatter(
        self, groups: dict[Any, Any], title: str = "", xlabel: str = "", ylabel: str = ""
    ) -> None:
        out = [
            {"name": str(name), "x": self._floats(xy[0]), "y": self._floats(xy[1])}
            for name, xy in groups.items()
        ]
        self.charts.append(
            {"type": "scatter", "title": title, "xlabel": xlabel, "ylabel": ylabel, "series": out}
        )

    def bar(self, labels: Any, values: Any, title: str = "", ylabel: str = "") -> None:
        self.charts.append(
            {
                "type": "bar",
                "title": title,
                "ylabel": ylabel,
                "labels": [str(label) for label in labels],
                "values": self._floats(values),
            }
        )
