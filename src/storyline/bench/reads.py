"""How a run's stories read: the faults an editor sees first, counted over any run's ``stories.jsonl``.

- **residue titles**: a title that is no headline (a share bar, a caption, a credit, a time stamp, a byline, a
  sentence cut with an ellipsis, "(untitled story)");
- **furniture sentences**: a summary sentence that is a caption, a credit or page furniture by its shape
  (:func:`storyline.core.text.furniture.furniture`), one that recurs word for word in the summaries of
  unrelated stories, or one that is no line of the story by its parse (:func:`storyline.core.story.context.untold`:
  a prompt to the reader, a label with no verb, a fragment);
- **context openers**: a summary sentence that opens needing what the reader was never told: a connective or a
  pronoun whose antecedent is not the summary sentence before it, a quotation with no speaker, first person
  outside quotation marks, a bare name ("Hartley said ...") that neither the title nor an earlier summary sentence
  introduced, or a short elliptical sentence ("Having three in a row certainly is.");
- **cut headlines**: a title over 20 words, or one written from a sentence of the story that is not that sentence
  less whole constituents, read from the parse (:func:`storyline.core.story.headline.cut_inside`): it stops inside a
  phrase ("a car listed"), leaves out what a phrase cannot do without ("An $8 billion merger is"), takes a figure
  out of a phrase it keeps ("A total of men have been charged") or is no statement;
- **background-dated rows**: a timeline row that tells a whole sentence under a date that sits in a relative clause
  of it ("AirAsia, which began operations in 2001, said ..." dated 2001), that opens a span ("749 children have died
  since 1998" dated 1998), or that is not the date the sentence opens with ("In 2015, it was reported ... in 2011"
  dated 2011): the background's date on the news;
- **non-names**: among a story's five most mentioned entities, one that is no name: it holds a pronoun, a
  determiner or a contraction ("I've", "Obviously I'm", "Email This Nicole"), a lower-case word that is no name
  particle, opens on a verb form ("Fearing Irene"), or is an adjective of a people or a creed, written before a
  noun wherever the story writes it ("a Jewish student");
- **furniture leads and rows**: a story's lead (its first summary sentence) or a timeline row that is page furniture
  by its shape, or recurs word for word in the leads or timelines of unrelated stories;
- **background leads**: a lead whose own dates all lie more than a year before the story's news (its latest
  publication date, else the latest date its timeline gives to the day): it tells what came before, not what
  happened;
- **mixed events**: a story whose articles tell their news more than a year apart (by publication, else by each
  article's latest timeline date): two events of one topic, not one story;
- **restatement pairs**: two sentences of one summary that state the same fact: most of the content words of the
  shorter one, with numbers written as digits, are in the other (the summariser's own test,
  :func:`storyline.core.story.summarize.restated`);
- **glued words**: a word of a title, summary sentence or timeline row that is two run together: a small word, a
  stop and a capital with no space ("officials.LASD"), or a capital inside a word after a small letter where the
  story writes each part as a word of its own and the whole only once ("SurinDeleuze" beside "Surin" and
  "Deleuze"; not "WordPress", a name the story repeats, nor a part of a web address, "ContentAward.at"). Read from
  the story's text; when the run's articles table names the files read, a word with a capital inside that a source
  file holds as it is, with no markup between its parts, is the writer's spelling ("LithiumCarbonat"), not two
  words the extraction ran together (:func:`glued_words`, :func:`source_spelling`).

    storyline bench reads --data OUT_DIR [--examples 5] [--json OUT.json]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import sys
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable

import pyarrow.parquet as pq

from storyline.core.story.headline import MOST_WORDS, cut_inside, written_from
from storyline.core.nlp.names import modifier_only, not_a_name
from storyline.core.nlp.dated import dated
from storyline.core.nlp.dates import find_dates
from storyline.core.nlp.parse import parse
from storyline.core.text.language import ENGLISH, language
from storyline.core.text.text import hash_tokens
from storyline.core.story.context import context_need, instructing, untold
from storyline.core.story.restate import fact_terms, restated
from storyline.core.text.clean import title_residue
from storyline.core.text.furniture import furniture
from storyline.core.text.sentences import tidy_sentence
from storyline.core.text.text import WORD_RE, content_terms, fold_for_hash, words

_ELLIPTICAL = re.compile(r"\b(?:is|are|was|were|has|have|had|does|do|did|will|would|can|could|should|may|might)"
                         r"(?:\s+(?:not|n't|too|so|certainly|really|indeed))?\s*[.!]?[”\"]?$", re.I)
def residue(title: str | None) -> str | None:
    """Why a story title is no headline, or None.

    >>> residue("(untitled story)"), residue("Council backs fare rise after long debate")
    ('untitled', None)
    """
    if not title or title.strip() == "(untitled story)":
        return "untitled"
    return title_residue(title)


def needs_context(text: str, earlier: Iterable[str]) -> str | None:
    """How a summary sentence fails to stand where it stands, or None. ``earlier``: what the reader has read
    before it (the title and the summary sentences before it).

    >>> needs_context("Having three in a row certainly is.", [])
    'elliptical'
    >>> needs_context("He promised to appeal.", ["The court fined the mayor on Monday."])
    'prev'
    >>> needs_context("Hartley said the objects would go back.", ["Fares will rise by 50 cents."])
    'terms'
    >>> needs_context("Hartley said the objects would go back.", ["The museum director, Ann Hartley, spoke."]) is None
    True
    """
    t = text.strip()
    if len(t.split()) <= 8 and _ELLIPTICAL.search(t):
        return "elliptical"
    need = context_need(t)
    if need is None:
        return None
    kind, terms = need
    if kind == "terms":
        if t.startswith(("The ", "This ", "That ", "These ", "Those ")):
            return None  # a definite description: news prose opens so, and the title often introduces it
        seen = set().union(*(set(content_terms(e)) for e in earlier)) if earlier else set()
        return None if terms & seen else "terms"
    return kind


def background_dated(row: dict) -> bool:
    """A timeline row whose date, in the sentence it comes from, dates no event of it: it opens a span, dates
    background or is no date, as the parse reads that sentence (:func:`~storyline.core.nlp.dated.dated`); a sentence
    in another language is not read.

    >>> background_dated({"date": "2001", "text": "AirAsia, which began operations in 2001, said it was reviewing it."})
    True
    >>> background_dated({"date": "2001", "text": "AirAsia began operations in 2001."})
    False

    More rows, background dated and not, are in ``tests/unit/test_reads.py``.
    """
    date = str(row.get("date"))
    for t in [str(s.get("text") or "") for s in row.get("sentences") or []] or [str(row.get("text") or "")]:
        spans = [(a, b) for a, b, iso in find_dates(t) if iso == date]
        if spans and language(hash_tokens(t)) in (None, ENGLISH):  # the parser reads English only
            p = parse([t])[0]
            return all(dated(p, a, b, year=t[a:b].replace("-", "").isdigit()).kind not in ("event", "present")
                       for a, b in spans)  # a row dated by a verb in the present was kept as a schedule
    return False


def news_date(story: dict) -> str | None:
    """When a story's news happened: its latest publication date, else the latest date its timeline gives to the
    day (ISO), else None."""
    published = [str(a["published"])[:10] for a in story.get("articles") or [] if a.get("published")]
    if published:
        return max(published)
    days = [str(r["date"]) for r in story.get("timeline") or [] if len(str(r.get("date") or "")) == 10]
    return max(days) if days else None


def _year_before(iso: str, news: str) -> bool:
    """``iso`` (a year, a month or a day) ends more than a year before the day ``news``."""
    year, month = int(iso[:4]), int(iso[5:7]) if len(iso) >= 7 else 12
    ny, nm = int(news[:4]), int(news[5:7])
    return (ny - year) * 12 + (nm - month) > 12


def background_lead(story: dict) -> bool:
    """A lead whose dates all lie more than a year before the story's news.

    >>> st = {"articles": [{"article_id": "a", "published": "2016-10-04"}],
    ...       "summary": [{"text": "He was drafted by the Mets in June 1977.", "article_id": "a"}]}
    >>> background_lead(st), background_lead(dict(st, summary=[{"text": "He resigned on Monday.", "article_id": "a"}]))
    (True, False)
    """
    summary = story.get("summary") or []
    news = news_date(story)
    if not summary or news is None:
        return False
    lead = summary[0]
    pub = next((a.get("published") for a in story.get("articles") or [] if a["article_id"] == lead.get("article_id")),
               None)
    dates = [iso for _, _, iso in find_dates(str(lead.get("text") or ""), pub)]
    return bool(dates) and all(_year_before(iso, news) for iso in dates)


def events_apart(story: dict) -> str | None:
    """Two of a story's articles tell news more than a year apart ("2012-11-21 / 2014-07-08"), or None. An
    article's news is its publication date, else the latest date the story's timeline cites it for."""
    when: dict[str, str] = {}
    for a in story.get("articles") or []:
        if a.get("published"):
            when[a["article_id"]] = str(a["published"])[:10]
    if len(when) < 2:
        for row in story.get("timeline") or []:
            for aid in row.get("article_ids") or []:
                d = str(row.get("date") or "")
                if len(d) == 10 and d > when.get(aid, ""):
                    when[aid] = d
    if len(when) < 2:
        return None
    first, last = min(when.values()), max(when.values())
    return f"{first} / {last}" if _year_before(first, last) else None


_TEMPLATE_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?|\d+")


def template(text: str) -> str | None:
    """A line's shape with its numbers and inner capitalised words left out, when it has numbers and at least five
    other words: the same template in unrelated stories, filled with other dates and names, is a page's stamp ("The
    article was first published on # #").

    >>> template("The article was first published on June 15, 2017.") == template(
    ...     "The article was first published on August 5, 2015.")
    True
    >>> template("The council met on Monday."), template("Fares will rise by 50 cents from next month")
    (None, 'fares will rise by # cents from next month')
    """
    out = []
    for k, w in enumerate(_TEMPLATE_WORD.findall(text)):
        out.append("#" if w[0].isdigit() else "N" if w[0].isupper() and k else w.lower())
    if "#" not in out or sum(w not in ("#", "N") for w in out) < 5:
        return None
    return " ".join(out)


def restating(texts: list[str]) -> list[tuple[int, int]]:
    """Pairs of summary sentences of which one restates the other.

    >>> restating(["The eclipse will be visible on Monday across North America.",
    ...            "Across North America, Monday's eclipse will be visible.", "Tickets sold out in an hour."])
    [(0, 1)]
    """
    terms = [fact_terms(t) for t in texts]
    return [(i, j) for i in range(len(texts)) for j in range(i + 1, len(texts))
            if terms[i] and terms[j] and restated(terms[i], terms[j])]


_STOP_GLUED = re.compile(r"(?<![\w./@:-])([^\W\d_]{2,})[.!?]([^\W\d_]{2,})(?![\w./@-])")
_PART_LETTERS = 3  # each part of a glued word has at least this many letters ("LaGuardia", "AutorIn" are one word)


def glued_words(story: dict, spelt: Callable[[dict, str], bool] | None = None) -> list[tuple[str, str]]:
    """The words of a story's title, summary sentences and timeline rows that are two words run together, each with
    its line: a small word, a stop and a capital with no space between ("officials.LASD"), or a word with a
    capital after a small letter, each part of three letters or more, that the story's text (its shown lines,
    single-source entries, articles' titles and entities' names) holds only once while it holds each part as a word
    of its own. A hashtag, a handle or a part of a web address is one word; so is one that ``spelt(story, word)``
    says a source wrote as it is (:func:`source_spelling`).

    >>> glued_words({"title": "Deleuze on micropolitics", "summary": [
    ...     {"text": "An essay by Ann SurinDeleuze wrote on WordPress."}, {"text": "Surin edits WordPress pages."},
    ...     {"text": "Deputies told officials.LASD said the road was shut."}]})
    ... # doctest: +NORMALIZE_WHITESPACE
    [('SurinDeleuze', 'An essay by Ann SurinDeleuze wrote on WordPress.'),
     ('officials.LASD', 'Deputies told officials.LASD said the road was shut.')]
    """
    shown = [str(story.get("title") or "")] + [str(x.get("text") or "") for x in story.get("summary") or []] + [
        str(r.get("text") or "") for r in story.get("timeline") or []]
    context = shown + [str(x.get("text") or "") for x in story.get("single_source") or []] + [
        str(a.get("title") or "") for a in story.get("articles") or []] + [
        str(e.get("name") or "") for e in story.get("entities") or []]
    words = Counter(w.lower() for t in context for w in WORD_RE.findall(t))
    out: list[tuple[str, str]] = []
    for line in shown:
        for m in _STOP_GLUED.finditer(line):
            if m.group(1).islower() and m.group(2)[0].isupper():
                out.append((m.group(0), line))
        for m in WORD_RE.finditer(line):
            w = m.group(0)
            after = line[m.end():m.end() + 2]  # a stop with a small letter after it, no space: ".org", ".at"
            if (not w.isalpha() or line[m.start() - 1:m.start()] in ("#", "@", ".", "/")
                    or (after[:1] == "." and after[1:].isalpha() and after[1:].islower())):
                continue  # a word of letters only, not a hashtag's, a handle's or a web address's
            cuts = [k for k in range(_PART_LETTERS, len(w) - _PART_LETTERS + 1)
                    if w[k - 1].islower() and w[k].isupper()]
            if (cuts and words[w.lower()] == 1 and all(words[part.lower()] for part in _parts(w, cuts))
                    and not (spelt and spelt(story, w))):
                out.append((w, line))
    return out


def source_spelling(run: Path) -> Callable[[dict, str], bool] | None:
    """Whether a source file of a story's articles holds a word as it is (the writer spelt it so: no markup or line
    break lies between its parts), from the files the run's articles table names; None when the run has no such
    table. A compressed file is read uncompressed; a file no longer there holds nothing."""
    table = run / "articles" if run.is_dir() else run.parent / "articles"
    if not table.is_dir():
        return None
    paths = dict(zip(*pq.read_table(table, columns=["article_id", "source_path"]).to_pydict().values()))

    @lru_cache(maxsize=16)
    def raw(path: str) -> bytes:
        try:
            data = Path(path).read_bytes()
            return gzip.decompress(data) if path.endswith(".gz") else data
        except (OSError, EOFError, gzip.BadGzipFile):
            return b""

    def spelt(story: dict, word: str) -> bool:
        return any(word.encode("utf-8") in raw(p) for p in {paths.get(a) for a in story.get("article_ids") or []} if p)
    return spelt


def _parts(word: str, cuts: list[int]) -> list[str]:
    bounds = [0, *cuts, len(word)]
    return [word[a:b] for a, b in zip(bounds, bounds[1:])]


def read_stories(path: Path) -> list[dict]:
    f = path / "stories.jsonl" if path.is_dir() else path
    with open(f, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def count(stories: list[dict], examples: int = 5, spelt: Callable[[dict, str], bool] | None = None) -> dict:
    """The counts over a run's stories, each with up to ``examples`` examples; ``spelt`` tells a writer's own
    spelling from a glued word (:func:`source_spelling`)."""
    out: dict[str, dict] = {k: {"count": 0, "examples": []} for k in
                            ("residue_titles", "cut_headlines", "furniture_sentences", "context_openers",
                             "restatement_pairs", "background_dated_rows", "non_names", "furniture_leads",
                            "furniture_rows", "background_leads", "mixed_events", "glued_words")}

    def add(kind: str, example: dict) -> None:
        out[kind]["count"] += 1
        if kind == "cut_headlines":  # by what is wrong: long, cut, figure, clause
            by = out[kind].setdefault("by", {})
            by[example["why"]] = by.get(example["why"], 0) + 1
        if len(out[kind]["examples"]) < examples:
            out[kind]["examples"].append(example)

    recurs = _recurs(stories)
    n_sentences = n_rows = n_top = 0
    for st in stories:
        texts = [s["text"] for s in st.get("summary") or []]
        n_sentences += len(texts)
        _read_title_and_summary(st, texts, add, recurs)
        apart = events_apart(st)
        if apart:
            add("mixed_events", {"story_id": st["story_id"], "text": st.get("title") or "", "why": apart})
        n_rows += _read_timeline(st, add, recurs)
        n_top += _read_entities(st, texts, add)
        for i, j in restating(texts):
            add("restatement_pairs", {"story_id": st["story_id"], "texts": [texts[i], texts[j]]})
        for word, line in glued_words(st, spelt):
            add("glued_words", {"story_id": st["story_id"], "text": line, "why": word})
    out["stories"] = {"count": len(stories)}
    out["summary_sentences"] = {"count": n_sentences}
    out["context_openers"]["share"] = round(out["context_openers"]["count"] / n_sentences, 4) if n_sentences else 0.0
    out["background_dated_rows"]["share"] = round(out["background_dated_rows"]["count"] / n_rows, 4) if n_rows else 0.0
    out["non_names"]["share"] = round(out["non_names"]["count"] / n_top, 4) if n_top else 0.0
    for key in ("cut_headlines", "background_leads", "mixed_events"):
        out[key]["share"] = round(out[key]["count"] / len(stories), 4) if stories else 0.0
    return out


def _recurs(stories: list[dict]) -> Callable[[str, str], str | None]:
    """Whether a summary sentence (``"summary"``) or a timeline row (``"timeline"``) is told in more than one story,
    word for word ("recurs") or as one template ("template"): what a site prints on every page."""
    seen: dict[str, dict[str, set[str]]] = {"summary": defaultdict(set), "timeline": defaultdict(set)}
    shaped: dict[str, set[str]] = defaultdict(set)  # a line's template -> stories whose summary or timeline has it
    for st in stories:
        for s in st.get("summary") or []:
            seen["summary"][fold_for_hash(s["text"])].add(st["story_id"])
            shaped[template(s["text"]) or ""].add(st["story_id"])
        for row in st.get("timeline") or []:
            seen["timeline"][fold_for_hash(str(row.get("text") or ""))].add(st["story_id"])
            shaped[template(str(row.get("text") or "")) or ""].add(st["story_id"])
    shaped.pop("", None)

    def recurs(text: str, where: str) -> str | None:
        if len(seen[where][fold_for_hash(text)]) > 1:
            return "recurs"
        return "template" if len(shaped.get(template(text) or "", ())) > 1 else None
    return recurs


def _read_title_and_summary(st: dict, texts: list[str], add: Callable[[str, dict], None],
                            recurs: Callable[[str, str], str | None]) -> None:
    """A story's title (residue, cut) and summary (furniture, context it lacks, its lead)."""
    why = residue(st.get("title"))
    if why:
        add("residue_titles", {"story_id": st["story_id"], "title": st.get("title"), "why": why})
    own = {a.get("title") for a in st.get("articles") or []}
    title = str(st.get("title") or "")
    cut = None
    sources = [t for t in texts if written_from(title, t)] if title and title not in own else []
    if sources:  # a title written from the story's sentences: cut when it is cut from every one it may be from
        cuts = [cut_inside(title, t) for t in sources]
        cut = None if None in cuts else cuts[0]
    if title and not cut and len(words(title)) > MOST_WORDS:
        cut = "long"
    if cut:
        add("cut_headlines", {"story_id": st["story_id"], "title": title, "why": cut})
    parsed = untold(texts)
    for k, text in enumerate(texts):
        why = furniture(text) or recurs(text, "summary") or parsed[k]
        if why:
            add("furniture_sentences", {"story_id": st["story_id"], "text": text, "why": why})
        why = needs_context(text, [st.get("title") or ""] + texts[:k])
        if why and not (why in ("prev", "quote") and k > 0 and _follows(st, k)) and not (
                why == "quote" and k + 1 < len(texts) and _follows(st, k + 1)):  # "...," she said: its speaker next
            add("context_openers", {"story_id": st["story_id"], "text": text, "why": why})
    if texts:
        why = furniture(texts[0]) or recurs(texts[0], "summary") or parsed[0]
        if why:
            add("furniture_leads", {"story_id": st["story_id"], "text": texts[0], "why": why})
        if background_lead(st):
            add("background_leads", {"story_id": st["story_id"], "text": texts[0], "why": news_date(st)})


def _read_timeline(st: dict, add: Callable[[str, dict], None], recurs: Callable[[str, str], str | None]) -> int:
    """A story's timeline rows that are furniture or dated by background; how many rows it has."""
    rows = st.get("timeline") or []
    parsed = untold([str(row.get("text") or "") for row in rows])
    for row, told in zip(rows, parsed):
        text = str(row.get("text") or "")
        why = furniture(text) or recurs(text, "timeline") or told
        if why:
            add("furniture_rows", {"story_id": st["story_id"], "text": text, "why": why})
        if background_dated(row):
            add("background_dated_rows", {"story_id": st["story_id"], "text": row.get("text"),
                                          "why": row.get("date")})
    return len(rows)


def _read_entities(st: dict, texts: list[str], add: Callable[[str, dict], None]) -> int:
    """A story's top five entities that are no names; how many it has."""
    top = sorted(st.get("entities") or [], key=lambda e: -int(e.get("mentions") or 0))[:5]
    told = texts + [str(r.get("text") or "") for r in st.get("timeline") or []]
    for e in top:
        name = str(e.get("name") or "")
        afters = [t[m.end():m.end() + 40] for t in told for m in re.finditer(rf"\b{re.escape(name)}\b", t)]
        if not_a_name(name) or modifier_only(name, afters, least=1):
            add("non_names", {"story_id": st["story_id"], "text": e.get("name"), "why": e.get("type")})
    return len(top)


def _follows(story: dict, k: int) -> bool:
    """The k-th summary sentence comes right after the sentence before it in its own article: its pronoun,
    connective or quotation reads as its article wrote it. Outputs without positions are read leniently: the two
    sentences share an article."""
    prev, cur = story["summary"][k - 1], story["summary"][k]
    if "position" in cur and "position" in prev:
        return prev.get("article_id") == cur.get("article_id") and cur["position"] == prev["position"] + 1
    return bool(set(prev.get("article_ids") or []) & set(cur.get("article_ids") or []))


def story_key(story: dict) -> str:
    """A hand label's key for a story: a hash of its first (smallest) article id, which stays when its title or
    summary is written anew (the labels hold no id or text of the data they judge)."""
    first = min(story.get("article_ids") or [a["article_id"] for a in story.get("articles") or []] or [""])
    return hashlib.sha1(first.encode("utf-8")).hexdigest()


def label_half(key: str) -> str:
    """Which half of a labelled set a story is in, by its key (a hash) alone: "build" (read while the detectors
    were built) or "held" (kept apart, to report)."""
    return "build" if int(key, 16) % 2 == 0 else "held"


def check_labels(stories: list[dict], result: dict, labels: dict[str, dict[str, bool]]) -> dict:
    """Each detector's precision and recall against hand labels (``{count: {story_key: is_fault}}``), over the
    labelled stories of this run.

    >>> st = [{"story_id": "s1", "article_ids": ["b", "a"]}, {"story_id": "s2", "article_ids": ["c"]},
    ...       {"story_id": "s3", "article_ids": ["d"]}]
    >>> k = {x: story_key({"article_ids": [x]}) for x in "acd"}
    >>> check_labels(st, {"non_names": {"examples": [{"story_id": "s1"}, {"story_id": "s3"}]}},
    ...              {"non_names": {k["a"]: True, k["c"]: True, k["d"]: False}})["non_names"]["precision"]
    0.5
    """
    out = {}
    for kind, marks in labels.items():
        flagged = {e["story_id"] for e in result[kind]["examples"]}
        seen = [(st["story_id"] in flagged, marks[story_key(st)]) for st in stories if story_key(st) in marks]
        tp = sum(f and b for f, b in seen)
        fp = sum(f and not b for f, b in seen)
        fn = sum(b and not f for f, b in seen)
        out[kind] = {"labelled": len(seen), "faults": tp + fn, "flagged": tp + fp, "true_positives": tp,
                     "precision": round(tp / (tp + fp), 3) if tp + fp else None,
                     "recall": round(tp / (tp + fn), 3) if tp + fn else None}
    return out


def check_lines(stories: list[dict], labels: dict[str, bool], half: str | None = None,
                run: Path | None = None) -> dict:
    """The parse's reading of lines (:func:`storyline.core.story.context.untold`) against hand labels of lines
    (``{SHA-1 of the line: is furniture}``, no text kept), in one half of the labels or both, over the labelled
    lines this run holds (:func:`labelled_lines`): those it shows and, with its folder (``run``), every line of its
    articles, so that a line the product leaves out is read too. Each line is read as its story reads it: a command
    or a "you" is furniture only in a story whose shown lines do not instruct the reader.

    >>> key = hashlib.sha1("Check out the full auction on eBay!".encode("utf-8")).hexdigest()
    >>> st = [{"summary": [{"text": "Check out the full auction on eBay!"}], "timeline": []}]
    >>> check_lines(st, {key: True})["recall"]
    1.0
    """
    tp = fp = fn = n = 0
    for key, (text, instructs) in sorted(labelled_lines(stories, labels, run).items()):
        if half and label_half(key) != half:
            continue
        why, fault = untold([text], instructs)[0], labels[key]
        n, tp, fp, fn = n + 1, tp + (bool(why) and fault), fp + (bool(why) and not fault), fn + (fault and not why)
    return {"labelled": n, "faults": tp + fn, "flagged": tp + fp,
            "precision": round(tp / (tp + fp), 3) if tp + fp else None,
            "recall": round(tp / (tp + fn), 3) if tp + fn else None}


def labelled_lines(stories: list[dict], labels: dict[str, bool], run: Path | None = None
                   ) -> dict[str, tuple[str, bool]]:
    """Each hand-labelled line of this run (its key to its text and whether its story's shown lines instruct the
    reader, :func:`~storyline.core.story.context.instructing`): the summary sentences and timeline rows it shows,
    then, where the run's folder has its sentences and story tables, every line of its articles (as written and
    as the summary tidies it)."""
    found: dict[str, tuple[str, str | None]] = {}  # a labelled line's key to its text and its story
    shown: dict[str | None, list[str]] = {}
    for st in stories:
        shown[st.get("story_id")] = lines = [x["text"] for x in st.get("summary") or []]
        for text in lines + [str(r.get("text") or "") for r in st.get("timeline") or []]:
            if (key := hashlib.sha1(text.encode("utf-8")).hexdigest()) in labels:
                found[key] = (text, st.get("story_id"))
    if run is not None and (run / "sentences").is_dir() and (run / "story_articles").is_dir():
        story_of = dict(zip(*pq.read_table(run / "story_articles", columns=["article_id", "story_id"]).to_pydict()
                            .values()))
        sentences = pq.read_table(run / "sentences", columns=["article_id", "text"]).to_pydict()
        for aid, line in zip(sentences["article_id"], sentences["text"]):
            for text in {line, tidy_sentence(line)}:
                if (key := hashlib.sha1(text.encode("utf-8")).hexdigest()) in labels and key not in found:
                    found[key] = (text, story_of.get(aid))
    # only the stories that hold a labelled line are read for whether they instruct
    instructs = {story: instructing(shown.get(story, [])) for story in {story for _, story in found.values()}}
    return {key: (text, instructs[story]) for key, (text, story) in found.items()}


def format_report(result: dict) -> str:
    lines = [f"{result['stories']['count']} stories, {result['summary_sentences']['count']} summary sentences"]
    labels = {"residue_titles": "residue titles",
              "cut_headlines": "titles over 20 words, or written ones cut inside a phrase, missing a figure or no "
                               "statement",
              "furniture_sentences": "caption, credit and furniture sentences",
              "context_openers": "sentences that open needing context",
              "restatement_pairs": "pairs of summary sentences that restate each other",
              "background_dated_rows": "timeline rows dated by background",
              "non_names": "entities among each story's top five that are no names",
              "furniture_leads": "leads that are furniture", "furniture_rows": "timeline rows that are furniture",
              "background_leads": "leads that tell background", "mixed_events": "stories whose articles tell news "
                                                                                "more than a year apart",
              "glued_words": "glued words (two words run together) in titles, summaries and timelines"}
    for key, label in labels.items():
        r = result[key]
        of = {"background_dated_rows": "timeline rows", "non_names": "top-five entities", "background_leads": "stories",
              "mixed_events": "stories", "cut_headlines": "stories"}.get(key, "summary sentences")
        extra = f" ({r['share']:.1%} of {of})" if "share" in r else ""
        by = ", ".join(f"{k} {v}" for k, v in sorted(r.get("by", {}).items()))
        lines.append(f"{label}: {r['count']}{extra}" + (f" [{by}]" if by else ""))
        for ex in r["examples"]:
            text = ex.get("title") or ex.get("text") or " | ".join(ex.get("texts") or [])
            why = f" [{ex['why']}]" if ex.get("why") else ""
            lines.append(f"  - {ex['story_id'][:12]}{why}: {text[:160]}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="storyline bench reads", description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="a run's output folder, or its stories.jsonl")
    ap.add_argument("--examples", type=int, default=5, help="examples printed per count (default 5)")
    ap.add_argument("--json", help="also write the counts and examples here")
    ap.add_argument("--half", choices=("build", "held"), help="check against one half of the labels only (the "
                                                              "half kept apart from building is 'held')")
    ap.add_argument("--labels", help="hand labels (JSON: {\"labels\": {count: {story's first article id: fault or "
                                     "not}}}, as in benchmarks/labels/): print each detector's precision and recall "
                                     "over the labelled stories")
    ap.add_argument("--line-labels", help="hand labels of lines (JSON: {\"labels\": {SHA-1 of a line: furniture "
                                          "or not}}, as benchmarks/labels/lines.json): print the parse's precision "
                                          "and recall over the labelled lines of this run, shown or not")
    args = ap.parse_args(argv)
    stories = read_stories(Path(args.data))
    result = count(stories, len(stories) if args.labels else args.examples,  # labels are checked against every flag
                   source_spelling(Path(args.data)))
    if args.labels:
        labels = json.loads(Path(args.labels).read_text(encoding="utf-8"))
        labels = labels.get("labels", labels)
        if args.half:
            labels = {kind: {k: v for k, v in marks.items() if label_half(k) == args.half} for kind, marks in labels.items()}
        result["labels"] = check_labels(stories, result, labels)
        for r in result.values():
            if isinstance(r, dict) and "examples" in r:
                r["examples"] = r["examples"][: args.examples]
    print(format_report(result))
    if args.labels:
        for kind, r in result["labels"].items():
            print(f"against hand labels, {kind}: {r['labelled']} labelled, {r['faults']} faults, "
                  f"{r['flagged']} flagged, precision {r['precision']}, recall {r['recall']}")
    if args.line_labels:
        marks = json.loads(Path(args.line_labels).read_text(encoding="utf-8"))["labels"]
        folder = Path(args.data) if Path(args.data).is_dir() else Path(args.data).parent
        result["line_labels"] = r = check_lines(stories, marks, args.half, folder)
        print(f"against hand labels of lines, lines that are no sentence of the story: {r['labelled']} "
              f"labelled, {r['faults']} faults, {r['flagged']} flagged, precision {r['precision']}, recall {r['recall']}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
