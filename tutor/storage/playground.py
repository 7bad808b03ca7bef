"""The playground's storage: one scratch file per chapter, `<home>/playground/<chapter>.py`, where
the learner keeps their own experiments with the lesson examples.

A playground file is a draft like an exercise's (tutor/storage/drafts.py): the same atomic writes,
UTF-8 reading, outside-edit detection and backups (`<home>/playground/backup/`), so the app keeps it
in step with its editor exactly as it keeps an exercise draft (tutor/app/draftsync.py: autosave,
save on SIGHUP/SIGTERM). Opening an example never removes what the file holds (`with_example`).
No Textual here."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tutor.storage.drafts import Draft, Drafts

FOLDER = "playground"


@dataclass(frozen=True)
class Scratch:
    """What a Draft needs of the thing it holds: an id (here the chapter's) and the text of a
    file that does not exist yet (an empty playground)."""

    id: str
    starter: str = ""


class PlaygroundFiles(Drafts):
    """Drafts kept under `<home>/playground/` instead of `<home>/work/`."""

    def __init__(self, home: Path | str):
        home = Path(home)
        super().__init__(home)
        self.folder = home / FOLDER


def playground_draft(home: Path | str, chapter_id: str) -> Draft:
    """The chapter's playground file as an editor sees it (read it with `Draft.read()`)."""
    return Draft(PlaygroundFiles(home), Scratch(chapter_id))


def display_name(chapter_id: str) -> str:
    """The name a run of the playground shows in tracebacks (the file's place in the home)."""
    return f"{FOLDER}/{chapter_id}.py"


def with_example(text: str, code: str, heading: str) -> tuple[str, int]:
    """The playground's text once the example `code` is opened in it, and the 0-based line where
    the example starts. Nothing is ever removed: an empty playground gets the example alone; one
    that already holds this exact example keeps its text (the line is where the example is);
    any other text stays as it is and the example is added below it, after a blank line and the
    comment line `heading`."""
    code = code.rstrip("\n") + "\n"
    if not text.strip():
        return code, 0
    at = text.find(code.rstrip("\n"))
    if at >= 0 and (at == 0 or text[at - 1] == "\n"):
        return text, text.count("\n", 0, at)
    kept = text.rstrip("\n") + "\n\n" + heading.rstrip("\n") + "\n"
    return kept + code, kept.count("\n")
