"""Named entities of a story: people, organisations and places, with name variants merged.

Two readers. A story in English is read by the checked spaCy model (:func:`analyse` with ``model``): its entity
recogniser reads each article's opening sentences, the names it finds are searched for in the rest, and
:func:`group_names` groups, names and types them. A story in another language, and the claim finder's slots (``model``
None), are read by rules: capitalised word runs, with cues for the type (titles mark people, suffixes and "the
<Name>s" organisations, a gazetteer and "in <Name>" places), variants merged by :func:`_aliases`.
"""

from __future__ import annotations

import logging
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from typing import Any, Iterable, Sequence
from storyline.core.nlp.mentions import (CHECKED_MODELS, LANGUAGE_SENTENCES, Mention, NAME_COMPONENTS, RUN_TOGETHER,
                                         StoryVocab, rule_mentions, story_vocab, load_spacy, matched_mentions,
                                         model_mentions, names_pattern, unread_names)
from storyline.core.nlp.parse import parse, typed
from storyline.core.nlp.names import (EVENT, GPE, LOC, ORG, PERSON, PRODUCT, GAZETTEER, TITLES, initials,
                                      place_initials, places, given_names, is_demonym, is_place_name, modifier_only,
                                      not_a_name, surnames)
from storyline.core.story.model import Entity, Sentence
from storyline.core.text.text import hash_tokens
from storyline.core.text.language import ENGLISH, language


logger = logging.getLogger(__name__)


@dataclass
class EntityIndex:
    """The entities of a story and, for each input sentence, its mentions resolved to entity names."""

    entities: list[Entity]
    mentions: list[list[Mention]]
    types: dict[str, str]
    english: bool = True  # the story is in English (or too short to tell): the model can read it


def _titled(full: Sequence[str], counts: Counter[str], types: dict[str, str], common: frozenset[str]
            ) -> dict[str, str]:
    """Each person's name with a role or title before it ("Executive Bob Dudley", when the story writes
    "executive" in lower case) mapped to the name without it."""
    titled: dict[str, str] = {}
    for name in full:
        parts = name.split()
        if types.get(name) != PERSON:
            continue
        for k in range(1, len(parts) - 1):
            rest = " ".join(parts[k:])
            if (rest in counts and types.get(rest) == PERSON
                    and all(w.lower() in common or w.lower().rstrip(".") in TITLES for w in parts[:k])):
                titled[name] = rest
                break
    return titled


def _aliases(counts: Counter[str], types: dict[str, str], common: frozenset[str] = frozenset()) -> dict[str, str]:
    """Map each surface form to the full name it stands for (itself when unambiguous or already full).

    A person's name with a role before it ("Executive Bob Dudley", when the story writes "executive" in lower case)
    is that person's name."""
    full = [s for s in counts if len(s.split()) >= 2]
    titled = _titled(full, counts, types, common)
    titled.update(_fold_people([s for s in full if s not in titled and types.get(s) == PERSON], counts))
    full = [s for s in full if s not in titled]
    by_first: dict[str, set[str]] = defaultdict(set)
    by_last: dict[str, set[str]] = defaultdict(set)
    for name in full:
        parts = name.split()
        if types.get(name) == PERSON:
            by_first[parts[0]].add(name)
            by_last[parts[-1]].add(name)
        elif types.get(name) == ORG:
            by_last[parts[-1]].add(name)
    out = dict(titled)
    for s in counts:
        if s in titled:
            continue
        out[s] = s
        if len(s.split()) > 1:
            # "Transit Authority" is "Port Calder Transit Authority" when exactly one longer name ends with it
            longer = [c for c in full if c != s and c.endswith(" " + s) and types.get(c) == types.get(s)]
            if len(longer) == 1 and types.get(s) in (ORG, GPE, LOC):
                out[s] = longer[0]
            continue
        if s.lower() in GAZETTEER or place_initials(s):
            continue  # a country, a state or a capital stands for itself: "Kenya", not "Kenya Wildlife Service"
        if s.isupper() and 2 <= len(s) <= 6:
            # initials stand for the one longer name of the story they spell: "ESO", "Eastmarch System Operator"
            spelt = [c for c in full if types.get(c) in (ORG, GPE, LOC) and initials(c).upper() == s]
            if len(spelt) == 1:
                out[s] = spelt[0]
            continue
        cands = by_last.get(s, set()) | by_first.get(s, set())
        if len(cands) > 1:  # prefer full names of the same type ("Alderson": a person, not "Mets GM Alderson")
            cands = {c for c in cands if types.get(c) == types.get(s)} or cands
        if len(cands) > 1 and all(types.get(c) == PERSON for c in cands):
            # the story's main bearer of a surname is who the bare surname means: "Romney" is "Mitt Romney" when
            # he is named at least twice as often as "Ann Romney"
            ranked = sorted(cands, key=lambda c: (-counts[c], c))
            if counts[ranked[0]] >= 2 * counts[ranked[1]]:
                cands = {ranked[0]}
        # a surname or first name shared by two full names is ambiguous: keep it apart
        if len(cands) == 1:
            out[s] = next(iter(cands))
    for s in out:  # a role's person folded into a fuller name of the same person: follow to the end
        seen = {s}
        while out.get(out[s], out[s]) != out[s] and out[out[s]] not in seen:
            seen.add(out[s])
            out[s] = out[out[s]]
    return out


def _person_key(name: str) -> tuple[str, ...]:
    """A person's name without its middle initials, folded: "Laura E. Crotty Alexander" is
    ("laura", "crotty", "alexander")."""
    parts = [p.rstrip(".") for p in name.split()]
    return tuple(p if _initial(p) else p.casefold() for k, p in enumerate(parts)
                 if k in (0, len(parts) - 1) or not _initial(p))


def _initial(word: str) -> bool:
    return len(word) == 1 and word.isupper()


def _fold_people(people: Sequence[str], counts: Counter[str]) -> dict[str, str]:
    """Full names of one person written in several ways, each mapped to the name the story goes by: names that
    differ only by a middle initial are one ("Laura E. Crotty Alexander", "Laura Crotty Alexander"), and a name of
    two words or more that ends exactly one longer name, which adds only given names or initials before it, is that
    name ("Crotty Alexander"; not "Kim Kardashian" of a span run on from the words before it, "Atkin Kim
    Kardashian").

    >>> sorted(_fold_people(["Laura E. Crotty Alexander", "Laura Crotty Alexander", "Crotty Alexander",
    ...                      "Ann Romney", "Mitt Romney", "Kim Kardashian", "Atkin Kim Kardashian",
    ...                      "Máximo Kirchner", "Cristina y Máximo Kirchner"],
    ...                     Counter({"Laura Crotty Alexander": 2})).items())
    [('Crotty Alexander', 'Laura Crotty Alexander'), ('Laura E. Crotty Alexander', 'Laura Crotty Alexander')]
    """
    forms: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for name in people:
        forms[_person_key(name)].append(name)
    usual = {k: max(v, key=lambda f: (counts[f], len(f), f)) for k, v in forms.items()}
    out = {}
    for key, names in forms.items():
        longer = [k for k in forms if len(k) > len(key) and k[-len(key):] == key
                  and all(w in given_names() or _initial(w) for w in k[:-len(key)])] if len(key) >= 2 else []
        widest = [k for k in longer if not any(len(o) > len(k) and o[-len(k):] == k for o in longer)]
        target = usual[widest[0]] if len(widest) == 1 else usual[key]
        out.update((n, target) for n in names if n != target)
    return out


MODEL = CHECKED_MODELS[0]  # the model that reads a story in English
READ = 3  # each article's opening sentences the model reads; the others are searched for the names it found


def analyse(sentences: Sequence[Sentence], model: str | None = MODEL, read: int = READ,
            vocab: StoryVocab | None = None) -> EntityIndex:
    """Find the entities of a story and resolve every mention to its entity name.

    A story in English is read by the spaCy pipeline ``model`` (the checked one unless another is named): it reads
    each article's first ``read`` sentences, and the names it finds there are searched for in the rest. A story in
    another language, or any story when ``model`` is None, is read by capitalised word runs and their cues (the
    claim finder's slots still read them so). ``vocab``: the sentences' :class:`StoryVocab` where the caller has it
    (a story read twice computes it once), else read here.
    """
    texts = [s.text for s in sentences]
    vocab = vocab if vocab is not None else story_vocab(texts)
    if vocab.english and model:
        found = _model_found(sentences, texts, vocab, model, read)
        spelt = spellings(Counter(m.surface for row in found for m, _ in row))
        alias, final_type = _model_groups(sentences, found, spelt)
    else:
        found = _rule_mentions_once(texts, vocab)
        spelt = spellings(Counter(m.surface for row in found for m, _ in row))
        counts, votes, types = _typed(found, spelt, vocab)
        alias = _aliases(counts, types, vocab.lower)
        final_type = _merged_types(alias, counts, votes, types, vocab)
    index = _index(sentences, texts, found, spelt, alias, final_type)
    index.english = vocab.english
    return index


def _model_found(sentences: Sequence[Sentence], texts: Sequence[str], vocab: StoryVocab, model: str,
                 read: int) -> list[list[tuple[Mention, Counter[str]]]]:
    """Each sentence's mentions with their type votes: the model's in the sentences it reads (one vote for the type
    it gives), and, anywhere it found none, the names it found written again, with a person's surname alone (no
    vote: their type is the model's). Beyond the openings, the model reads where the story first writes a name the
    openings do not (:func:`~storyline.core.nlp.mentions.unread_names`; as many such lines as openings at most: a
    table or a list writes a new name on every line), and takes from there a person it reads by
    a full name with no number after it ("Sen. John Kerry said ...", not "Supplementary Fig. 4"): a person a report
    brings in late, it names in full there, and any other name read from one late line is typed on one reading
    alone, which the small model gets wrong as often as not on a page's product names and captions."""
    english = _english_articles(sentences, texts)
    chosen = list(dict.fromkeys(t for s, t in zip(sentences, texts) if s.position < read and english[s.article_id]))
    late = unread_names([t for s, t in zip(sentences, texts) if english[s.article_id]], set(chosen), vocab)
    late = late[:len(chosen)]  # no more late lines than openings: a table or a list writes a new name on every line
    chosen += late
    if model in CHECKED_MODELS:  # read through the parser's cache: a wire story's openings recur, and a summary's
        parses = dict(zip(chosen, parse(chosen, NAME_COMPONENTS)))  # lines are read for their names again
    else:
        parses = {t: typed(doc) for t, doc in zip(chosen, load_spacy(model).pipe(chosen, batch_size=64))}
    late_set = set(late)  # none of them an opening: those count as read
    found = [[(m, Counter({kind: 1})) for m, kind in model_mentions(i, parses[t], vocab.lower)
              if t not in late_set or (kind == PERSON and len(m.surface.split()) > 1 and not _numbered(t, m))]
             if t in parses else [] for i, t in enumerate(texts)]
    names = {m.surface: v for row in found for m, v in row}
    surnames_ = {n.split()[-1] for n, v in names.items() if " " in n and PERSON in v}
    pattern = names_pattern([*names, *surnames_])
    for i, t in enumerate(texts):
        row = found[i]
        row += [(m, Counter()) for m in matched_mentions(i, t, pattern)
                if not any(m.start < o.end and o.start < m.end for o, _ in row)]
        row.sort(key=lambda mv: mv[0].start)
    return found


def _numbered(text: str, m: Mention) -> bool:
    """Mention ``m`` of ``text`` has a digit in it or a number right after it: a figure, a version, a page or a
    table's row ("Supplementary Fig. 4", "Windows 10", "Hannah 1993"), not a person."""
    return any(c.isdigit() for c in m.surface) or text[m.end:].lstrip(". ")[:1].isdigit()


def _english_articles(sentences: Sequence[Sentence], texts: Sequence[str]) -> dict[Any, bool]:
    """Whether each article is in English (or too short to tell), by its opening sentences: the English model reads
    only those, so a German page in an English story adds no German nouns as names."""
    by_article: dict[Any, list[str]] = defaultdict(list)
    for s, t in zip(sentences, texts):
        if s.position < LANGUAGE_SENTENCES:
            by_article[s.article_id].append(t)
    out = {a: language(hash_tokens(" ".join(ts))) in (None, ENGLISH) for a, ts in by_article.items()}
    return defaultdict(lambda: True, out)  # an article told only beyond its opening: too little to tell


def _model_groups(sentences: Sequence[Sentence], found: Sequence[Sequence[tuple[Mention, Counter[str]]]],
                  spelt: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """Each spelling's entity and each entity's type, for the model's mentions (:func:`group_names`)."""
    written = [(sentences[i].article_id, spelt[m.surface], v) for i, row in enumerate(found) for m, v in row]
    return group_names(written)


def group_names(written: Sequence[tuple[str, str, Counter[str]]]) -> tuple[dict[str, str], dict[str, str]]:
    """The entities of a story's names, from ``written``: (article, name, type votes) for each mention.

    - A name that only adds words before a full name met at least as often is that name ("Frail Robert Durst").
    - Initials stand for the one full name of the story they spell ("ESO", "Eastmarch System Operator").
    - A person's surname or given name alone stands for the one full name of a person that ends or starts with it,
      or for the story's main bearer of it (named at least twice as often as the next).
    - An entity is named by its most frequent full variant, and typed by a vote across articles: each article's
      mentions by a full name (by any name where it has none) give it one vote for their most common type.

    >>> w = [("a", "Robert Durst", Counter({"PERSON": 1})), ("a", "Durst", Counter({"GPE": 1})),
    ...      ("b", "Frail Robert Durst", Counter({"PERSON": 1})), ("b", "Robert Durst", Counter({"PERSON": 1})),
    ...      ("c", "Durst", Counter({"ORG": 1})), ("c", "Robert Durst", Counter({"ORG": 1}))]
    >>> alias, kinds = group_names(w)
    >>> alias["Durst"], alias["Frail Robert Durst"], kinds["Robert Durst"]
    ('Robert Durst', 'Robert Durst', 'PERSON')
    """
    counts: Counter[str] = Counter(n for _, n, _ in written)
    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    for _, n, v in written:
        kinds[n].update(v)
    kind = {n: _pick(kinds[n]) for n in counts}
    alias = {n: n for n in counts}
    for n in counts:
        words = n.split()
        shorter = [" ".join(words[k:]) for k in range(1, len(words) - 1)]
        base = next((r for r in shorter if counts.get(r, 0) >= counts[n] and kind.get(r) == kind[n]), None)
        if base:
            alias[n] = base
    full = sorted(n for n in counts if " " in n and alias[n] == n)
    for n in counts:
        if " " not in n:
            alias[n] = _full_name_of(n, full, counts, kind)
        if alias[n] == n and not is_place_name(n):
            alias[n] = _shortened(n, full, kind)
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    by_article: dict[tuple[str, str, bool], Counter[str]] = defaultdict(Counter)
    for a, n, v in written:
        by_article[(alias[n], a, " " in n or alias[n] == n)].update(v)
    named_whole = {t for (t, _, whole), v in by_article.items() if whole and v}
    for (target, a, whole), v in sorted(by_article.items()):
        if v and (whole or target not in named_whole):
            votes[target][_pick(v)] += 1
    final = {t: _pick(votes[t] + Counter({k: 0.01 * c for k, c in kinds[t].items()})) for t in set(alias.values())}
    return alias, {t: k for t, k in final.items() if k}


def _full_name_of(name: str, full: Sequence[str], counts: Counter[str], kind: dict[str, str]) -> str:
    """The full name a one-word ``name`` stands for (itself when none or several)."""
    if name.isupper() and 2 <= len(name) <= 6:
        spelt = [f for f in full if kind[f] != PERSON and initials(f).upper() == name]
        return spelt[0] if len(spelt) == 1 else name
    people = sorted((f for f in full if kind[f] == PERSON and name in (f.split()[0], f.split()[-1])),
                    key=lambda f: (-counts[f], f))
    if len(people) >= 2 and counts[people[0]] >= 2 * counts[people[1]]:
        people = people[:1]
    return people[0] if len(people) == 1 else name


def _shortened(name: str, full: Sequence[str], kind: dict[str, str]) -> str:
    """The one longer name of the story that ``name`` is a short form of (itself when none or several): its last
    words ("Rovers" of "Wexbridge Rovers", "Transit Authority" of "Port Calder Transit Authority"), or the first word
    of an organisation's name, an organisation too ("Brightwell" of "Brightwell Home Systems"). A known place is no
    short form ("Europe" of "Eastern Europe").

    >>> kinds = {"Wexbridge Rovers": ORG, "Rovers": PERSON, "Brightwell": ORG, "Brightwell Home Systems": ORG}
    >>> _shortened("Rovers", ["Brightwell Home Systems", "Wexbridge Rovers"], kinds)
    'Wexbridge Rovers'
    >>> _shortened("Brightwell", ["Brightwell Home Systems", "Wexbridge Rovers"], kinds)
    'Brightwell Home Systems'
    """
    longer = [f for f in full if f != name and (f.endswith(" " + name) or (
        f.startswith(name + " ") and kind.get(name) == ORG and kind.get(f) == ORG))]
    return longer[0] if len(longer) == 1 else name


def _rule_mentions_once(texts: Sequence[str], vocab: StoryVocab) -> list[list[tuple[Mention, Counter[str]]]]:
    """Each sentence's rule-based mentions, read once per text: a sentence other articles tell word for word (wire
    copy) has the same mentions in each, at its own index. The type votes are shared, read only."""
    first: dict[str, list[tuple[Mention, Counter[str]]]] = {}
    found = []
    for i, t in enumerate(texts):
        if t in first:
            found.append([(replace(m, sentence=i), v) for m, v in first[t]])
        else:
            found.append(first.setdefault(t, rule_mentions(i, t, vocab)))
    return found


def _typed(found: Sequence[Sequence[tuple[Mention, Counter[str]]]], spelt: dict[str, str], vocab: StoryVocab
           ) -> tuple[Counter[str], dict[str, Counter[str]], dict[str, str]]:
    """How often each spelling is met, its type votes, and the type they pick."""
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    counts: Counter[str] = Counter()
    for row in found:
        for m, v in row:
            counts[spelt[m.surface]] += 1
            votes[spelt[m.surface]].update(v)
    types = {s: _pick(votes[s]) for s in counts}
    # a known surname that ends the story's people's full names (or a known given name that opens them), names no
    # known place and is never written in lower case is a person: "Romney" of "Ann Romney" and "Tagg Romney",
    # "Charlie" of "Charlie Gard" and "Charlie Chaplin", however often "to Romney" makes it look like a place
    people = [n.split() for n in counts
              if len(n.split()) >= 2 and types[n] == PERSON and n.split()[0].lower() in given_names()]
    family, first = {p[-1] for p in people}, {p[0] for p in people}  # "Romney"; "Charlie" of two Charlies
    for s in counts:
        if (types[s] != PERSON and s.lower() not in places() and not place_initials(s) and s.lower() not in vocab.lower
                and ((s in family and s.lower() in surnames()) or (s in first and s.lower() in given_names()))):
            votes[s][PERSON] += 2 * counts[s]
            types[s] = _pick(votes[s])
    return counts, votes, types


def _merged_types(alias: dict[str, str], counts: Counter[str], votes: dict[str, Counter[str]], types: dict[str, str],
                  vocab: StoryVocab) -> dict[str, str]:
    """The type of each entity, from the votes of every name merged into it."""
    persons = [n for n in counts if types[n] == PERSON and len(n.split()) >= 2]
    merged_votes: dict[str, Counter[str]] = defaultdict(Counter)
    for s, target in alias.items():
        of_person = (types.get(target) == PERSON and _surname_of(s, target, vocab.lower) if s != target else
                     " " not in s and not s.isupper() and s.lower() not in GAZETTEER
                     and any(_surname_of(s, n, vocab.lower) for n in persons))
        if of_person:
            # a person's surname that is also a town's name ("Clinton", "Rubio", "Lutz"): the place is the
            # gazetteer's reading of the short form, the full name says who it is. So too when two full names
            # end with it ("Mohamed Morsi", "Mohammed Morsi") and it stays a name of its own
            kept = Counter({k: v for k, v in votes[s].items() if k not in (GPE, LOC)})
            if s == target:
                kept[PERSON] += counts[s]  # a name of its own, and a person's: "Morsi", not the town
            merged_votes[target].update(kept)
        else:
            merged_votes[target].update(votes[s])
    final_type = {name: _pick(v) for name, v in merged_votes.items()}
    told = Counter()
    for s, target in alias.items():
        told[target] += counts[s]
    for name, kind in final_type.items():
        # a one-word name that no gazetteer knows, met often and only now and then after "to" or "at", is a
        # company or a service ("posted to Facebook", "a show on Netflix"), not a place: a town of the story
        # is written "in Selwick" more often than not
        if (kind == GPE and " " not in name and set(merged_votes[name]) == {GPE} and not place_initials(name)
                and name.lower() not in places() and 3 * merged_votes[name][GPE] <= told[name]):
            final_type[name] = ORG
    return final_type


def _index(sentences: Sequence[Sentence], texts: Sequence[str], found: Sequence[Sequence[tuple[Mention, Counter[str]]]],
           spelt: dict[str, str], alias: dict[str, str], final_type: dict[str, str]) -> EntityIndex:
    """The story's entities (demonyms, non-names and adjectives of peoples left out) and each sentence's mentions
    resolved to them."""
    # the story's own places name peoples too: "Kestrian" of "Kestria"
    own_lands = frozenset(n.lower() for n, k in final_type.items() if k == GPE and " " not in n and len(n) >= 4)
    # a one-word name every mention of which stands before a noun, ending as adjectives of peoples do: "Jewish"
    afters: dict[str, list[str]] = defaultdict(list)
    for i, row in enumerate(found):
        for m, _ in row:
            afters[alias[spelt[m.surface]]].append(texts[i][m.end:m.end + 40])
    adjectives = {name for name, after in afters.items() if modifier_only(name, after)}
    groups: dict[str, dict[str, Any]] = {}
    mentions: list[list[Mention]] = []
    for i, row in enumerate(found):
        resolved = []
        for m, _ in row:
            name = alias[spelt[m.surface]]
            kind = final_type.get(name, "")
            if not kind or is_demonym(name, own_lands) or not_a_name(name) or name in adjectives:
                continue
            g = groups.setdefault(name, {"n": 0, "outlets": set(), "ids": set(), "variants": set()})
            g["n"] += 1
            g["variants"].add(m.surface)
            aid = sentences[i].article_id
            if aid is not None:
                g["ids"].add(str(aid))
            src = sentences[i].source
            if src:
                g["outlets"].add(str(src))
            resolved.append(Mention(m.sentence, m.start, m.end, m.surface, name, kind))
        mentions.append(resolved)
    entities = [
        Entity(name, final_type[name], g["n"], sorted(g["outlets"]), sorted(g["ids"]), sorted(g["variants"]))
        for name, g in groups.items()
    ]
    entities.sort(key=lambda e: (-len(e.article_ids), -e.mentions, e.name))  # named by most articles first
    return EntityIndex(entities, mentions, {e.name: e.type for e in entities})


def spellings(counts: Counter[str]) -> dict[str, str]:
    """Each surface form's usual spelling: forms that differ only in stops, hyphens and capitals are one name ("U.S."
    and "US"; "TRUMP" in a transcript and "Trump"; "Kim Jong-un" and "Kim Jong Un"), written as the story most
    often writes it, and in mixed case before capitals.

    >>> sp = spellings(Counter({"U.S.": 5, "US": 2, "TRUMP": 3, "Trump": 1, "Mara Liasson": 1, "MARA LIASSON": 4}))
    >>> sp["US"], sp["TRUMP"], sp["MARA LIASSON"], sp["U.S."]
    ('U.S.', 'Trump', 'Mara Liasson', 'U.S.')
    >>> sp = spellings(Counter({"Uk": 3, "UK": 1, "DebraJSaunders": 2, "Debra J. Saunders": 1, "F ISA": 2, "FISA": 1}))
    >>> sp["Uk"], sp["DebraJSaunders"], sp["F ISA"]
    ('UK', 'Debra J. Saunders', 'FISA')
    >>> sp = spellings(Counter({"Kim Jong-un": 9, "Kim Jong Un": 4, "AR-15": 9, "AR15": 1}))
    >>> sp["Kim Jong Un"], sp["AR15"]
    ('Kim Jong-un', 'AR-15')
    """
    groups: dict[str, list[str]] = defaultdict(list)
    for s in counts:
        groups[re.sub(r"[.\s-]+", "", s).casefold()].append(s)
    out = {}
    for forms in groups.values():
        # words apart before run together ("Debra J. Saunders", not the handle "DebraJSaunders"); initials in
        # capitals ("UK", not "Uk"), a longer name in mixed case ("Trump", not "TRUMP"); then the most written
        usual = max(forms, key=lambda f: (not RUN_TOGETHER.search(f), f.isupper() == (len(re.sub(r"[.-]", "", f)) <= 4),
                                          counts[f], f))
        out.update((f, usual) for f in forms)
    return out


def _surname_of(short: str, full: str, common: frozenset[str]) -> bool:
    """``short`` is the surname of the person ``full`` names: the last word of a name whose first word (a given
    name, or any first word of a two-word name: "Barack Obama") names no place and is never written in lower case
    in the story (``common``): "Clinton" of "Hillary Clinton", not "Indians" of "Cleveland Indians" or "Africa" of
    "West Africa". A given name that is also a town's ("Marco", "Roy") still opens a person's name when the last
    word is a known surname: "Rubio" of "Marco Rubio", "Moore" of "Roy Moore".

    >>> _surname_of("Rubio", "Marco Rubio", frozenset()), _surname_of("Indians", "Cleveland Indians", frozenset())
    (True, False)
    """
    parts = full.lower().split()
    if len(parts) < 2 or short.lower() != parts[-1] or parts[0] in common:
        return False
    if parts[0] not in places():
        return parts[0] in given_names() or len(parts) == 2
    return parts[0] in given_names() and parts[-1] in surnames()


def _pick(votes: Counter[str]) -> str:
    if not votes:
        return ""
    order = {PERSON: 0, ORG: 1, GPE: 2, LOC: 3, EVENT: 4, PRODUCT: 5}
    return min(votes, key=lambda k: (-votes[k], order.get(k, 9)))


def extract_entities(sentences: Iterable[Sentence], model: str | None = MODEL,
                     min_mentions: int = 1) -> list[Entity]:
    """Entities of one story's sentences, most mentioned first.

    >>> s = [Sentence("a", 0, "General manager Sandy Alderson said Wally Backman resigned.", "x.com"),
    ...      Sentence("b", 0, "Backman was fired by the Mets, sources in New York said.", "y.com"),
    ...      Sentence("b", 1, "Wally did not comment.", "y.com")]
    >>> [(e.name, e.type, e.mentions) for e in extract_entities(s)]
    [('Wally Backman', 'PERSON', 2), ('Mets', 'ORG', 1), ('New York', 'GPE', 1), ('Sandy Alderson', 'PERSON', 1)]
    """
    if min_mentions < 1:
        raise ValueError(f"min_mentions must be at least 1, got {min_mentions}")
    found = analyse(list(sentences), model=model).entities
    return [e for e in found if e.mentions >= min_mentions]


def names_of(entities: Iterable[Entity]) -> list[str]:
    """Every way a story writes the names of its people and organisations, as its entities list them: whom a reader
    must be told of in full before reading of them by one word of the name.

    >>> names_of([Entity("Jeffrey Gahler", PERSON, 15, variants=["Gahler"]), Entity("Harford County", GPE, 11)])
    ['Jeffrey Gahler', 'Gahler']
    """
    return [n for e in entities if e.type in (PERSON, ORG) for n in (e.name, *e.variants)]


def short_forms(entities: Iterable[Entity]) -> frozenset[str]:
    """The one-word names by which a story's people are also written, each the last word of a longer name of
    theirs ("Gahler" of "Jeffrey Gahler"): a line naming one of them alone names a person the reader must have been
    told of in full (:func:`~storyline.core.story.context.names_needed`), however the entity model reads the word
    alone.

    >>> short_forms([Entity("Jeffrey Gahler", PERSON, 15, variants=["Gahler"]), Entity("Harford County", GPE, 11),
    ...              Entity("Rite Aid", ORG, 4, variants=["Aid"])])
    frozenset({'Gahler'})
    """
    return frozenset(v for e in entities if e.type == PERSON and len(e.name.split()) > 1
                     for v in (e.name.split()[-1], *e.variants) if len(v.split()) == 1)
