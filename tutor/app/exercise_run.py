"""What a run of the exercise does on its worker thread (tutor/app/run_lifecycle.py: no widgets
there): it first makes sure it would not overwrite a change made to the draft outside the app
that the editor has not seen, then asks the session to save the editor's text, run and record."""

from __future__ import annotations

from tutor.app.run_lifecycle import Listener, Work
from tutor.application.session import EditorDraft, RunControl, RunRefused, Session, Verdict
from tutor.words.catalog import t


class OutsideChangeBeforeRun(RunRefused):
    """The draft changed outside and the editor has not seen it: the run does not overwrite it.
    `text` is what the file holds now."""

    def __init__(self, text: str):
        super().__init__(t("app.ex.outside_before_run"))
        self.text = text


def exercise_work(session: Session, exercise_id: str, draft: EditorDraft, text: str | None) -> Work:
    """The run of `exercise_id` with the editor's `text` (None: a read-only draft, run as it is
    on disk)."""

    def work(listener: Listener, control: RunControl) -> Verdict:
        edit = draft.outside_edit() if text is not None else None
        if edit is not None and edit.text is not None and edit.text != text:
            raise OutsideChangeBeforeRun(edit.text)
        return session.run(exercise_id, text=text, listener=listener, control=control)

    return work
