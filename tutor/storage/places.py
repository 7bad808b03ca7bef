"""What the store keeps of where the learner has been: the pages read, the place to come back to
and the settings."""

from __future__ import annotations

import json
import time

from tutor.storage.database import Database, guarded


class PlaceRecords(Database):
    @guarded
    def mark_read(self, lesson_id: str) -> None:
        self.db.execute(
            "INSERT OR IGNORE INTO page_read(lesson, at) VALUES (?,?)", (lesson_id, time.time())
        )

    @guarded
    def lessons_read(self) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT lesson FROM page_read").fetchall()}

    def set_location(self, kind: str, item_id: str) -> None:
        self.set_setting("location", json.dumps([kind, item_id]))

    def location(self) -> tuple[str, str] | None:
        raw = self.get_setting("location")
        try:
            kind, item = json.loads(raw) if raw else (None, None)
        except ValueError:
            return None
        return (kind, item) if isinstance(kind, str) and isinstance(item, str) else None

    @guarded
    def get_setting(self, key: str, default: str | None = None) -> str | None:
        row = self.db.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
        return row[0] if row else default

    @guarded
    def set_setting(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO setting(key, value) VALUES (?,?)", (key, value))
