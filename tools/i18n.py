"""Keep the translation catalogues in step with the code.

    python -m tools.i18n update [--lang ja] [--domain bot] [--prune]
    python -m tools.i18n status [--lang ja]

``update`` adds every new sentence of the sources (and of the slash commands) to
``i18n/locales/<lang>/<domain>.po`` with an empty translation and marks translations whose
English changed as fuzzy (see ``i18n.catalogues.update``); ``status`` prints, per domain, how
many sentences have a usable translation. Translate with any gettext editor (Poedit, Weblate,
Lokalize) or by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from i18n import LANGUAGES, catalogue
from i18n.catalogues import Sentence, by_domain, read, sentences, update, write


async def collect_commands() -> list[Sentence]:
    """The slash commands' names, descriptions, options and choices (domain ``commands``),
    collected from the bot's command tree as a sync would send them."""
    from bot.app import Boardroom
    from bot.translator import sentences as tree_sentences

    bot = Boardroom(":memory:", sync_commands=False)
    await bot.storage.open()
    try:
        await bot.add_commands()
        return [
            Sentence("commands", key, english, "bot/cogs:0")
            for key, english in await tree_sentences(bot.tree)
        ]
    finally:
        await bot.close()


def command_sentences() -> list[Sentence]:
    """``collect_commands`` outside an event loop."""
    return asyncio.run(collect_commands())


def code_sentences() -> list[Sentence]:
    """Every sentence of the code: literal ones and the commands'."""
    return [*sentences(), *command_sentences()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.i18n", description=__doc__)
    parser.add_argument("command", choices=("update", "status"))
    parser.add_argument("--lang", default="ja", choices=[x for x in LANGUAGES if x != "en"])
    parser.add_argument("--domain", action="append", help="only these domains")
    parser.add_argument("--prune", action="store_true", help="drop keys the code no longer has")
    args = parser.parse_args(argv)
    found = by_domain(code_sentences())
    domains = args.domain or sorted(found)
    for domain in domains:
        wanted = found.get(domain, {})
        if args.command == "update":
            path = write(update(args.lang, domain, wanted, prune=args.prune), args.lang, domain)
            print(f"{path}: {len(wanted)} sentences")
        else:
            cat = read(args.lang, domain)
            done = sum(
                1
                for m in cat
                if m.context in wanted
                and m.string
                and not m.fuzzy
                and m.id == wanted[m.context].english
            )
            print(f"{domain:24} {done:5} of {len(wanted):5} translated")
    catalogue.cache_clear()
    return 0


if __name__ == "__main__":
    sys.exit(main())
