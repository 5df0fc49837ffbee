"""The order of a summary's lines as a reader follows them: a line whose "he" or "they" only the line before it in
its article explains follows that line (:func:`after_referent`), and a line that gives someone by one word of their
name comes after the line that gives the whole name (:func:`introduced_first`). Called from
:func:`~storyline.core.story.summarize.told_summary`."""

from __future__ import annotations

from typing import Mapping, Sequence

from storyline.core.nlp.mentions import names_pattern
from storyline.core.story.context import pronouns_needed
from storyline.core.story.model import SummarySentence


def introduced_first(chosen: Sequence[SummarySentence], names: Sequence[str] = ()) -> list[SummarySentence]:
    """The summary's lines, with each line that gives a person's whole name ("Jehangir Karamat, a former military
    chief, ...") moved to just before the first line that gives that person by one word of it when no line before
    that one has the word ("Karamat said ...", "Melquan's family ..."): a reader is told who someone is before
    reading of them by surname. So with an organisation's ("Intermex" after "Intermex Wire Transfer LLC"). The
    line moves with the lines right before and after it that it goes on from or that go on from it in its article
    (a quotation and the line that says who spoke it stay together). The names are the story's (``names``: its
    people's and organisations' names and each other way it writes them, as its entities list them), found in each
    line as whole words, the longest first; the lead stays first.

    >>> lines = [SummarySentence("A Kelso harbour worker was arrested on Monday.", "a", 0, ("a",), 1),
    ...          SummarySentence("Lindqvist said she had been at home all evening.", "b", 4, ("b",), 1),
    ...          SummarySentence("The port police named the worker as Anna Lindqvist, 34.", "a", 1, ("a",), 1)]
    >>> [s.text[:12] for s in introduced_first(lines, ["Anna Lindqvist", "Lindqvist"])]
    ['A Kelso harb', 'The port pol', 'Lindqvist sa']
    """
    out = list(chosen)
    pattern = names_pattern(names)
    if len(out) < 3 or pattern is None:
        return out
    people = {s.text: pattern.findall(s.text) for s in out}
    for _ in range(len(out)):  # each round moves one introduction up; none moves back down
        move = _introduction(out, people)
        if move is None:
            break
        k, j = move
        run = [j]
        while run[-1] + 1 < len(out) and _goes_on(out[run[-1]], out[run[-1] + 1]):
            run.append(run[-1] + 1)
        while run[0] - 1 > k and _goes_on(out[run[0] - 1], out[run[0]]):
            run.insert(0, run[0] - 1)
        block = [out[i] for i in run]
        rest = [x for i, x in enumerate(out) if i not in run]
        out = rest[:k] + block + rest[k:]
    return out


def _goes_on(before: SummarySentence, line: SummarySentence) -> bool:
    """``line`` is the sentence right after ``before`` in its article."""
    return (line.article_id, line.position) == (before.article_id, before.position + 1)


def _introduction(lines: Sequence[SummarySentence], people: Mapping[str, list[str]]) -> tuple[int, int] | None:
    """The first line (``k``) that gives a person by one word no line before it has, with the first line after it
    (``j``) that gives a longer name holding that word; None when there is none. The one word is itself one of the
    names each line is searched for, so a line before that writes it has it among the words of its names."""
    words_of = {line: {w for n in names for w in n.split()} for line, names in people.items()}
    for k in range(1, len(lines)):
        for name in people.get(lines[k].text, ()):
            parts = name.split()
            if len(parts) != 1 or any(parts[0] in words_of.get(lines[i].text, ()) for i in range(k)):
                continue
            j = next((j for j in range(k + 1, len(lines)) if any(
                len(n.split()) > 1 and parts[0] in n.split() for n in people.get(lines[j].text, ()))), None)
            if j is not None:
                return k, j
    return None


def after_referent(chosen: Sequence[SummarySentence]) -> list[SummarySentence]:
    """The summary's lines, each line whose "he" or "they" only the line before it in its article explains
    (:func:`unreferred`) moved to follow that line, when it is chosen.

    >>> lines = [SummarySentence("Kelso's mayor, Ann Reed, resigned on Monday.", "a", 0, ("a",), 1),
    ...          SummarySentence("Council leader Tom Hart said a vote would follow.", "b", 0, ("b",), 1),
    ...          SummarySentence("In a statement, she thanked the council.", "a", 1, ("a",), 1)]
    >>> [s.text[:14] for s in after_referent(lines)]
    ["Kelso's mayor,", 'In a statement', 'Council leader']
    >>> chain = lines + [SummarySentence("Later, she left the hall.", "a", 2, ("a",), 1)]
    >>> [s.text[:14] for s in after_referent([chain[0], chain[1], chain[3], chain[2]])]
    ["Kelso's mayor,", 'In a statement', 'Later, she lef', 'Council leader']

    A line that moves takes with it the lines right after it that go on in its article (the rest of a quotation):

    >>> quote = [lines[0], lines[1], lines[2], SummarySentence('"We owe the town an answer."', "a", 2, ("a",), 1)]
    >>> [s.text[:14] for s in after_referent(quote)]
    ["Kelso's mayor,", 'In a statement', '"We owe the to', 'Council leader']
    """
    moving = sorted((s for s in unreferred(chosen)
                     if any(c.article_id == s.article_id and c.position == s.position - 1 for c in chosen)),
                    key=lambda s: (s.article_id, s.position))
    carried: dict[SummarySentence, list[SummarySentence]] = {}  # the lines that go on from each, next in the summary
    for s in moving:
        run, k = [s], chosen.index(s) + 1
        while (k < len(chosen) and chosen[k] not in moving and chosen[k].article_id == s.article_id
               and chosen[k].position == run[-1].position + 1):
            run.append(chosen[k])
            k += 1
        carried[s] = run
    taken = {c for run in carried.values() for c in run}
    out = [s for s in chosen if s not in taken]
    for s in moving:  # in article order, so that a line whose predecessor moves too comes after it
        k = next((k for k, c in enumerate(out) if c.article_id == s.article_id and c.position == s.position - 1),
                 len(out) - 1)  # a predecessor carried by a line of another article that moves later: at the end
        out[k + 1:k + 1] = carried[s]
    return out


def unreferred(chosen: Sequence[SummarySentence]) -> list[SummarySentence]:
    """The lines of a summary whose subject is "he", "she" or "they" with nothing in the line it stands for
    (:func:`~storyline.core.story.context.pronouns_needed`), that do not follow the line before them in their
    article: the reader is not told who. An article's first sentence and the summary's first line are read as
    they stand.

    >>> lines = [SummarySentence("Kelso's mayor, Ann Reed, resigned on Monday.", "a", 0, ("a",), 1),
    ...          SummarySentence("In a statement, she thanked the council.", "a", 1, ("a",), 1),
    ...          SummarySentence("In a statement, he blamed the council.", "b", 4, ("b",), 1)]
    >>> [s.text for s in unreferred(lines)]
    ['In a statement, he blamed the council.']
    """
    read = [k for k, s in enumerate(chosen) if k > 0 and s.position > 0
            and (chosen[k - 1].article_id, chosen[k - 1].position) != (s.article_id, s.position - 1)]
    needs = pronouns_needed([chosen[k].text for k in read])
    return [chosen[k] for k, need in zip(read, needs) if need]


def orphaned(chosen: Sequence[SummarySentence]) -> list[SummarySentence]:
    """The lines of a summary whose "he", "she" or "they" only the line before them in their article explains
    (:func:`unreferred`), where that line is not chosen: nothing the reader is shown says who.

    >>> lines = [SummarySentence("Kelso's mayor, Ann Reed, resigned on Monday.", "a", 0, ("a",), 1),
    ...          SummarySentence("In a statement, he blamed the council.", "b", 4, ("b",), 1),
    ...          SummarySentence("In a statement, she thanked the council.", "a", 1, ("a",), 1)]
    >>> [s.text for s in orphaned(lines)]
    ['In a statement, he blamed the council.']
    """
    told = {(c.article_id, c.position) for c in chosen}
    return [s for s in unreferred(chosen) if (s.article_id, s.position - 1) not in told]
