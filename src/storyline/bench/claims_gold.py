"""Score disputes, single-source claims and the lead on digest sets with a gold file, meaning against words.

A set is a folder with ``articles.jsonl`` and ``gold.json``, in either of two gold formats:

- *ids* (``tests/data/digest``): ``tune`` and ``held_out`` story lists, each planted dispute by its story, kind and
  the article ids on each side (:mod:`storyline.bench.digest` scores it);
- *stories* (``digest-dev``, ``tests/data/digest2``): ``stories`` with their article ids and lead fact, each planted
  dispute by the words that mark each side and the outlets that carry it, each trap by the values it sets against
  each other, each single-source claim (where given) by a phrase and its article. Its
  halves are fixed by story name: the stories at even places of the sorted names are ``tune``, the rest
  ``held_out``.

Or a folder with ``pairs.tsv`` (``tests/data/pairs``): one sentence of each of two outlets per line, with the kind of
dispute it plants (agent, date, numeric, place, polarity, role_cause) or ``trap`` (both can be true). Within each
kind, lines at even places are ``tune``, the rest ``held_out``. A dispute pair is found when any dispute is flagged
with the two outlets on different sides; a trap is flagged when any is. Its ``real.tsv`` holds pairs read in real
reports: each line points into a Multi-News style JSONL file (the hash of the story's id, the article, a character
span and the span's hash), with its kind and its half, so the set carries no text or identifier of its source. They
are scored, as a row of their own, when that file is given (``--text``).

Each story is read as the digest stage reads it (without Spark, with the gold grouping), twice: with the sentences
aligned by meaning (the shipped embedding model) and by words (TF-IDF vectors of the same sentences through the
same alignment and comparison): the two mechanisms, in one run.

    storyline bench claims --data tests/data/digest --data ../shared/data/digest-dev [--half held_out]
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from storyline.bench import digest as ids_format
from storyline.core.story.claims import find_all
from storyline.core.story.digest import digest, facts_row, story_facts
from storyline.core.story.features import SummaryConfig
from storyline.core.story.model import Sentence
from storyline.core.text.text import content_terms

MECHANISMS = ("meaning", "words")
_STOP = set("a an the of to in on at for and or but by with from as is was were be been has have had that this it its "
            "after before over said says their his her they he she".split())


def word_vectors(texts: list[str]) -> np.ndarray:
    """TF-IDF vectors of ``texts`` over their content terms, fitted on them, unit length: the words baseline."""
    terms = [content_terms(t) for t in texts]
    df = Counter(t for ts in terms for t in set(ts))
    vocab = {t: k for k, t in enumerate(sorted(df))}
    n = len(texts)
    out = np.zeros((n, max(1, len(vocab))), dtype=np.float32)
    for i, ts in enumerate(terms):
        for t, c in Counter(ts).items():
            out[i, vocab[t]] = c * (math.log((1 + n) / (1 + df[t])) + 1.0)
    norm = np.linalg.norm(out, axis=1, keepdims=True)
    return np.divide(out, norm, out=np.zeros_like(out), where=norm > 0)


def vectors_for(mechanism: str) -> Callable[[list[str]], np.ndarray] | None:
    return None if mechanism == "meaning" else word_vectors


def _words(t: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", t.lower()) if w not in _STOP}


def _has(text: str, tokens: list[str]) -> bool:
    return any(re.search(r"(?<![\w,.])" + re.escape(t) + r"(?![\w])", text, re.I) for t in tokens)


def halves(names: list[str]) -> dict[str, list[str]]:
    """The fixed halves of a *stories* set.

    >>> halves(["b", "a", "c"])
    {'tune': ['a', 'c'], 'held_out': ['b']}
    """
    ordered = sorted(names)
    return {"tune": ordered[0::2], "held_out": ordered[1::2]}


def score_stories_format(data: Path, half: str, mechanism: str) -> dict:
    """Disputes found (and with both sides' outlets right), precision, traps flagged, lead first: *stories* format."""
    arts = [json.loads(l) for l in (data / "articles.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]
    gold = json.loads((data / "gold.json").read_text(encoding="utf-8"))
    by_id = {a["id"]: a for a in arts}
    split = halves([g["story"] for g in gold["stories"]])
    names = set(split["tune"] + split["held_out"]) if half == "all" else set(split[half])
    found = sided = flags = true_flags = traps_hit = lead_ok = leads = n_single = single_found = 0
    planted = [d for d in gold["disputes"] if d["story"] in names]
    for g in (g for g in gold["stories"] if g["story"] in names):
        members = [by_id[a] for a in g["article_ids"]]
        sents = ids_format.story_sentences(members)
        meta = ids_format.story_articles(members)
        facts = story_facts(sents, meta, vectors_of=vectors_for(mechanism))
        row = facts_row(facts)
        flagged = [([" ".join([s["claim"], s.get("text") or ""] + [x["text"] for x in s["sentences"]])
                     for s in d["sides"]], [set(s["outlets"]) for s in d["sides"]])
                   for d in row["disputed"]]
        flags += len(flagged)

        def pairs(flag, d):
            sides, _ = flag
            t1, t2 = d["sides"][0]["match"], d["sides"][1]["match"]
            return [(i, j) for i, a in enumerate(sides) for j, c in enumerate(sides)
                    if i != j and _has(a, t1) and _has(c, t2) and not _has(a, t2) and not _has(c, t1)]

        mine = [d for d in planted if d["story"] == g["story"]]
        for d in mine:
            hits = [(f, p) for f in flagged for p in pairs(f, d)]
            if hits:
                found += 1
                o1, o2 = set(d["sides"][0].get("outlets") or []), set(d["sides"][1].get("outlets") or [])
                sided += any(f[1][i] and f[1][j] and f[1][i] <= o1 and f[1][j] <= o2 for f, (i, j) in hits)
        true_flags += sum(any(pairs(f, d) for d in mine) for f in flagged)
        for t in (t for t in gold["traps"] if t["story"] == g["story"]):
            vals = t.get("values") or []
            for sides, _ in flagged:
                if (len(vals) >= 2 and any(vals[0] in a and vals[1] in b for a in sides for b in sides if a is not b)) \
                        or (len(vals) == 1 and any(vals[0] in a for a in sides)):
                    traps_hit += 1
                    break
        for ss in (s for s in gold.get("single_source", []) if s["story"] == g["story"]):
            n_single += 1
            single_found += any(ss["phrase"] in x["text"] and x["article_ids"] == [ss["id"]] for x in row["single_source"])
        summary = digest(g["story"], sents, meta, SummaryConfig(), facts["disputed"])["summary"]
        if summary and g.get("lead_fact"):
            leads += 1
            lead = _words(g["lead_fact"])
            sc = lambda t: len(_words(t) & lead) / max(1, len(lead))
            best = max((sc(s.text) for s in sents), default=0)
            lead_ok += best > 0 and sc(summary[0].text) >= 0.8 * best
    n_traps = sum(t["story"] in names for t in gold["traps"])
    return {"set": data.name, "half": half, "mechanism": mechanism, "stories": len(names), "planted": len(planted),
            "found": found, "outlets_right": sided, "flags": flags,
            "precision": round(true_flags / flags, 3) if flags else 1.0, "traps": n_traps, "traps_flagged": traps_hit,
            "single_source": n_single, "single_source_found": single_found, "leads": leads, "lead_first": lead_ok}


REAL_PAIRS = "real.tsv"


@dataclass(frozen=True, slots=True)
class Pointer:
    """One side of a real-text pair: characters ``start`` to ``end`` of article ``article`` of the story whose id
    hashes to ``story`` in a Multi-News style file, and the hash of those characters. Only hashes and offsets: the
    set holds no text and no identifier of its source."""

    story: str
    article: int
    start: int
    end: int
    sha1: str


def _digest(text: str) -> str:
    """The first 12 hex digits of the text's SHA-1."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def pointer_of(story: str, article: int, text: str, quote: str) -> Pointer:
    """Where ``quote`` stands in ``text`` (article ``article`` of the story with id ``story``).

    >>> pointer_of("s1", 0, "Police said. Nine were held.", "Nine were held.")
    Pointer(story='640d87e741e6', article=0, start=13, end=28, sha1='a54f075165f9')
    """
    start = text.find(quote)
    if start < 0:
        raise ValueError(f"{story} article {article}: the quote is not in the article: {quote[:60]!r}")
    return Pointer(_digest(story), article, start, start + len(quote), _digest(quote))


def read_real_pairs(path: Path) -> list[tuple[str, str, Pointer, Pointer]]:
    """The lines of a ``real.tsv``: kind, half, and the two sides' pointers."""
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines()[1:], start=2):
        if not line.strip():
            continue
        f = line.split("\t")
        if len(f) != 12:
            raise ValueError(f"{path}:{n}: expected 12 tab-separated fields (kind, half, and story, article, start, "
                             f"end, sha1 of each side), found {len(f)}")
        out.append((f[0], f[1], Pointer(f[2], int(f[3]), int(f[4]), int(f[5]), f[6]),
                    Pointer(f[7], int(f[8]), int(f[9]), int(f[10]), f[11])))
    return out


def documents_of(text: Path) -> dict[str, list[str]]:
    """A Multi-News style file's articles, by the hash of their story's id."""
    out = {}
    for n, line in enumerate(text.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            try:
                rec = json.loads(line)
                out[_digest(str(rec["id"]))] = list(rec["documents"])
            except (ValueError, KeyError, TypeError):
                raise ValueError(f"{text}:{n}: not a JSON object with an id and its documents; give the Multi-News "
                                 f"style file the pairs were read from") from None
    return out


def resolve(p: Pointer, documents: dict[str, list[str]], where: str) -> str:
    """The text a pointer points to (``documents`` from :func:`documents_of`), checked by its hash.

    >>> text = "Police said. Nine were held."
    >>> resolve(pointer_of("s1", 0, text, "Nine were held."), {_digest("s1"): [text]}, "real.tsv:2")
    'Nine were held.'
    """
    try:
        text = documents[p.story][p.article][p.start:p.end]
    except (KeyError, IndexError):
        raise ValueError(f"{where}: no story whose id hashes to {p.story} has an article {p.article} in the --text "
                         f"file: give the file the pairs were read from") from None
    if _digest(text) != p.sha1:
        raise ValueError(f"{where}: article {p.article} of story {p.story} (id hash), characters {p.start}-{p.end}, "
                         f"does not hash to {p.sha1}: the --text file differs from the one the pairs were read from")
    return text


def real_lines(data: Path, text: Path) -> list[tuple[str, str, str, str]]:
    """A pairs set's real-text pairs as (kind, half, first sentence, second sentence), read from ``text``."""
    documents = documents_of(text)
    path = data / REAL_PAIRS
    return [(kind, half, resolve(a, documents, f"{path}:{n}"), resolve(b, documents, f"{path}:{n}"))
            for n, (kind, half, a, b) in enumerate(read_real_pairs(path), start=2)]


def _planted_lines(data: Path) -> list[tuple[str, str, str, str]]:
    lines = [ln.split("\t") for ln in (data / "pairs.tsv").read_text(encoding="utf-8").splitlines()[1:] if ln.strip()]
    seen: Counter[str] = Counter()
    out = []
    for kind, a, b in lines:
        k, seen[kind] = seen[kind], seen[kind] + 1
        out.append((kind, "tune" if k % 2 == 0 else "held_out", a, b))
    return out


def score_pairs(data: Path, half: str, mechanism: str, real: list[tuple[str, str, str, str]] | None = None) -> dict:
    """Planted pairs found and traps flagged on a *pairs* set (``pairs.tsv``), or on its real-text pairs ``real``
    (:func:`real_lines`)."""
    text = real is not None
    lines = real if real is not None else _planted_lines(data)
    found = planted = traps = traps_hit = 0
    told = {"alpha.example": "2025-05-14T09:00:00Z", "beta.example": "2025-05-14T11:00:00Z"}
    of = vectors_for(mechanism)
    for kind, where, a, b in lines:
        if half != "all" and where != half:
            continue
        sents = [Sentence(o, 0, t, o) for o, t in zip(told, (a, b))]
        # real reports are read undated, as their source gives no times: a weekday there names no known day
        _, disputes, _ = find_all(sents, None if text else told, vectors=of([a, b]) if of else None)
        apart = any(len(d.sides) > 1 and not set(d.sides[0].outlets) & set(d.sides[1].outlets) for d in disputes)
        if kind == "trap":
            traps, traps_hit = traps + 1, traps_hit + bool(disputes)
        else:
            planted, found = planted + 1, found + apart
    return {"set": data.name + ("-real" if text else ""), "half": half, "mechanism": mechanism,
            "stories": len(lines), "planted": planted,
            "found": found, "outlets_right": found, "flags": found + traps_hit,
            "precision": round(found / (found + traps_hit), 3) if found + traps_hit else 1.0, "traps": traps,
            "traps_flagged": traps_hit, "single_source": 0, "single_source_found": 0, "leads": 0, "lead_first": 0}


def score_set(data: Path, half: str, mechanism: str) -> dict:
    if (data / "pairs.tsv").exists():
        return score_pairs(data, half, mechanism)
    gold = json.loads((data / "gold.json").read_text(encoding="utf-8"))
    if "stories" in gold:
        return score_stories_format(data, half, mechanism)
    r = ids_format.score(data, half, vectors_of=vectors_for(mechanism))
    return dict(r, set=data.name, mechanism=mechanism, leads=0, lead_first=0)


def table(results: list[dict]) -> str:
    head = f"{'set':<14} {'half':<9} {'mechanism':<9} {'disputes':>9} {'sides right':>11} {'precision':>9} " \
           f"{'traps':>7} {'single-src':>10} {'lead first':>10}"
    rows = [head, "-" * len(head)]
    for r in results:
        single = f"{r['single_source_found']}/{r['single_source']}" if r["single_source"] else "-"
        lead = f"{r['lead_first']}/{r['leads']}" if r["leads"] else "-"
        rows.append(f"{r['set']:<14} {r['half']:<9} {r['mechanism']:<9} {r['found']:>4}/{r['planted']:<4} "
                    f"{r['outlets_right']:>11} {r['precision']:>9} {r['traps_flagged']:>3}/{r['traps']:<3} "
                    f"{single:>10} {lead:>10}")
    return "\n".join(rows)


def run(datas: list[Path], half: str = "all", text: Path | None = None) -> list[dict]:
    """Every set's rows, each half and mechanism; a pairs set's real-text pairs too when ``text`` is given."""
    halves_ = ("tune", "held_out") if half == "all" else (half,)
    out = []
    for d in datas:
        out += [score_set(d, h, m) for h in halves_ for m in MECHANISMS]
        if text is not None and (d / REAL_PAIRS).is_file():
            real = real_lines(d, text)  # the source file is read once for every half and mechanism
            out += [score_pairs(d, h, m, real) for h in halves_ for m in MECHANISMS]
    return out
