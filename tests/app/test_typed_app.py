"""The screens see the app through a protocol (tutor/app/typed_app.py), since they cannot import
TutorApp; the type checker cannot compare the two, so this test does: every member the protocol
names is one the app has."""

from __future__ import annotations

import inspect
from typing import get_protocol_members


def test_the_app_has_every_member_the_screens_use(make_app):
    from tutor.app.typed_app import TutorAppLike

    app = make_app()
    try:
        members = get_protocol_members(TutorAppLike)
        assert {"course", "session", "open_item", "go_back"} <= members
        # read without calling: the lazy properties (the text index) are not built for this
        missing = {m for m in members if inspect.getattr_static(app, m, None) is None}
        assert missing == set()
    finally:
        app.session.close()
