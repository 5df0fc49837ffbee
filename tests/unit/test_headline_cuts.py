"""Where a headline may be cut: a title written from a sentence is that sentence less whole constituents, read from
the parse, or `bench reads` calls it cut."""

from __future__ import annotations

import pytest

from storyline.core.story.headline import cut_inside


MISREAD = "the small parser reads the sentence otherwise: 'made' as an adverbial clause, 'before' as a preposition"

# (the words before the cut, the words after it, whether the words before stand as a whole statement)
CUTS = [
    ('U.S. Defense Secretary Jim Mattis said', ' on Thursday the U.S. military did not have the facts', False),
    ('As tough as the job market has been', ' in 2010, employers are not making it easier', False),
    ('Passengers aboard United flight 116 bound for the U.S.', ' from Hong Kong were finally able to leave', False),
    ('Shortly after Bill Cosby was sentenced to prison', ' his spokesman said', False),
    ('Driving home', ' he', False),
    ('Boeing has cut 10,000 jobs at its plants', ' in Washington state', True),
    ('The animal was named Caihong juji, Mandarin for “rainbow', ' with the big crest”', False),
    ('“I was shocked by its feathers, even', ' though I had seen many”', False),
    ('Wyatt called the trial that resulted', ' in a conviction racist', False),
    ('Ashes from the grave of John the Apostle have been discovered', ' in a lead tube by archaeologists', True),
    ('Actor Burt Reynolds is in intensive care', ', where he went for treatment, his agent said', True),
    ("Protesters climbed London's Shard - the tallest building", ' in western Europe', False),
    ('Police released video of the suspect wanted', ' in a theft', False),
    ('He was arrested and charged', ' on', True),
    ('A vegan mother whose son was taken from her months ago', ' after he lost weight has regained custody', False),
    ('A man who was freed on a technicality was put back behind bars', ' on Friday', True),
    ("Budweiser's poignant ad, which features a man raising a Clydesdale", ' and then reuniting, is now', False),
    ('For people with heart disease, rapidly losing and regaining weight', ' — or yo-yo dieting — may harm', False),
    ('For people with heart disease, rapidly losing and regaining weight — or yo-yo dieting', ' — may harm', False),
    ('The Washington region, home to most federal workers', ' in the nation, could lose $200 million a day', False),
    ('Kellogg Co., citing the deterioration of a country', ' in the midst of a meltdown, said Tuesday it was', False),
    pytest.param('One of the supervisors ousted this week for their involvement', ' in the scandal made light of his job',
                 False, marks=pytest.mark.xfail(strict=True, reason=MISREAD)),
    ('Mayor Ana Ruiz, who led the city for a decade, resigned', ' on Monday, her office said', True),
    pytest.param('He told her he would leave two months', ' before he did', False,
                 marks=pytest.mark.xfail(strict=True, reason=MISREAD)),
    ('A woman she never saw', ' before walked in', False),
]


@pytest.mark.parametrize("head, rest, whole", CUTS)
def test_a_cut_is_whole_only_when_it_leaves_a_statement_standing(head: str, rest: str, whole: bool) -> None:
    assert (cut_inside(head, head + rest + ".") is None) is whole


def test_an_aside_left_open_or_emptied_is_a_cut() -> None:
    # an apposition opened by a comma and never closed runs into the verb
    assert cut_inside("The film, Ebbing at Sea is the only known surviving copy",
                      "The film, Ebbing at Sea, is the only known surviving copy of the reel.") == "cut"
    # an aside's dashes left with nothing between them
    assert cut_inside("More than 20 unpublished poems by Anna Lindqvist – – have been unearthed in Kelso",
                      "More than 20 unpublished poems by Anna Lindqvist – according to her publisher – have been "
                      "unearthed in Kelso.") == "cut"
