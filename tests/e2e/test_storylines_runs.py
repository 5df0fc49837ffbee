"""Storylines end to end, on a set of our own (tests/data/threads), run as two days (the second added with --into):
events of one thread with the same people at the centre are one storyline in time order, and a thread that goes on
on day 2 keeps day 1's storyline id; events of one topic with other actors (one regulator's two recalls, one police
force's two cases, two data leaks, two fare rises, two zoos' cubs, ...) are not one storyline."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from conftest import REPO
from storyline.core.story.storylines import storyline_id

DATA = REPO / "tests" / "data" / "threads"
GOLD = json.loads((DATA / "gold.json").read_text(encoding="utf-8"))


SPLIT = "2025-04-10"  # day 1: the events before it (Marek's resignation and next job, Bhatt charged, both recalls)
# and the undated reports


def _stories(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "stories.jsonl").read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def threads(spark, tmp_path_factory) -> dict:
    from storyline.config import load_config
    from storyline.run.runner import run

    d = tmp_path_factory.mktemp("threads")
    records = [json.loads(line) for line in (DATA / "articles.jsonl").read_text(encoding="utf-8").splitlines()]
    days = []
    for name, keep in (("day1", lambda r: (r["published"] or "") < SPLIT),
                       ("day2", lambda r: (r["published"] or "") >= SPLIT)):
        days.append(d / f"{name}.jsonl")
        days[-1].write_text("".join(json.dumps(r) + "\n" for r in records if keep(r)), encoding="utf-8")
    cfg, out = load_config(overrides={"spark.master": "local[2]"}), d / "out"
    run([str(days[0])], out, cfg, spark=spark)
    day1 = _stories(out)
    run([str(days[1])], out, cfg, spark=spark, into=out)
    return {"day1": day1, "stories": _stories(out), "storylines": pq.read_table(out / "storylines").to_pylist(),
            "report": out / "report"}


def _story_of(threads: dict, group: str) -> dict:
    """The story that tells a group of the set (an event: its articles' ids start with the group's name)."""
    found = [s for s in threads["stories"] if any(a.startswith(group + "-") for a in s["article_ids"])]
    assert len(found) == 1, (group, [s["title"] for s in found])
    return found[0]


# Known misses, recorded here so that each shows when it is fixed. The tune half's were read; the held-out half's
# are scored only (not read), so their reasons say what came out, not why.
_MISSED = {
    "solberg": "the sale and the earlier events tell each other's openings at 0.17-0.23, under min_reference 0.25, "
               "and their openings are 0.73-0.78 close, under min_similarity 0.8",
    "aldercrest": "held out: not one storyline in order",
    "halvard": "the rehung painting's story lists no entity for its painter, whom its lead names as the painting's "
               "possessor: it shares no actor with the theft and the find",
    "grevholm": "held out: not one storyline in order",
}
_MISSED_UNDATED = {"tolvik": "held out: its two undated events are one story"}
_MISSED_APART: dict[str, str] = {}


def _cases(names, missed: dict[str, str]) -> list:
    return [pytest.param(c, marks=pytest.mark.xfail(reason=missed[c], strict=True)) if c in missed else c
            for c in sorted(names)]


@pytest.mark.parametrize("case", _cases(GOLD["threads"], _MISSED))
def test_the_events_of_a_thread_are_one_storyline_in_time_order(threads: dict, case: str) -> None:
    stories = [_story_of(threads, g) for g in GOLD["threads"][case]]
    ids = list(dict.fromkeys(s["story_id"] for s in stories))  # days of one event may be one story already
    line = next(x for x in threads["storylines"] if ids[0] in x["story_ids"])
    assert [i for i in line["story_ids"] if i in ids] == ids
    assert {s["storyline_id"] for s in stories} == {line["storyline_id"]}
    for before, after in zip(ids, ids[1:]):
        by_id = {s["story_id"]: s for s in stories}
        assert by_id[before]["next"] == after and by_id[after]["previous"] == before


@pytest.mark.parametrize("case", _cases(GOLD["undated"], _MISSED_UNDATED))
def test_undated_reports_of_two_events_of_one_man_are_two_stories(threads: dict, case: str) -> None:
    """Undated reports of two events of one thread are two stories: four reports of one chief executive, two events
    years apart, share his name, his company and its chair, and the ages the texts give him (58 in one event, 61 in
    the other) keep the events apart."""
    stories = [_story_of(threads, g) for g in GOLD["threads"][case]]
    assert len({s["story_id"] for s in stories}) == len(stories)
    assert all(len(s["article_ids"]) == 2 for s in stories)


@pytest.mark.parametrize("case", _cases(GOLD["apart"], _MISSED_APART))
def test_events_of_one_topic_with_other_actors_are_different_storylines(threads: dict, case: str) -> None:
    lines = {_story_of(threads, g)["storyline_id"] for g in GOLD["apart"][case]}
    assert len(lines) == len(GOLD["apart"][case])


def test_every_story_is_in_one_storyline_named_after_its_first_story(threads: dict) -> None:
    placed = [i for x in threads["storylines"] for i in x["story_ids"]]
    assert sorted(placed) == sorted(s["story_id"] for s in threads["stories"])
    for x in threads["storylines"]:
        assert x["storyline_id"] == storyline_id(x["story_ids"][0])
        assert (x["first_day"] is None) == (x["last_day"] is None) and x["label"]
        assert x["first_day"] is None or x["first_day"] <= x["last_day"]


def test_a_thread_that_goes_on_the_next_day_keeps_its_storyline_id(threads: dict) -> None:
    charged = next(s for s in threads["day1"] if any(a.startswith("bhatt-charged-") for a in s["article_ids"]))
    assert charged["next"] is None
    later = [_story_of(threads, g) for g in GOLD["threads"]["bhatt"]]
    assert {s["storyline_id"] for s in later} == {charged["storyline_id"]}
    # day 2's first story of the thread continues day 1's; the one after it continues a story of its own run
    plea, verdict = later[1], later[2]
    assert plea["changes"]["status"] == "new" and plea["changes"]["continues"] == charged["story_id"]
    assert verdict["changes"]["continues"] is None
    assert all(s["changes"]["continues"] is None for s in threads["day1"])
    feed = (threads["report"] / "feed.xml").read_text(encoding="utf-8")
    entry = feed.split(f"urn:storyline:story:{plea['story_id']}", 1)[1].split("</entry>", 1)[0]
    assert f"New story, continuing: {charged['title']}" in entry


def test_a_story_page_lists_the_earlier_stories_of_its_storyline_linked(threads: dict) -> None:
    charged, plea, verdict = (_story_of(threads, g) for g in GOLD["threads"]["bhatt"])
    page = (threads["report"] / "stories" / f"{verdict['story_id']}.html").read_text(encoding="utf-8")
    assert "Earlier in this storyline" in page
    earlier = page.split("Earlier in this storyline", 1)[1].split("</ol>", 1)[0]
    assert earlier.index(f'href="{charged["story_id"]}.html"') < earlier.index(f'href="{plea["story_id"]}.html"')
    first = (threads["report"] / "stories" / f"{charged['story_id']}.html").read_text(encoding="utf-8")
    assert "Earlier in this storyline" not in first
    index = (threads["report"] / "index.html").read_text(encoding="utf-8")
    assert 'id="by-storyline"' in index and f'data-storyline="{verdict["storyline_id"]}"' in index
