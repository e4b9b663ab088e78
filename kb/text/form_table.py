"""The compiled forms of one language: every form and ``not`` context of the vocabulary's tags,
analysed once and indexed so that telling which tags a text has is mostly set operations
(``Table``, its ``FormIndex`` and the ``Plan`` it works out for a set of terms)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from kb.text.analysis import phrase_terms
from kb.text.card_names import capital
from kb.text.forms import GAP, Form, checked_form


class Table:
    """The forms and ``not`` contexts of one language, indexed for ``tags_in`` and ``find``.

    For telling which tags a text has mostly by set operations, ``forms`` (a ``FormIndex``):
    ``single`` (term -> tags whose one-word form it is), ``exact1`` (term -> (exact word, tag) of
    one-word exact forms), ``grams`` (two or three terms without a gap -> tags), ``positional``
    (first term -> (terms needed, exact words, tag) of the other forms: gaps, exact words among
    several, long forms); ``contexts`` (tag -> the contexts by one of their words) and
    ``required`` (tag -> its ``with`` terms). For matching with positions: ``all`` (first term ->
    (form, tag) of every form, longest first) and ``cancel`` (tag -> first term -> contexts).
    """

    def __init__(self, tags: Sequence, lang: str, known: dict[str, Form] | None = None):
        """``tags``: kb.text.vocabulary.Tag; ``known``: forms of ``lang`` already analysed (an
        index keeps those of the vocabulary it was built with: no stemming on opening it)."""
        known = known or {}

        def analyse(tag_id: str, form: str, what: str = "form") -> Form:
            found = known.get(form)
            return found if found is not None else checked_form(tag_id, form, lang, what)

        self.analysed: dict[str, Form] = {}  # every form and context of ``lang``, as analysed
        self.forms = FormIndex()
        self.context_keys: dict[int, frozenset] = {}  # tag -> the words its contexts are indexed by
        self.contexts: dict[int, dict[str, list[Form]]] = {}
        self.cancel: dict[int, dict[str, list[Form]]] = {}
        self.all: dict[str, list[tuple[Form, int]]] = {}
        self.form_terms: dict[int, frozenset] = {}
        with_contexts = {number for number, tag in enumerate(tags) if tag.not_forms.get(lang)}
        for number, tag in enumerate(tags):
            contexts = [analyse(tag.id, context, "not context") for context in tag.not_forms.get(lang, ())]
            self.analysed.update(zip(tag.not_forms.get(lang, ()), contexts))
            for analysed in contexts:
                self.cancel.setdefault(number, {}).setdefault(analysed.terms[0], []).append(analysed)
            seen: set[Form] = set()
            for form in tag.forms.get(lang, ()):
                each = self.analysed[form] = analyse(tag.id, form)
                if each in seen:
                    continue  # "potenziata" after "potenziamento": the same terms
                seen.add(each)
                self.forms.add(each, number)
                self.all.setdefault(each.terms[0], []).append((each, number))
            self.form_terms[number] = frozenset(t for f in seen for t in f.terms if t != GAP)
            if contexts:  # by a word of theirs that the tag's forms lack, if any: "out" for "Cast Out"
                index: dict[str, list[Form]] = {}
                for analysed in contexts:
                    needed = sorted(set(analysed.terms) - {GAP})
                    key = next((t for t in needed if t not in self.form_terms[number]), needed[0])
                    index.setdefault(key, []).append(analysed)
                self.contexts[number] = index
                self.context_keys[number] = frozenset(index)
        for entries in self.all.values():
            entries.sort(key=lambda e: -len(e[0]))
        self.forms.freeze()
        self.plans: dict[frozenset, Plan] = {}
        self.with_contexts = frozenset(with_contexts)
        # tag -> the terms one of which a text must have for the tag's forms to count ("token")
        self.required: dict[int, frozenset] = {}
        for number, tag in enumerate(tags):
            words = tag.with_words.get(lang, ())
            if words:
                terms = {t for w in words for t in phrase_terms(w, lang)}
                if not terms:
                    raise ValueError(f"tag {tag.id}: 'with' words {list(words)!r} ({lang}) have no searchable word")
                self.required[number] = frozenset(terms)
        self.required_keys = frozenset(self.required)
        self.with_exact_contexts = frozenset(
            n for n, by_first in self.cancel.items() if any(c.words for cs in by_first.values() for c in cs))
        self.keys = self.forms.keys

    PLANS = 50_000  # remembered plans; the memo starts afresh when full

    def plan(self, present: frozenset) -> Plan:
        plan = self.plans.get(present)
        if plan is None:
            if len(self.plans) >= self.PLANS:
                self.plans.clear()
            plan = self.plans[present] = self._plan(present)
        return plan

    def _plan(self, present: frozenset) -> Plan:
        forms = self.forms
        single = set().union(*map(forms.single.__getitem__, present.intersection(forms.single_keys)))
        undoable = self.with_contexts | self.required_keys
        base = frozenset(single - undoable)
        grams, grams3 = [], []
        for term in present.intersection(forms.gram_first_keys):
            if forms.gram_tags[term] <= base:
                continue
            for gram in forms.gram_by_first[term]:
                numbers = tuple(n for n in forms.grams[gram] if n not in base)
                if numbers:
                    (grams if len(gram) == 2 else grams3).append((gram, numbers))
        exact1 = tuple((word, n) for term in present.intersection(forms.exact1_keys)
                       for word, n in forms.exact1[term] if n not in base)  # fmt: skip
        positional = tuple(entry for term in present.intersection(forms.positional_keys)
                           for entry in forms.positional[term] if entry[2] not in base)  # fmt: skip
        checked = frozenset(single & undoable)
        context_keys = frozenset().union(*(self.context_keys[n] for n in checked if n in self.context_keys))
        return Plan(base, checked, tuple(grams), tuple(grams3), exact1, positional, context_keys,
                    checked & self.required_keys, not (grams or grams3 or exact1 or positional),
                    tuple(capital(term) for term in sorted(present)))


@dataclass(frozen=True)
class Plan:
    """What to look at in a text whose terms include exactly ``present`` among the first terms
    of the forms (texts share these: 5,600 sets for 42,700 rulings), worked out once: ``base``
    (tags their one-word forms find for sure: no contexts, no ``with``), ``checked`` (tags found
    by one-word forms that a context or a ``with`` list may undo), and the forms to probe:
    ``grams``/``grams3`` ((terms, tags)), ``exact1`` ((word, tag)), ``positional`` ((terms
    needed, exact words, tag))."""

    base: frozenset
    checked: frozenset
    grams: tuple
    grams3: tuple
    exact1: tuple
    positional: tuple
    context_keys: frozenset  # the words the contexts of the tags of ``checked`` are indexed by
    required: frozenset  # the tags of ``checked`` with ``with`` words
    one_word: bool  # no form to probe: only one-word forms
    capitals: tuple  # the ``capital`` of each term, for telling card names


class FormIndex:
    """Forms (or contexts) by how a text is probed for them; see ``Table``."""

    def __init__(self):
        self.single: dict[str, list[int]] = {}
        self.exact1: dict[str, list[tuple[str, int]]] = {}
        self.grams: dict[tuple, list[int]] = {}
        self.gram_first: set[str] = set()
        self.positional: dict[str, list[tuple[frozenset, tuple, int]]] = {}
        self.keys: frozenset = frozenset()
        self.freeze()

    def freeze(self) -> None:
        """Key sets for intersections (a set intersected with a dict walks the whole dict)."""
        self.single_keys = frozenset(self.single)
        self.exact1_keys = frozenset(self.exact1)
        self.gram_keys = frozenset(self.grams)
        self.gram_first_keys = frozenset(self.gram_first)
        tags: dict[str, set[int]] = {}
        for gram, numbers in self.grams.items():
            tags.setdefault(gram[0], set()).update(numbers)
        self.gram_tags = {term: frozenset(numbers) for term, numbers in tags.items()}
        self.gram_by_first: dict[str, list[tuple]] = {}
        for gram in self.grams:
            self.gram_by_first.setdefault(gram[0], []).append(gram)
        self.positional_keys = frozenset(self.positional)
        self.keys = self.single_keys | self.exact1_keys | self.gram_first_keys | self.positional_keys

    def add(self, form: Form, number: int) -> None:
        terms, words = form.terms, form.words
        first = terms[0]
        if len(terms) == 1 and words is None:
            if number not in self.single.setdefault(first, []):
                self.single[first].append(number)
        elif len(terms) == 1:
            self.exact1.setdefault(first, []).append((words[0], number))
        elif words is None and form.gapless and len(terms) <= 3:
            self.grams.setdefault(terms, []).append(number)
            self.gram_first.add(first)
        else:
            needed = frozenset(t for t in terms if t != GAP)
            exact = tuple(w for w in words or () if w is not None)
            self.positional.setdefault(first, []).append((needed, exact, number))

