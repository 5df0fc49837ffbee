"""Each part of a story crosses the Spark boundary through one ``to_row``/``from_row`` pair: what a part writes
has exactly the fields its table declares, and reads back as the same part."""

from __future__ import annotations

import json

import pytest

from storyline.core.story.model import (Changes, Dispute, Entity, Evidence, Fact, Revised, Side, SingleSource,
                                        SourceSentence, StoryRecord, SummaryLine, TimelineRow)
from storyline.report.feed import IndexRow
from storyline.spark.schemas import CHANGES, FACTS, STORY_SUMMARY, check_value, fields

SRC = SourceSentence("a-1", "Wire", "Nine people died, police said.", "police said")
OTHER = SourceSentence("b-2", "Gazette", "Fourteen people died in the fire.", None)
SIDES = [Side("9 people", SRC.text, ["a-1"], ["Wire"], [SRC]), Side("14 people", OTHER.text, ["b-2"], ["Gazette"], [OTHER])]
DISPUTE = Dispute("people who died", "people", "number", SIDES)

PARTS = [
    SRC,
    Evidence("a-1", SRC.text),
    Fact("A fire broke out at the Kelso mill.", ["a-1", "b-2"], ["Gazette", "Wire"], 2, [SRC, OTHER]),
    SingleSource("The owner was abroad.", ["a-1"], ["Wire"], [SRC]),
    TimelineRow("2025-03-10", "A fire broke out at the Kelso mill", ["a-1"], ["Wire"], [SRC]),
    TimelineRow("2025", "The mill opened in 2025", ["b-2"], [], [OTHER]),
    DISPUTE,
    Entity("Kelso", "GPE", 3, ["Gazette", "Wire"], ["a-1", "b-2"], ["Kelso town"]),
    Revised("people", "9", "14", ["Gazette"]),
]


@pytest.mark.parametrize("part", PARTS, ids=lambda p: type(p).__name__)
def test_a_part_reads_back_as_it_was_written(part) -> None:
    row = part.to_row()
    assert type(part).from_row(json.loads(json.dumps(row))) == part


def test_the_rows_have_exactly_the_fields_the_tables_declare() -> None:
    facts = {"entities": [PARTS[7]], "timeline": [PARTS[4]], "corroborated": [PARTS[2]], "disputed": [DISPUTE],
             "single_source": [PARTS[3]]}
    check_value({k: [x.to_row() for x in v] for k, v in facts.items()}, FACTS, "facts")
    line = SummaryLine(SRC.text, "a-1", 0, ["a-1"], 1, [Evidence("a-1", SRC.text)], DISPUTE)
    check_value([line.to_row()], dict(fields(STORY_SUMMARY))["summary"], "summary")
    changes = Changes("updated", "2025-03-10T06:00:00Z", "2025-03-11T08:00:00Z", ["b-2"], ["title"], ["Gazette"],
                      [1], [DISPUTE], [PARTS[8]], [], ["s-0"], continues="s-9")
    check_value(changes.to_row(), CHANGES, "changes")


def test_a_summary_line_keeps_the_dispute_it_tells_a_side_of_as_its_note() -> None:
    line = SummaryLine(SRC.text, "a-1", 0, ["a-1"], 1, [Evidence("a-1", SRC.text)], DISPUTE)
    back = SummaryLine.from_row(line.to_row())
    assert back.dispute is not None and [s.claim for s in back.dispute.sides] == ["9 people", "14 people"]
    assert [s.outlets for s in back.dispute.sides] == [["Wire"], ["Gazette"]] and back.evidence == line.evidence


def test_what_changed_reads_back_with_its_new_disputes_as_claims() -> None:
    changes = Changes("updated", "x", "y", ["b-2"], [], ["Gazette"], [1], [DISPUTE], [PARTS[8]], ["s-0"], [])
    back = Changes.from_row(changes.to_row())
    assert back.revised == changes.revised and back.new_article_ids == ["b-2"] and back.merged_from == ["s-0"]
    assert [d.key for d in back.new_disputes] == [DISPUTE.key]


def test_a_story_row_reads_as_typed_parts_and_a_row_of_another_shape_as_empty() -> None:
    row = {"story_id": "s-1", "title": "Mill fire", "summary": [{"text": SRC.text, "article_ids": ["a-1"]}],
           "articles": [{"article_id": "a-1", "outlet": "Wire"}], "disputed": [DISPUTE.to_row()],
           "timeline": [PARTS[4].to_row()], "changes": {"status": "new"}, "storyline": {"stories": 2}}
    story = StoryRecord.from_row(row)
    assert story.n_articles == 1 and story.summary[0].text == SRC.text and story.disputed == [DISPUTE]
    assert story.timeline == [PARTS[4]] and story.changes.status == "new" and story.storyline.stories == 2
    odd = StoryRecord.from_row({"summary": "not a list", "disputed": [None, 3], "changes": []})
    assert odd.summary == [] and odd.disputed == [] and odd.changes == Changes()


def test_an_index_row_crosses_as_json_and_reads_back() -> None:
    row = IndexRow(name="s-1", story_id="s-1", title="Mill fire", lead_sides=[["9 people", "1 outlet"]],
                   earlier=[{"href": "s-0.html", "title": "Mill sold"}], status="new")
    assert IndexRow.from_row(json.loads(json.dumps(row.to_row()))) == row
