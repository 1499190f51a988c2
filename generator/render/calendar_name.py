"""The calendar file's name, light: a command that writes no calendar checks for it without
loading the calendar library (render/calendar_ics.py, which re-exports it)."""

CALENDAR_FILE = "schedule.ics"
