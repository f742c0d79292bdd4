"""games/ stays pure and render/ never reaches into bot/ (GUIDE "Layers")."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    "games": {
        "discord",
        "PIL",
        "aiosqlite",
        "asyncio",
        "time",
        "random",
        "bot",
        "render",
        "i18n",
    },
    "render": {"discord", "aiosqlite", "bot"},
    "i18n": {"discord", "PIL", "aiosqlite", "bot", "render"},  # catalogues: any layer reads them
    "bot": {"tests"},  # the installed package has no tests/ (boardroom bench runs installed)
}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_import_direction():
    problems = []
    for package, banned in FORBIDDEN.items():
        for path in sorted((ROOT / package).rglob("*.py")):
            bad = imported_roots(path) & banned
            if bad:
                problems.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    assert not problems, "\n".join(problems)
