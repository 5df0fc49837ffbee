"""What a date dates, read from the parse (storyline.core.nlp.dated): the clause of the verb it hangs on, or no
event (a span, background, no date)."""

from __future__ import annotations

import pytest

from storyline.core.nlp.dated import dated
from storyline.core.nlp.dates import find_dates
from storyline.core.nlp.parse import parse
from storyline.core.nlp.roles import COMPONENTS


def _read(sentence: str, date: str, published: str | None = None):
    p = parse([sentence], COMPONENTS)[0]
    start, end = next((a, b) for a, b, iso in find_dates(sentence, published) if iso == date)
    return dated(p, start, end, year=sentence[start:end].replace("-", "").isdigit())


@pytest.mark.parametrize("sentence, date, row", [
    # the verb's clause, less the clauses joined to it
    ("The harbour board sold the old ferry in 2011 and bought two smaller boats.", "2011",
     "The harbour board sold the old ferry in 2011"),
    # a verb sharing its subject is told with it; an active past verb borrows no auxiliary
    ("The club was relegated in 2009 and won promotion back in 2012.", "2012", "The club won promotion back in 2012."),
    # an adverbial clause with its own subject is a row of its own, without its subordinator
    ("Shares fell sharply after the regulator fined the bank in March 2020.", "2020-03",
     "The regulator fined the bank in March 2020."),
    # a clause of "when" tells its time together with its main clause
    ("When the storm hit in 1998, the town had no sea wall.", "1998", "When the storm hit in 1998, the town had no sea wall."),
    # a time the parser hangs on the object dates the verb
    ("Divers found the missing trawler on Monday off the northern cape.", "2024-03-04",
     "Divers found the missing trawler on Monday off the northern cape."),
    # a clause left out before the reporter: the comma (and the quotation mark) that lead back stay
    ("The port closed on Tuesday morning and will stay shut for two days, the port authority said.", "2024-03-05",
     "The port closed on Tuesday morning, the port authority said."),
    ('"We watched it closely in 2018 and we learned from it," she said.', "2018",
     '"We watched it closely in 2018," she said.'),
    # a reported clause is told with its reporter
    ("The mayor said the bridge closed in 2015 because of cracks.", "2015",
     "The mayor said the bridge closed in 2015 because of cracks."),
])
def test_a_date_dates_the_clause_of_its_verb(sentence: str, date: str, row: str) -> None:
    d = _read(sentence, date, "2024-03-05")
    assert (d.kind, d.text) == ("event", row)


@pytest.mark.parametrize("sentence, date, kind", [
    ("Road deaths have fallen every year since 2008, the ministry says.", "2008", "span"),
    ("The prize went to a chemist who retired in 1987.", "1987", "background"),  # a clause describing a noun
    ("The court upheld his 2015 conviction on Friday.", "2015", "background"),  # a year on the object
    ("She was jailed on Tuesday for selling forged tickets in 2019.", "2019", "background"),  # a gerund's date
    ("The fund will double its stake if the merger closes in 2026.", "2026", "background"),  # a condition
    ("The screen shows 1920 pixels across and weighs 200 grams.", "1920", "none"),  # a count, no date
    ("Paraves Sereno, 1998", "1998", "none"),  # no verb: a label, a citation, a caption tells no event
    ("Kelso harbour board annual report, March 2015", "2015-03", "none"),
    ("The bank earned $9 million between May 2010 and May 2011.", "2010-05", "span"),  # a period bounded
    ("In 2012 the harbour was the busiest in the region.", "2012", "background"),  # a state, not an event
    ("The ferry could sail again on Saturday, the operator said.", "2024-03-02", "forecast"),  # may happen
    ("By 2030 the port should have doubled its cargo, planners say.", "2030", "forecast"),
    # a verb in the present with a date: a caption, a state now beside an earlier event, or a schedule
    ("Coastguard crews take part in a rescue drill off Kelso in March 2015.", "2015-03", "present"),
    ("The cancellation count for Wenna now surpasses the 900 or so sailings during Storm Edda in August 2011.",
     "2011-08", "present"),
])
def test_a_date_that_opens_a_span_dates_background_or_is_no_date_dates_no_event(sentence: str, date: str,
                                                                                   kind: str) -> None:
    assert _read(sentence, date, "2024-03-05").kind == kind


def test_a_clause_whose_pronoun_stands_for_a_name_left_out_is_told_in_its_sentence() -> None:
    sentence = "Lovett told the court that the boy developed a fever in December 2014 and she treated him at home."
    assert _read(sentence, "2014-12").text.startswith("Lovett told the court")
    sentence = "Doctors said Ryan was admitted in December 2014, and he died weeks later."
    assert _read(sentence, "2014-12").text.startswith("Doctors said Ryan")
