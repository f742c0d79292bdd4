"""``/rules`` in Discord: a game's rules as pages, generated from ``docs/rules/<game>.md`` and
the game's ``GameSpec`` options, so the text in Discord never drifts from the document.

The document's ``##`` and ``###`` headings become topics (a heading's own text up to the next
heading); a section whose text holds ``<!-- not in /rules -->`` (developer notes) is left out.
The document's own ``Options`` section is replaced by one generated from ``GameSpec.options``
with real defaults ("off", "none", "2 minutes"), so defaults shown here are the code's.
Long topics are split into pages at paragraph ends. Pages are turned with persistent buttons
(``RulesPageButton``, custom id ``rules:<game>:<page>:<role>``) that work after a restart.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, cast

import discord

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
    text = re.sub(r"\s*[\[(（][^\])）]*[\])）]\s*", " ", heading)
    text = re.sub(r"^\d+\.\s*", "", text.strip())
    return " ".join(text.split()) or heading.strip()


# -- options ---------------------------------------------------------------------------------


def duration(seconds: int) -> str:
    """``120`` → ``"2 minutes"``; ``90`` → ``"90 seconds"``; ``86400`` → ``"1 day"``."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            n = seconds // size
            return f"{n} {unit}{'' if n == 1 else 's'}"
    return f"{seconds} second{'' if seconds == 1 else 's'}"


def is_seconds(option: OptionSpec) -> bool:
    return option.kind == "int" and "second" in option.description.lower()


def value_text(option: OptionSpec, value: Any) -> str:
    """An option value as a player reads it: ``on``/``off``, ``none``, ``2 minutes``, or the
    value itself."""
    if isinstance(value, bool) or option.kind == "bool":
        return "on" if value else "off"
    if value is None or value == "":
        return "none"
    if is_seconds(option) and isinstance(value, int):
        return duration(value)
    return str(value)


def option_line(option: OptionSpec) -> str:
    """``• `timer` — Negotiation time … Default: 2 minutes. Values: 30 seconds to 3 days.``"""
    desc = option.description.rstrip(".")
    if option.kind == "bool":
        values = "`on` or `off`"
    elif option.kind == "int":
        lo = "" if option.lo is None else value_text(option, option.lo)
        hi = "" if option.hi is None else value_text(option, option.hi)
        unit = " (a number of seconds)" if is_seconds(option) else " (a whole number)"
        values = f"{lo} to {hi}{unit}" if lo and hi else "a whole number"
    elif option.kind == "choice":
        shown = [f"`{c}`" for c in option.choices[:6]]
        more = len(option.choices) - len(shown)
        values = ", ".join(shown) + (f" and {more} more" if more > 0 else "")
    else:
        limit = getattr(option, "max_len", None)
        values = f"text up to {limit} characters" if limit else "text"
    return (
        f"• `{option.name}` — {desc}.\n  Default: **{value_text(option, option.default)}**. "
        f"Values: {values}."
    )


def options_page(spec: GameSpec) -> str:
    from .services.autoplay import rules_lines as ai_lines
    from .services.clocks import rules_lines  # the bot's own options: turn clocks
    from .services.undo import rules_lines as undo_lines

    clocks = ["", *rules_lines(), *undo_lines(), *ai_lines()]
    if not spec.options:
        return "\n".join(
            [f"{spec.title} has no options: every game is played the same way.", *clocks]
        )
    example = spec.options[0]
    sample = "on" if example.kind == "bool" else (example.choices or (example.default,))[0]
    lines = [
        "Set options when opening the lobby: "
        f"`/game new game:{spec.key} options:{example.name}={sample}` "
        "(several as space-separated `name=value` words; `on`/`off` for switches).",
        "",
    ]
    lines += [option_line(o) for o in spec.options]
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


def rules_file(spec: GameSpec) -> Path | None:
    """``docs/rules/<game>.md`` (``spec.rules_path``), or ``None`` if the bot has no copy."""
    for candidate in (spec.rules_path, f"docs/rules/{spec.key}.md"):
        if candidate and (ROOT / candidate).is_file():
            return ROOT / candidate
    return None


_PATH = re.compile(r"`[^`]*(?:/|\.[a-z]{2,4}\b|\w\.\w)[^`]*`")
_INTERNAL = re.compile(
    r"engine version|\bengine\b|rules versions?\b|replay|\bversion \d|\bissue \d", re.I
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z*(\[])")


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
            x for x in _SENTENCE.split(text) if not _PATH.search(x) and not _INTERNAL.search(x)
        ]
        if sentences:
            kept.append(" ".join(sentences))
    return "\n\n".join(kept)


def overview_page(spec: GameSpec, intro: str, topics: list[str]) -> str:
    lines = [
        f"**{spec.title}** ({spec.title_ja}) · {spec.min_players}–{spec.max_players} players",
        spec.summary,
    ]
    intro = for_players(intro)
    if intro.strip():
        lines += ["", to_discord(intro)]
    if topics:
        lines += ["", "**Topics:** " + " · ".join(topics)]
    lines += [
        "",
        "**Playing here:** `/move` with autocomplete, or `/play` for buttons; `/hand` for your "
        "private information; `/board` for the board; `/game status` for scores.",
    ]
    return "\n".join(lines)


@functools.lru_cache(maxsize=32)
def _book(game_key: str, mtime: float) -> RulesBook:
    spec = get_game(game_key)
    path = rules_file(spec)
    intro, sections = split_sections(path.read_text(encoding="utf-8")) if path else ("", [])
    topics: list[tuple[str, str, list[str]]] = []
    options_done = False
    seen: set[str] = set()
    parent = ""
    for level, heading, body in sections:
        title = clean_heading(heading)
        if level == 2:
            parent = title
        if SKIP_MARK in body:
            continue
        if level == 2 and slug(title) == "options":
            topics.append(("options", "Options", paginate(options_page(spec))))
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
            pages = [f"*{title}* — see the next pages."]
        topics.append((key, title, pages))
    if not options_done:
        topics.insert(0, ("options", "Options", paginate(options_page(spec))))
    overview = paginate(overview_page(spec, intro, [t[1] for t in topics]), 3800)
    if path is None:
        overview.append(
            "The full rules document of this game is not available on this bot, so only the "
            "summary and the options are shown."
        )
    all_topics = [Topic("overview", "Overview", tuple(overview))]
    all_topics += [Topic(k, t, tuple(p)) for k, t, p in topics]
    return RulesBook(spec.key, spec.title, tuple(all_topics))


def rules_book(game_key: str) -> RulesBook:
    """The rules of ``game_key`` (a registered game; ``KeyError``-like ``GameError`` from
    ``get_game`` otherwise), re-read when the document changes."""
    spec = get_game(game_key)
    path = rules_file(spec)
    return _book(spec.key, path.stat().st_mtime if path else 0.0)


# -- Discord ----------------------------------------------------------------------------------


def rules_embed(book: RulesBook, page: int) -> discord.Embed:
    page = max(0, min(page, len(book.pages) - 1))
    t, p = book.pages[page]
    topic = book.topics[t]
    part = f" ({p + 1}/{len(topic.pages)})" if len(topic.pages) > 1 else ""
    embed = discord.Embed(
        title=f"{book.title} rules · {topic.title}{part}"[:256],
        description=topic.pages[p][:4096],
        colour=ACCENT,
    )
    embed.set_footer(
        text=f"Page {page + 1} of {len(book.pages)} · /rules game:{book.game} topic:{topic.key}"
    )
    return embed


class RulesPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rules:(?P<game>[a-z0-9_]{1,40}):(?P<page>[0-9]{1,4}):(?P<role>[pnc])",
):
    """Previous / Next / Contents on a rules page. Stateless (the page number is in the id),
    so it works on any rules message, also after a restart."""

    LABELS: ClassVar[dict[str, str]] = {"p": "◀ Previous", "n": "Next ▶", "c": "Contents"}

    def __init__(self, game: str, page: int, role: str, *, disabled: bool = False) -> None:
        self.game, self.page, self.role = game, page, role
        super().__init__(
            discord.ui.Button(
                label=self.LABELS[role],
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
        try:
            book = rules_book(self.game)
        except Exception:  # a game no longer installed
            await interaction.response.send_message(
                "That game's rules are not available on this bot any more.", ephemeral=True
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
                placeholder="Jump to a topic…",
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
        try:
            book = rules_book(self.game)
            page = int(values[0])
        except Exception:  # a game no longer installed, or a forged value
            await interaction.response.send_message(
                "That game's rules are not available on this bot any more.", ephemeral=True
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
    view.add_item(RulesPageButton(book.game, max(0, page - 1), "p", disabled=page <= 0))
    view.add_item(RulesPageButton(book.game, min(last, page + 1), "n", disabled=page >= last))
    view.add_item(RulesPageButton(book.game, 0, "c", disabled=page == 0))
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
