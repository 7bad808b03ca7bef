"""The tutor's own words (zh, en): one catalog for statuses, CLI, app and check messages."""
