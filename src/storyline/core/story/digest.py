"""One story's digest: title, cited summary with evidence, and facts. Called once per story from Spark."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Sequence

import numpy as np

from storyline.core.story.claims import COMPARE_SENTENCES, find_all, SINGLE_SOURCE_MAX
from storyline.core.story.context import continues_quote, pronouns_needed, untold
from storyline.core.story.entities import analyse, MODEL, names_of, READ, short_forms
from storyline.core.story.honest import contradicting, honest_fact
from storyline.core.story.model import Article, Dispute, Entity, Evidence, Sentence, SummaryLine
from storyline.core.story.features import MAX_STORY_SENTENCES, SummaryConfig
from storyline.core.story.lead import LEAD_SPAN
from storyline.core.story.summarize import candidates, told_summary
from storyline.core.story.slant import told_by
from storyline.core.story.title import choose_title
from storyline.core.text.clean import title_residue
from storyline.core.text.sentences import quotation_joined
from storyline.core.text.text import content_terms, jaccard, outside_quotes
from storyline.core.nlp.embed import encode
from storyline.core.nlp.mentions import story_vocab
from storyline.core.story.timeline import build_timeline


def evidence_for(summary_text: str, source_ids: Sequence[str], sentences: Sequence[Sentence],
                 terms: Sequence[set[str]] | None = None) -> list[Evidence]:
    """For each source article, the sentence of that article closest to the summary sentence.

    ``terms`` may carry each sentence's content terms, computed once per story by the caller.

    >>> ss = [Sentence("a", 0, "Backman resigned on Monday."), Sentence("b", 0, "Rain."),
    ...       Sentence("b", 1, "Backman quit his job Monday, resigned.")]
    >>> [e.text for e in evidence_for("Backman resigned Monday.", ["a", "b"], ss)]
    ['Backman resigned on Monday.', 'Backman quit his job Monday, resigned.']
    """
    target = set(content_terms(summary_text))
    best: dict[str, tuple[float, int, str]] = {}
    wanted = set(source_ids)
    for i, s in enumerate(sentences):
        if s.article_id not in wanted:
            continue
        score = jaccard(target, terms[i] if terms is not None else set(content_terms(s.text)), empty=0.0)
        cur = best.get(s.article_id)
        if cur is None or score > cur[0] or (score == cur[0] and s.position < cur[1]):
            best[s.article_id] = (score, s.position, s.text)
    return [Evidence(a, best[a][2]) for a in sorted(best)]


def dispute_of(text: str, disputes: Sequence[Dispute]) -> Dispute | None:
    """The dispute a summary sentence tells one side of, or None when it is on no side."""
    return next((d for d in disputes if any(text in side.texts for side in d.sides)), None)


def digest(story_id: str, sentences: Sequence[Sentence], articles: Sequence[Article], cfg: SummaryConfig,
           disputes: Sequence[Dispute] = (), vectors_of: Callable[[list[str]], np.ndarray] | None = None,
           entities: Sequence[Entity] = ()) -> dict:
    """Summary (with citations and evidence) and title of one story.

    ``sentences`` must already be in a deterministic order (article id, position). ``disputes`` are the story's
    disputed claims: a summary sentence on one side says so (``dispute``), and the title takes no side.
    ``vectors_of`` gives the sentences' meaning (by default the ``cfg.embedding`` model). ``entities`` are the
    story's (:func:`story_facts`): a line naming one of its people by surname alone comes after one that names them
    in full.
    """
    ordered = sorted(sentences, key=lambda s: (s.article_id, s.position))
    disputed = frozenset(t for d in disputes for sd in d.sides for t in sd.texts)
    titles = {a.article_id: a.title for a in articles if title_residue(a.title) is None}
    chosen = told_summary(ordered, cfg, disputed, titles, vectors_of, short_forms(entities), names_of(entities))
    # no article is cited for a figure or a predicate it contradicts
    sources = {id(s): [a for a in s.sources if a == s.article_id or a not in contradicting(s.text, disputes)]
               for s in chosen}
    cited = {a for s in chosen for a in sources[id(s)]}
    terms = [set(content_terms(s.text)) if s.article_id in cited else set() for s in ordered]
    summary = [
        SummaryLine(s.text, s.article_id, int(s.position), sources[id(s)],  # taken from that article, at that place
                    int(s.support) if len(sources[id(s)]) == len(s.sources) else len(sources[id(s)]),
                    evidence_for(s.text, sources[id(s)], ordered, terms), dispute_of(s.text, disputes), s.rank)
        for s in chosen
    ]
    # the summary in its order: its lead, chosen to state the news, first (a lead on one side of a dispute may still
    # give a headline without its side), then the rest
    # the openings by place, then the earliest report's first (a follow-up's opening tells what came after)
    when = {a.article_id: str(a.published or "9999") for a in articles}  # undated last
    openings = [s.text for s in sorted(ordered, key=lambda s: (s.position, when.get(s.article_id, "9999"),
                                                               s.article_id)) if s.position < LEAD_SPAN]
    leads = [x.text for x in summary] or openings[:3]
    out = {
        "story_id": story_id,
        "title": choose_title(articles, leads, disputes, told_by(ordered, articles), openings),
        "summary": with_quotations_joined(summary),
    }
    return out


def with_quotations_joined(summary: Sequence[SummaryLine]) -> list[SummaryLine]:
    """The summary's lines, each that is a quotation and nothing else ("“We will rebuild.”", or the close of one
    opened before it) joined to the line before it when that is the sentence before it in its article: the rest of
    what its speaker said, read as part of the line that says who spoke. So is a line that follows such a quotation
    in its article (the quotation's speaker is told after it: '“We will rebuild.” “It is a hard day,” Reed said.');
    a quotation read on from one, with no speaker told in it, is one, with no marks between its sentences. The
    joined line cites the articles that carry both, each with the sentences of its own that carry them. The lead
    stays one sentence.

    >>> lines = [SummaryLine("The harbour closed on Monday.", "b", 0, ["b"], 1),
    ...          SummaryLine("“It is a hard day,” the mayor, Ann Reed, said.", "a", 3, ["a", "b"], 2),
    ...          SummaryLine("“We will rebuild.”", "a", 4, ["a"], 1)]
    >>> [(x.text, x.article_ids) for x in with_quotations_joined(lines)][1:]
    [('“It is a hard day,” the mayor, Ann Reed, said. “We will rebuild.”', ['a'])]
    """
    out: list[SummaryLine] = []
    ends: list[int] = []  # the position in its article of the last sentence each line holds
    tails: list[str] = []  # that sentence
    for line in summary:
        last = out[-1] if len(out) > 1 else None
        text = str(line.text)
        quoted = _quotation(text) or (last is not None and _quotation(str(last.text)))
        if last is None or not quoted or (last.article_id, ends[-1]) != (line.article_id, line.position - 1):
            out.append(replace(line, evidence=list(line.evidence)))
            ends.append(line.position)
            tails.append(text)
            continue
        ids = [a for a in last.article_ids if a in line.article_ids]
        said = {e.article_id: e.text for e in line.evidence}
        # a quotation read on from a quotation, no speaker told between them, is one: no marks between its sentences
        joined = (quotation_joined(str(last.text), text) if _quotation(tails[-1]) and _quotation(text)
                  else f"{last.text} {text}")
        out[-1] = replace(last, text=joined, article_ids=ids,
                          support=min(x for x in (last.support, line.support, len(ids)) if x is not None),
                          evidence=[Evidence(e.article_id, e.text if said[e.article_id] in e.text
                                             else f"{e.text} {said[e.article_id]}")
                                    for e in last.evidence if e.article_id in said],
                          dispute=last.dispute or line.dispute,
                          rank=min((x for x in (last.rank, line.rank) if x is not None), default=None))
        ends[-1], tails[-1] = line.position, text
    return out


def _quotation(text: str) -> bool:
    """A line that is a quotation and nothing else, or the close of one opened before it: no word of its own says
    who speaks."""
    return not any(c.isalnum() for c in outside_quotes(text)) or continues_quote(text)


def story_facts(sentences: Sequence[Sentence], articles: Sequence[Article], spacy_model: str = MODEL,
                single_source_max: int = SINGLE_SOURCE_MAX, compare_sentences: int = COMPARE_SENTENCES,
                embedding: str = "static",
                vectors_of: Callable[[list[str]], np.ndarray] | None = None, read_sentences: int = READ) -> dict:
    """Entities, timeline, corroborated and disputed claims and single-source statements of one story, as the
    typed parts of :mod:`~storyline.core.story.model` (``entities``: :class:`Entity`, ``timeline``:
    :class:`TimelineRow`, ``corroborated``: :class:`Fact`, ``disputed``: :class:`Dispute`, ``single_source``:
    :class:`SingleSource`); :func:`facts_row` writes them as the row the facts table holds. A line that is no
    sentence of the story (:func:`~storyline.core.story.context.untold`: a prompt, a request to anyone, a caption, a
    table row) is no event, no fact agreed and no single-source statement, and a line whose subject is "he", "she",
    "they" or "it" with nothing in it to stand for (:func:`~storyline.core.story.context.pronouns_needed`) is no
    fact agreed or single-source statement: each stands alone in its list.

    Entities are analysed once and shared with the claim finder, which needs them to name a dispute's subject.
    Entities mentioned only once are left out of the story's list (they stay available to the claim finder), and a
    story the model does not read (not in English) lists none.
    A story of more than ``MAX_STORY_SENTENCES`` sentences is read from the first sentences of its articles
    (:func:`~storyline.core.story.summarize.candidates`), as its summary is. The sentences' meaning comes from the
    ``embedding`` model (``vectors_of``, when given, replaces it: one unit row per text).
    """
    published = {a.article_id: a.published for a in articles}
    sentences = candidates(sentences, MAX_STORY_SENTENCES)  # corroboration compares sentence pairs: bounded
    texts = [s.text for s in sentences]
    vocab = story_vocab(texts)  # how the story writes its words: both readings of its names read it
    index = analyse(sentences, model=None, vocab=vocab)  # the claim finder's slots: capitalised runs and their cues
    # what a reader sees: the model's names, in a story it reads; the rules take half of a German story's names wrong
    shown = analyse(sentences, model=spacy_model, read=read_sentences, vocab=vocab).entities if vocab.english else []
    vectors = vectors_of(texts) if vectors_of is not None else encode(texts, embedding)
    corroborated, disputed, single = find_all(sentences, published=published, index=index,
                                              single_max=single_source_max, compare_sentences=compare_sentences,
                                              vectors=vectors)
    disputes = list(disputed)
    timeline = []
    events = build_timeline(sentences, published, english=index.english, people=people_of(shown))
    for e, why in zip(events, untold([e.text for e in events])):
        if why:
            continue  # a dated caption, a prompt or a clause cut from its subject is no event to show
        told = next((x.text for x in e.sentences if e.text in x.text), e.text)
        kept = honest_fact(e, disputes, text=told)  # sided by the sentence the clause comes from
        if kept is not None:
            timeline.append(kept)
    facts = [f for c in corroborated if (f := honest_fact(c, disputes, min_outlets=2)) is not None]
    # what outlets agree on, or one alone tells, is a sentence of the story: never a prompt, a caption or a table row;
    # and each stands alone in its list, so one whose "he" or "they" only the line before it explains says of no one
    lines = [f.text for f in facts] + [x.text for x in single]
    kinds = [why or ("unreferred" if need else None) for why, need in zip(untold(lines), pronouns_needed(lines))]
    facts, single = ([x for x, why in zip(facts, kinds) if not why],
                     [x for x, why in zip(single, kinds[len(facts):]) if not why])
    return {
        "entities": [e for e in shown if e.mentions >= 2],
        "timeline": timeline,
        "corroborated": facts,
        "disputed": disputes,
        "single_source": single,
    }


def people_of(entities: Sequence[Entity]) -> dict[str, str]:
    """Each way a story writes a person's name (the name, its variants, the surname alone) to that name, the most
    mentioned person's first where two share a surname.

    >>> people_of([Entity("Wally Backman", "PERSON", 9, variants=["Wally"]), Entity("Mets", "ORG", 7)])
    {'Wally Backman': 'Wally Backman', 'Wally': 'Wally Backman', 'Backman': 'Wally Backman'}
    """
    out: dict[str, str] = {}
    for e in sorted((e for e in entities if e.type == "PERSON"), key=lambda e: (-e.mentions, e.name)):
        for form in (e.name, *e.variants, e.name.split()[-1]):
            out.setdefault(form, e.name)
    return out


def facts_row(facts: dict) -> dict:
    """:func:`story_facts`' result as JSON-ready dicts throughout (each part's ``to_row``): the row the facts table
    holds."""
    return {k: [x.to_row() for x in v] for k, v in facts.items()}
