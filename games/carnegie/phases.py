"""The phases of a Carnegie game (one ``Step`` each), shared with views and renderers."""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    SETUP_PROJECTS = "setup_projects"  # seed 準備 10 (and the reserved department, S6)
    SETUP_MOVES = "setup_moves"  # seed 準備 11-12: 6 employee moves, then activation
    CHOOSE = "choose"  # 1. アクション選択
    INCOME = "income"  # 2. イベント: 収入を得る
    DONATION = "donation"  # 2. イベント: 寄付をする
    TURN = "turn"  # 3. 部署の使用 + 4. ラウンド終了 (activation), player by player
