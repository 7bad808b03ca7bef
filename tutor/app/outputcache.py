"""The outputs and charts of the lesson examples run in the chapter the learner is in, kept in
memory by the app (never in the store). A light module: the app creates the cache on the first
place it opens, before any lesson page is imported."""

from __future__ import annotations


class ChapterOutputs:
    """The last result of each run made in one chapter, so that a page shows it again when the
    learner comes back to it; forgotten when another chapter is entered (`enter`, called by the
    app for every place it opens) or the app quits. Keys: (label, code) of a lesson example,
    ("playground", chapter) for the playground. Examples with a prediction are left out by their
    owner: their question is asked on every visit, and an output shown first would answer it."""

    MAX_RUNS = 64  # a chapter has fewer examples; a bound all the same

    def __init__(self):
        self.chapter_id: str | None = None
        self._runs: dict = {}

    def enter(self, chapter_id: str) -> None:
        if chapter_id != self.chapter_id:
            self._runs.clear()
            self.chapter_id = chapter_id

    def get(self, key):
        return self._runs.get(key)

    def put(self, key, result) -> None:
        self._runs.pop(key, None)
        self._runs[key] = result
        while len(self._runs) > self.MAX_RUNS:
            del self._runs[next(iter(self._runs))]
