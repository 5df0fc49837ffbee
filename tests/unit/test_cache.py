"""The machine-local cache of lists (storyline.cache) and the place names kept in it."""

from __future__ import annotations

import pytest

from storyline.cache import cached_lines
from storyline.core.nlp import names as E


def test_lines_are_computed_once_per_key_and_read_back_after(tmp_path):
    calls = []

    def compute():
        calls.append(1)
        return ["oslo", "bergen", "two\nlines"]

    assert cached_lines("towns", "v1", compute, tmp_path) == ["bergen", "oslo"]
    assert cached_lines("towns", "v1", compute, tmp_path) == ["bergen", "oslo"] and len(calls) == 1
    assert cached_lines("towns", "v2", lambda: ["tromso"], tmp_path) == ["tromso"]  # a new key, a new list
    assert not list(tmp_path.glob("*.tmp"))


def test_a_cache_that_cannot_be_written_is_skipped(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert cached_lines("towns", "v1", lambda: ["oslo"], blocked / "lists") == ["oslo"]


@pytest.fixture
def fresh_places(tmp_path, monkeypatch):
    monkeypatch.setenv("STORYLINE_CACHE", str(tmp_path))
    E.places.cache_clear()
    yield tmp_path
    E.places.cache_clear()


def test_place_names_come_from_the_cache_once_it_holds_them(fresh_places):
    first = E.places()
    assert "norway" in first and "los angeles" in first and "tomas varga" not in first
    [kept] = list((fresh_places / "lists").glob("places-15000-*.txt"))
    E.places.cache_clear()
    assert E.places() == first
    kept.write_text(kept.read_text(encoding="utf-8") + "\nport calderwick", encoding="utf-8")
    E.places.cache_clear()
    assert E.places() == first | {"port calderwick"}  # read from the file, not parsed again
