"""Draws the charts a runnable lesson block recorded (tutor/worker/charts.py ChartRecorder: line,
scatter, bar) in the terminal with plotext through textual-plotext. Imported only when a block
actually returned a chart, so that start-up stays light."""

from __future__ import annotations

from typing import Any

from textual_plotext import PlotextPlot


class ChartView(PlotextPlot):
    DEFAULT_CSS = """
    ChartView { height: 16; width: 1fr; margin: 1 0; }
    """

    def __init__(self, chart: dict[str, Any], **kw):
        super().__init__(**kw)
        self.chart = chart

    def on_mount(self) -> None:
        super().on_mount()
        draw(self.plt, self.chart)


def draw(plt, chart: dict[str, Any]) -> None:
    kind = chart.get("type")
    plt.clear_data()
    if kind == "line":
        for s in chart.get("series", []):
            plt.plot(s["x"], s["y"], label=s.get("name") or None, marker="braille")
        if chart.get("logy"):
            plt.yscale("log")
        if chart.get("logx"):
            plt.xscale("log")
    elif kind == "scatter":
        for s in chart.get("series", []):
            plt.scatter(s["x"], s["y"], label=s.get("name") or None, marker="dot")
    elif kind == "bar":
        plt.bar(chart.get("labels", []), chart.get("values", []))
    if chart.get("title"):
        plt.title(chart["title"])
    if chart.get("xlabel"):
        plt.xlabel(chart["xlabel"])
    if chart.get("ylabel"):
        plt.ylabel(chart["ylabel"])
