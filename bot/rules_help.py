"""``/rules`` in Discord: a game's rules as pages, generated from ``docs/rules/<game>.md`` and
the game's ``GameSpec`` options, so the text in Discord never drifts from the document.

The document's ``##`` and ``###`` headings become topics (a heading's own text up to the next
heading); a section whose text holds ``<!-- not in /rules -->`` (developer notes) is left out.
The document's own ``Options`` section is replaced by one generated from ``GameSpec.options``
with real defaults ("off", "none", "2 minutes"), so defaults shown here are the code's.
Long topics are split into pages at paragraph ends. Pages are turned with persistent buttons
(``RulesPageButton``, custom id ``rules:<game>:<page>:<role>``) that work after a restart.

In Japanese (issue 23) the pages come from ``docs/rules/ja/<game>.md``, written with the same
``##``/``###`` sections in the same order as the English: topics are paired by position, so a
topic keeps its key (``/rules topic:``) and page numbers in both languages. Without a Japanese
document (or with one whose sections do not pair), the English pages are shown with a note.
The Options topic is generated in the reader's language (``i18n.option_text``). A page button
answers in the language of the member who clicks it.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, cast

import discord

import i18n
from games.core import GameSpec, OptionSpec, get_game

ROOT = Path(__file__).resolve().parents[1]
SKIP_MARK = "<!-- not in /rules -->"
PAGE_CHARS = 1800  # a page fits a phone screen; Discord allows 4096 in an embed description
ACCENT = discord.Colour.from_rgb(0, 114, 178)


@dataclass(frozen=True)
class Topic:
    """One section of the rules: ``key`` (a slug for ``/rules topic:``), ``title`` (the
    heading without its source note) and its ``pages`` (Discord markdown, each at most
    ``PAGE_CHARS`` characters where paragraphs allow)."""

    key: str
    title: str
    pages: tuple[str, ...]


@dataclass(frozen=True)
class RulesBook:
    """A game's rules as topics; ``pages`` flattens them as ``(topic index, page in topic)``."""

    game: str
    title: str
    topics: tuple[Topic, ...]
    lang: str = i18n.DEFAULT  # the language of its pages

    @functools.cached_property
    def pages(self) -> tuple[tuple[int, int], ...]:
        return tuple((t, p) for t, topic in enumerate(self.topics) for p in range(len(topic.pages)))

    def first_page(self, topic_key: str) -> int | None:
        """The page number where topic ``topic_key`` starts, ``None`` if there is no such."""
        for n, (t, p) in enumerate(self.pages):
            if p == 0 and self.topics[t].key == topic_key:
                return n
        return None

    def find(self, typed: str) -> int | None:
        """The first page of the topic best matching what a user typed (key, title, or a
        unique prefix / substring of either)."""
        q = slug(typed)
        if not q:
            return 0
        for exact in (True, False):
            for t in self.topics:
                hit = t.key == q if exact else (t.key.startswith(q) or q in t.key)
                if hit:
                    return self.first_page(t.key)
        return None


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def clean_heading(heading: str) -> str:
    """``"1. Negotiation (timed)"`` → ``"Negotiation"``; ``"Setup [ゲームの準備]"`` → ``"Setup"``;
    ``"Phase 1 — Restructuring (secret …)"`` → ``"Phase 1 — Restructuring"``."""
    text = re.sub(r"\s*[\[(（【][^\])）】]*[\])）】]\s*", " ", heading)
    text = re.sub(r"^\d+\.\s*", "", text.strip())
    return " ".join(text.split()) or heading.strip()


# -- options ---------------------------------------------------------------------------------


KEY_PREFIX = {"masters_of_commerce": "moc"}
"""A game's key prefix in the catalogues where it differs from its key."""


def game_title(spec: GameSpec, lang: str = i18n.DEFAULT) -> str:
    """The game's name in ``lang`` (``bot.messages.title``)."""
    from .messages import title

    return title(spec, lang)


def key_prefix(spec: GameSpec) -> str:
    """The prefix of the game's catalogue keys (``moc`` for Masters of Commerce)."""
    return KEY_PREFIX.get(spec.key, spec.key)


def duration(seconds: int, lang: str = i18n.DEFAULT) -> str:
    """``120`` → ``"2 minutes"``; ``90`` → ``"90 seconds"``; ``86400`` → ``"1 day"``
    (Japanese: ``"2分"``, ``"90秒"``, ``"1日"``)."""
    ja = {"day": "日", "hour": "時間", "minute": "分"}
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            n = seconds // size
            if lang == "ja":
                return f"{n}{ja[unit]}"
            return f"{n} {unit}{'' if n == 1 else 's'}"
    if lang == "ja":
        return f"{seconds}秒"
    return f"{seconds} second{'' if seconds == 1 else 's'}"


def is_seconds(option: OptionSpec) -> bool:
    return option.kind == "int" and "second" in option.description.lower()


def value_text(option: OptionSpec, value: Any, lang: str = i18n.DEFAULT) -> str:
    """An option value as a player reads it: ``on``/``off``, ``none``, ``2 minutes``, or the
    value itself (``on``/``off`` stay as typed; words in ``lang``)."""
    if isinstance(value, bool) or option.kind == "bool":
        return "on" if value else "off"
    if value is None or value == "":
        return i18n.t(lang, "bot.rules.none", "none")
    if is_seconds(option) and isinstance(value, int):
        return duration(value, lang)
    return str(value)


def option_line(option: OptionSpec, lang: str = i18n.DEFAULT, prefix: str = "") -> str:
    """``• `timer` — Negotiation time … Default: 2 minutes. Values: 30 seconds to 3 days.``
    ``prefix``: the game's key prefix, for the description in ``lang``
    (``i18n.option_text``)."""
    t = i18n.t
    desc = option.description
    if prefix:
        desc = i18n.option_text(lang, prefix, option.name, desc)
    desc = desc.rstrip(".。")
    if option.kind == "bool":
        values = t(lang, "bot.rules.on_off", "`on` or `off`")
    elif option.kind == "int":
        lo = "" if option.lo is None else value_text(option, option.lo, lang)
        hi = "" if option.hi is None else value_text(option, option.hi, lang)
        if lo and hi and is_seconds(option):
            values = t(
                lang, "bot.rules.range_seconds", "{lo} to {hi} (a number of seconds)", lo=lo, hi=hi
            )
        elif lo and hi:
            values = t(lang, "bot.rules.range", "{lo} to {hi} (a whole number)", lo=lo, hi=hi)
        else:
            values = t(lang, "bot.rules.whole_number", "a whole number")
    elif option.kind == "choice":
        shown = [f"`{c}`" for c in option.choices[:6]]
        more = len(option.choices) - len(shown)
        values = ", ".join(shown) + (
            t(lang, "bot.rules.n_more", " and {n} more", n=more) if more > 0 else ""
        )
    else:
        limit = getattr(option, "max_len", None)
        if limit:
            values = t(lang, "bot.rules.text_up_to", "text up to {n} characters", n=limit)
        else:
            values = t(lang, "bot.rules.text", "text")
    return t(
        lang,
        "bot.rules.option_line",
        "• `{name}` — {desc}.\n  Default: **{default}**. Values: {values}.",
        name=option.name,
        desc=desc,
        default=value_text(option, option.default, lang),
        values=values,
    )


def options_page(spec: GameSpec, lang: str = i18n.DEFAULT) -> str:
    from .services.autoplay import rules_lines as ai_lines
    from .services.clocks import rules_lines  # the bot's own options: turn clocks
    from .services.undo import rules_lines as undo_lines

    t = i18n.t
    clocks = ["", *rules_lines(lang), *undo_lines(lang), *ai_lines(lang)]
    title = game_title(spec, lang)
    if not spec.options:
        none = t(
            lang,
            "bot.rules.no_options",
            "{title} has no options: every game is played the same way.",
            title=title,
        )
        return "\n".join([none, *clocks])
    example = spec.options[0]
    sample = "on" if example.kind == "bool" else (example.choices or (example.default,))[0]
    lines = [
        t(
            lang,
            "bot.rules.set_options",
            "Set options when opening the lobby: `/game new game:{game} options:{name}={sample}` "
            "(several as space-separated `name=value` words; `on`/`off` for switches).",
            game=spec.key,
            name=example.name,
            sample=sample,
        ),
        "",
    ]
    lines += [option_line(o, lang, key_prefix(spec)) for o in spec.options]
    return "\n".join(lines + clocks)


# -- markdown → Discord ----------------------------------------------------------------------


def split_sections(text: str) -> tuple[str, list[tuple[int, str, str]]]:
    """The text before the first ``##`` heading (without the ``#`` title), and each ``##`` or
    ``###`` section as ``(level, heading, body)``. Headings inside code fences are text."""
    intro: list[str] = []
    sections: list[tuple[int, str, list[str]]] = []
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        m = None if fenced else re.match(r"^(#{1,3})\s+(.*\S)\s*$", line)
        if m and len(m.group(1)) >= 2:
            sections.append((len(m.group(1)), m.group(2), []))
        elif m and not sections:
            continue  # the document title
        elif sections:
            sections[-1][2].append(line)
        else:
            intro.append(line)
    return "\n".join(intro), [(lvl, h, "\n".join(body)) for lvl, h, body in sections]


_LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")


def _table(rows: list[str]) -> list[str]:
    cells = [[c.strip() for c in r.strip().strip("|").split("|")] for r in rows]
    cells = [c for c in cells if not all(re.fullmatch(r":?-{2,}:?", x) for x in c if x)]
    if not cells:
        return []
    head, *body = cells
    out = []
    for row in body:
        first, rest = row[0], row[1:]
        parts = [f"{h}: {v}" for h, v in zip(head[1:], rest, strict=False) if v]
        out.append(f"• **{first}**" + (" — " + "; ".join(parts) if parts else ""))
    return out or ["• " + " · ".join(head)]


def to_discord(markdown: str) -> str:
    """Document markdown as Discord renders it: paragraphs reflowed (the files are wrapped at
    100 columns), tables as bullet lines, relative links as plain text, ``####`` as bold."""
    out: list[str] = []
    para: list[str] = []
    table: list[str] = []
    fenced = False

    def flush() -> None:
        if para:
            out.append(" ".join(para))
            para.clear()
        if table:
            out.extend(_table(table))
            table.clear()

    for raw in markdown.replace(SKIP_MARK, "").splitlines():
        line = raw.rstrip()
        if line.startswith("```"):
            flush()
            fenced = not fenced
            out.append(line)
            continue
        if fenced:
            out.append(line)
            continue
        line = _LINK.sub(lambda m: m.group(0) if "://" in m.group(2) else m.group(1), line)
        stripped = line.strip()
        if not stripped:
            flush()
            if out and out[-1] != "":
                out.append("")
            continue
        if stripped.startswith("|"):
            if para:
                flush()
            table.append(stripped)
            continue
        if table:
            flush()
        if stripped.startswith("#"):
            flush()
            out.append("**" + stripped.lstrip("#").strip() + "**")
        elif re.match(r"^([-*+]|\d+[.)]|>)\s", stripped):
            flush()
            para.append(line.replace("  ", "\u2003", 1) if line.startswith("  ") else stripped)
        elif para:
            para.append(stripped)
        else:
            para.append(line if line.startswith(" ") else stripped)
    flush()
    return "\n".join(out).strip("\n")


def paginate(text: str, limit: int = PAGE_CHARS) -> list[str]:
    """Split at blank lines (then at line ends, then hard) into pieces of at most ``limit``."""
    if not text.strip():
        return []
    pages: list[str] = []
    current = ""
    for block in re.split(r"\n\s*\n", text):
        pieces = [block] if len(block) <= limit else _hard_split(block, limit)
        for piece in pieces:
            joined = f"{current}\n\n{piece}" if current else piece
            if len(joined) <= limit:
                current = joined
            else:
                pages.append(current)
                current = piece
    if current:
        pages.append(current)
    return _balance_fences(pages)


def _hard_split(block: str, limit: int) -> list[str]:
    out, current = [], ""
    for line in block.split("\n"):
        while len(line) > limit:
            out.append(line[:limit])
            line = line[limit:]
        joined = f"{current}\n{line}" if current else line
        if len(joined) <= limit:
            current = joined
        else:
            out.append(current)
            current = line
    if current:
        out.append(current)
    return out


def _balance_fences(pages: list[str]) -> list[str]:
    """A code block cut by a page end is closed on that page and reopened on the next."""
    out: list[str] = []
    carry = False
    for page in pages:
        text = ("```\n" + page) if carry else page
        if text.count("```") % 2:
            text += "\n```"
            carry = True
        else:
            carry = False
        out.append(text)
    return out


# -- the book ----------------------------------------------------------------------------------


def rules_file(spec: GameSpec, lang: str = i18n.DEFAULT) -> Path | None:
    """``docs/rules/<game>.md`` (``spec.rules_path``), or in Japanese
    ``docs/rules/ja/<game>.md``; ``None`` if the bot has no such copy."""
    if lang != i18n.DEFAULT:
        path = ROOT / "docs" / "rules" / lang / f"{spec.key}.md"
        return path if path.is_file() else None
    for candidate in (spec.rules_path, f"docs/rules/{spec.key}.md"):
        if candidate and (ROOT / candidate).is_file():
            return ROOT / candidate
    return None


_PATH = re.compile(r"`[^`]*(?:/|\.[a-z]{2,4}\b|\w\.\w)[^`]*`")
_INTERNAL = re.compile(
    r"engine version|\bengine\b|rules versions?\b|replay|\bversion \d|\bissue \d", re.I
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z*(\[])|(?<=。)")


def for_players(markdown: str) -> str:
    """The rules document's introduction as a player reads it on page 1: sentences naming
    repository paths, file names, code identifiers or engine versions (they belong in the
    README and docs) and tables are left out."""
    kept: list[str] = []
    for block in re.split(r"\n\s*\n", markdown.strip()):
        if block.lstrip().startswith("|"):
            continue
        text = " ".join(block.split())
        sentences = [
            x
            for x in _SENTENCE.split(text)
            if x and not _PATH.search(x) and not _INTERNAL.search(x)
        ]
        if sentences:
            kept.append(" ".join(sentences).replace("。 ", "。"))
    return "\n\n".join(kept)


def overview_page(spec: GameSpec, intro: str, topics: list[str], lang: str = i18n.DEFAULT) -> str:
    t = i18n.t
    if lang == "ja":  # the Japanese document's introduction says what the summary says
        lines = [
            t(
                lang,
                "bot.rules.head",
                "**{title}** ({other}) · {lo}–{hi} players",
                title=game_title(spec, lang),
                other=spec.title,
                lo=spec.min_players,
                hi=spec.max_players,
            )
        ]
    else:
        lines = [
            f"**{spec.title}** ({spec.title_ja}) · {spec.min_players}–{spec.max_players} players",
            spec.summary,
        ]
    intro = for_players(intro)
    if intro.strip():
        lines += ["", to_discord(intro)]
    if topics:
        lines += [
            "",
            t(lang, "bot.rules.topics", "**Topics:** {topics}", topics=" · ".join(topics)),
        ]
    lines += [
        "",
        t(
            lang,
            "bot.rules.playing_here",
            "**Playing here:** `/move` with autocomplete, or `/play` for buttons; `/hand` for "
            "your private information; `/board` for the board; `/game status` for scores.",
        ),
    ]
    return "\n".join(lines)


def paired(english: str, translated: str) -> tuple[str, list[tuple[int, str, str, str]]] | None:
    """The translated document's introduction and its sections paired with the English
    ones by position: ``(level, English heading, translated heading, translated body)``;
    ``None`` when the two do not have the same ``##``/``###`` sections in the same order."""
    _, en = split_sections(english)
    intro, tr = split_sections(translated)
    if len(en) != len(tr) or any(a[0] != b[0] for a, b in zip(en, tr, strict=True)):
        return None
    return intro, [
        (lvl, heading, tr_heading, body)
        for (lvl, heading, _), (_, tr_heading, body) in zip(en, tr, strict=True)
    ]


@functools.lru_cache(maxsize=64)
def _book(
    game_key: str, mtime: float, lang: str = i18n.DEFAULT, tr_mtime: float = 0.0
) -> RulesBook:
    t = i18n.t
    spec = get_game(game_key)
    path = rules_file(spec)
    english = path.read_text(encoding="utf-8") if path else ""
    intro, sections = split_sections(english) if path else ("", [])
    rows = [(lvl, h, h, body) for lvl, h, body in sections]
    note = ""
    if lang != i18n.DEFAULT:
        tr_path = rules_file(spec, lang)
        pairs = paired(english, tr_path.read_text(encoding="utf-8")) if tr_path else None
        if pairs is not None:
            intro, rows = pairs
        else:
            note = t(
                lang,
                "bot.rules.english_only",
                "These rules are not written in your language yet: the English pages follow.",
            )
    topics: list[tuple[str, str, list[str]]] = []
    options_done = False
    seen: set[str] = set()
    parent = ""
    options_title = t(lang, "bot.rules.options", "Options")
    for level, heading, shown, body in rows:
        title = clean_heading(heading)  # the key comes from the English heading
        label = clean_heading(shown)
        if level == 2:
            parent = title
        if SKIP_MARK in body:
            continue
        if level == 2 and slug(title) == "options":
            topics.append(("options", options_title, paginate(options_page(spec, lang))))
            options_done = True
            continue
        key = slug(title)
        if key in seen:
            key = slug(f"{parent} {title}")
        n = 2
        while key in seen:
            key, n = f"{slug(title)}-{n}", n + 1
        seen.add(key)
        pages = paginate(to_discord(body))
        if not pages:
            # a heading with no text of its own (its subsections follow): say so
            pages = [t(lang, "bot.rules.see_next", "*{title}* — see the next pages.", title=label)]
        topics.append((key, label, pages))
    if not options_done:
        topics.insert(0, ("options", options_title, paginate(options_page(spec, lang))))
    overview = paginate(overview_page(spec, intro, [t[1] for t in topics], lang), 3800)
    if note:
        overview.insert(0, note)
    if path is None:
        overview.append(
            t(
                lang,
                "bot.rules.no_document",
                "The full rules document of this game is not available on this bot, so only "
                "the summary and the options are shown.",
            )
        )
    title = game_title(spec, lang)
    overview_title = t(lang, "bot.rules.overview", "Overview")
    all_topics = [Topic("overview", overview_title, tuple(overview))]
    all_topics += [Topic(k, title_, tuple(p)) for k, title_, p in topics]
    return RulesBook(spec.key, title, tuple(all_topics), lang)


def rules_book(game_key: str, lang: str = i18n.DEFAULT) -> RulesBook:
    """The rules of ``game_key`` (a registered game; ``KeyError``-like ``GameError`` from
    ``get_game`` otherwise) in ``lang`` (``bot.lang.for_member``), re-read when a document
    changes."""
    spec = get_game(game_key)
    path = rules_file(spec)
    lang = i18n.supported(lang) or i18n.DEFAULT
    if lang == i18n.DEFAULT:
        return _book(spec.key, path.stat().st_mtime if path else 0.0)
    tr_path = rules_file(spec, lang)
    return _book(
        spec.key,
        path.stat().st_mtime if path else 0.0,
        lang,
        tr_path.stat().st_mtime if tr_path else 0.0,
    )


# -- Discord ----------------------------------------------------------------------------------


def rules_embed(book: RulesBook, page: int) -> discord.Embed:
    page = max(0, min(page, len(book.pages) - 1))
    t, p = book.pages[page]
    topic = book.topics[t]
    part = f" ({p + 1}/{len(topic.pages)})" if len(topic.pages) > 1 else ""
    lang = book.lang
    embed = discord.Embed(
        title=i18n.t(
            lang,
            "bot.rules.title",
            "{game} rules · {topic}{part}",
            game=book.title,
            topic=topic.title,
            part=part,
        )[:256],
        description=topic.pages[p][:4096],
        colour=ACCENT,
    )
    embed.set_footer(
        text=i18n.t(
            lang,
            "bot.rules.footer",
            "Page {page} of {pages} · /rules game:{game} topic:{topic}",
            page=page + 1,
            pages=len(book.pages),
            game=book.game,
            topic=topic.key,
        )
    )
    return embed


async def reader_language(interaction: discord.Interaction) -> str:
    """The language of the member turning a rules page (English without storage)."""
    from . import lang as langs

    storage = getattr(interaction.client, "storage", None)
    if storage is None:
        return i18n.DEFAULT
    return await langs.for_member(storage, interaction)


class RulesPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rules:(?P<game>[a-z0-9_]{1,40}):(?P<page>[0-9]{1,4}):(?P<role>[pnc])",
):
    """Previous / Next / Contents on a rules page. Stateless (the page number is in the id),
    so it works on any rules message, also after a restart."""

    LABELS: ClassVar[dict[str, str]] = {"p": "◀ Previous", "n": "Next ▶", "c": "Contents"}

    def __init__(
        self,
        game: str,
        page: int,
        role: str,
        *,
        disabled: bool = False,
        lang: str = i18n.DEFAULT,
    ) -> None:
        self.game, self.page, self.role = game, page, role
        labels = {
            "p": i18n.t(lang, "bot.rules.previous", "◀ Previous"),
            "n": i18n.t(lang, "bot.rules.next", "Next ▶"),
            "c": i18n.t(lang, "bot.rules.contents", "Contents"),
        }
        super().__init__(
            discord.ui.Button(
                label=labels[role],
                style=discord.ButtonStyle.secondary if role != "n" else discord.ButtonStyle.primary,
                custom_id=f"rules:{game}:{page}:{role}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulesPageButton:
        return cls(match["game"], int(match["page"]), match["role"])

    async def callback(self, interaction: discord.Interaction) -> None:
        lang = await reader_language(interaction)
        try:
            book = rules_book(self.game, lang)
        except Exception:  # a game no longer installed
            await interaction.response.send_message(
                i18n.t(
                    lang,
                    "bot.rules.gone",
                    "That game's rules are not available on this bot any more.",
                ),
                ephemeral=True,
            )
            return
        page = max(0, min(self.page, len(book.pages) - 1))
        await interaction.response.edit_message(
            embed=rules_embed(book, page), view=rules_view(book, page)
        )


class RulesTopicSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rules:(?P<game>[a-z0-9_]{1,40}):topics",
):
    """A menu of the rules' topics (the first 25) that jumps to the chosen one's first page.
    Stateless like ``RulesPageButton``."""

    def __init__(self, game: str, book: RulesBook | None = None, page: int = 0) -> None:
        self.game = game
        options = []
        if book is not None:
            current = book.pages[max(0, min(page, len(book.pages) - 1))][0]
            for t, topic in enumerate(book.topics[:25]):
                start = book.first_page(topic.key) or 0
                options.append(
                    discord.SelectOption(
                        label=topic.title[:100], value=str(start), default=t == current
                    )
                )
        super().__init__(
            discord.ui.Select(
                custom_id=f"rules:{game}:topics",
                placeholder=i18n.t(
                    book.lang if book else i18n.DEFAULT, "bot.rules.jump", "Jump to a topic…"
                ),
                options=options or [discord.SelectOption(label="Overview", value="0")],
                row=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RulesTopicSelect:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        data = cast("dict[str, Any]", interaction.data or {})
        values = data.get("values") or ["0"]
        lang = await reader_language(interaction)
        try:
            book = rules_book(self.game, lang)
            page = int(values[0])
        except Exception:  # a game no longer installed, or a forged value
            await interaction.response.send_message(
                i18n.t(
                    lang,
                    "bot.rules.gone",
                    "That game's rules are not available on this bot any more.",
                ),
                ephemeral=True,
            )
            return
        page = max(0, min(page, len(book.pages) - 1))
        await interaction.response.edit_message(
            embed=rules_embed(book, page), view=rules_view(book, page)
        )


def rules_view(book: RulesBook, page: int) -> discord.ui.View:
    """Page-turning buttons and the topic menu (a view without timeout: its items are
    dynamic items, answered whatever message they are on)."""
    last = len(book.pages) - 1
    view = discord.ui.View(timeout=None)
    lang = book.lang
    view.add_item(RulesPageButton(book.game, max(0, page - 1), "p", disabled=page <= 0, lang=lang))
    view.add_item(
        RulesPageButton(book.game, min(last, page + 1), "n", disabled=page >= last, lang=lang)
    )
    view.add_item(RulesPageButton(book.game, 0, "c", disabled=page == 0, lang=lang))
    if len(book.topics) > 1:
        view.add_item(RulesTopicSelect(book.game, book, page))
    return view


def topic_choices(book: RulesBook, typed: str, limit: int = 25) -> list[tuple[str, str]]:
    """``(label, key)`` pairs for the topic autocomplete, matches of ``typed`` first."""
    q = typed.strip().lower()
    rows = [(t.title, t.key) for t in book.topics]
    if q:
        starts = [r for r in rows if r[0].lower().startswith(q) or r[1].startswith(slug(q))]
        inside = [r for r in rows if r not in starts and (q in r[0].lower() or slug(q) in r[1])]
        rows = starts + inside
    return rows[:limit]
