"""Quitting never loses text. Ctrl+Q saves every open draft (exercises and playgrounds) first; when
one cannot be saved (the draft made read-only, a full disk), it asks: keep editing, copy the text
to a recovery file and quit, or quit and lose it (Esc keeps editing). SIGHUP and SIGTERM
(tutor/app/endsignals.py) write the recovery file without asking. A recovery file goes to the
cache folder (tutor/storage/recovery.py, through the session's EditorDraft); where each one is
is printed once the app has ended and the terminal is back (tutor/app/main.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from tutor.application.session import DraftError
from tutor.words.catalog import t

if TYPE_CHECKING:
    from textual.app import App

    from tutor.app.draftsync import DraftSync

QUIT_DIALOG_ID = "quit-dialog"


@dataclass(frozen=True)
class Recovered:
    """An editor's text that could not be saved in `draft`, kept in `path` instead."""

    draft: Path
    path: Path


def open_drafts(app: App) -> list[DraftSync]:
    """Every draft an open screen edits (the screens under the current one included)."""
    from tutor.app.draftsync import DraftSync

    return [
        sync for screen in app.screen_stack for sync in screen.query(DraftSync).results(DraftSync)
    ]


def unsaved_drafts(app: App) -> list[DraftSync]:
    """The open drafts whose editor text cannot be saved now (each is tried once more)."""
    return [sync for sync in open_drafts(app) if not sync.kept_safe()]


def recover(drafts: list[DraftSync]) -> tuple[list[Recovered], list[str]]:
    """Each draft's editor text written to a recovery file: what was kept, and why the others
    could not be."""
    kept, failures = [], []
    for sync in drafts:
        try:
            kept.append(Recovered(sync.draft.path, sync.recover()))
        except DraftError as e:
            failures.append(str(e))
    return kept, failures


def save_or_recover(app: App) -> list[Recovered]:
    """The terminal closed (SIGHUP) or SIGTERM: every open draft saved now, each one that cannot
    be saved written to a recovery file instead."""
    return recover(unsaved_drafts(app))[0]


def quit_or_ask(app: App, recovered: list[Recovered]) -> None:
    """Ctrl+Q: exit when every open draft is saved; otherwise ask what to do with the text that
    is only in the editor. What is written to recovery files is added to `recovered`."""
    from tutor.app.dialogs import ChoiceDialog

    if app.screen.id == QUIT_DIALOG_ID:
        return  # asked already: the learner answers there
    unsaved = unsaved_drafts(app)
    if not unsaved:
        app.exit()
        return
    reasons = "\n".join(f"• {sync.error or sync.draft.path}" for sync in unsaved)

    def chosen(choice: str | None) -> None:
        if choice == "lose":
            app.exit()
        elif choice == "recover":
            kept, failures = recover(unsaved)
            recovered.extend(kept)
            if failures:
                app.notify(
                    t("app.quit.recover_failed", reason="\n".join(failures)),
                    severity="error",
                    timeout=15,
                    markup=False,
                )
            else:
                app.exit()

    dialog = ChoiceDialog(
        t("app.quit.unsaved", reasons=reasons),
        [
            ("keep", t("app.quit.keep")),
            ("recover", t("app.quit.recover")),
            ("lose", t("app.quit.lose")),
        ],
    )
    dialog.id = QUIT_DIALOG_ID
    app.push_screen(dialog, chosen)


def print_recovered(recovered: list[Recovered], out: TextIO) -> None:
    """Where each recovery file is, one line each (the terminal may be gone: then nothing)."""
    try:
        for item in recovered:
            print(t("app.quit.recovered", draft=item.draft, path=item.path), file=out, flush=True)
    except (OSError, ValueError):  # a closed terminal, a closed stream
        pass
