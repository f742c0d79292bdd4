"""Component custom ids (GUIDE.md): ``bg:<game_id>:<seq>:<kind>[:<arg>]`` for buttons and
``bs:<game_id>:<seq>:<kind>[:<arg>]`` for selects, always at most 100 characters.

``seq`` is the number of moves applied when the component was sent; a click on an older
board answers "this board is out of date" instead of acting. Every field has a bounded
pattern, so a forged id either matches a kind exactly (and is then checked like any click)
or is answered by ``ForgedItem``.
"""

from __future__ import annotations

MAX_ID = 100
GID = r"(?P<gid>[1-9][0-9]{0,17})"  # < 10**18 < 2**63: always a valid SQLite integer
SEQ = r"(?P<seq>[0-9]{1,7})"
INDEX = r"(?P<index>[0-9]{1,3})"
PREFIX = r"(?P<prefix>[^:]{0,80})"  # a notation prefix with spaces as dots


def button_id(game_id: int, seq: int, kind: str, arg: str = "") -> str:
    return _cid("bg", game_id, seq, kind, arg)


def select_id(game_id: int, seq: int, kind: str, arg: str = "") -> str:
    return _cid("bs", game_id, seq, kind, arg)


def _cid(head: str, game_id: int, seq: int, kind: str, arg: str) -> str:
    cid = f"{head}:{game_id}:{seq}:{kind}" + (f":{arg}" if arg else "")
    if len(cid) > MAX_ID:
        raise ValueError(f"custom_id too long ({len(cid)} characters)")
    return cid


def button_template(kind: str, arg: str = "", *, optional: bool = False) -> str:
    """The regular expression of one button kind; ``optional``: the argument may be absent."""
    if not arg:
        return rf"bg:{GID}:{SEQ}:{kind}"
    return rf"bg:{GID}:{SEQ}:{kind}" + (f"(?::{arg})?" if optional else f":{arg}")


def encode_prefix(prefix: str) -> str:
    return prefix.replace(" ", ".")


def decode_prefix(arg: str) -> str:
    return arg.replace(".", " ").strip()
