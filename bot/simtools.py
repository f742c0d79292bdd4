"""Driving the bot in a simulated Discord (SimCord) with interactions in flight together.

SimCord runs one operation at a time (``member.slash`` emits an interaction and waits until
the bot settles). ``boardroom bench`` and the tests also need several interactions in flight
at once: ``emit_slash`` builds a slash command the way ``MemberActor.slash`` does and emits it
on SimCord's gateway without waiting; ``slash_together`` emits many, then settles once.
This uses SimCord internals (3.2.1), so they are kept here, in one place; SimCord itself is
imported only when these run (it comes with ``pip install 'boardroom[preview]'``).
"""

from __future__ import annotations

from typing import Any

SETTLE = 3600.0
"""Seconds SimCord may wait for the bot to settle after a step (its default, 5 s, is a
wall-clock limit that a busy machine exceeds). The bot's own waits run on SimCord's virtual
clock (``bot.clock``), so a long limit never makes SimCord wait out a game timer."""


def slash_payload(actor: Any, channel: Any, name: str, options: dict[str, Any]) -> tuple[Any, Any]:
    """``(record, payload)`` of slash command ``name`` (``"game new"``) with ``options``, as
    ``member`` would send it in ``channel``."""
    from simcord import actors, interactions
    from simcord.enums import AppCommandType, InteractionType

    parts = name.split()
    root = actors._resolve_visible_command(actor, channel.id, parts[0], AppCommandType.CHAT_INPUT)
    leaf, nesting = interactions.walk_to_subcommand(root, parts[1:])
    leaf_options, resolved = interactions.build_options(
        actor, name, leaf, options, channel_id=channel.id
    )
    data: dict[str, Any] = {
        "id": root["id"],
        "name": root["name"],
        "type": root.get("type", AppCommandType.CHAT_INPUT),
        "options": interactions.nest_options(root, nesting, leaf_options),
    }
    if resolved:
        data["resolved"] = resolved
    return interactions.base_payload(
        actor._env.backend,
        type=InteractionType.APPLICATION_COMMAND,
        channel_id=channel.id,
        guild_id=actor.guild.id,
        user_id=actor.id,
        data=data,
    )


def emit_slash(env: Any, actor: Any, channel: Any, name: str, options: dict[str, Any]) -> Any:
    """Emit one slash command without waiting for the bot; returns its SimCord record (pass
    it to ``simcord.results.InteractionResult`` once settled). The interaction id is
    ``int(record.id)``."""
    record, payload = slash_payload(actor, channel, name, options)
    env._notify_dispatch_observers(record)
    env.backend.emit("INTERACTION_CREATE", payload)
    return record


async def slash_together(env: Any, calls: list[tuple[Any, Any, str, dict[str, Any]]]) -> list[Any]:
    """``calls`` are ``(member, channel, command, options)``; all are emitted before the bot
    handles any of them, then SimCord settles once. Returns each call's
    ``InteractionResult``."""
    from simcord.results import InteractionResult

    records = [emit_slash(env, *call) for call in calls]
    await env.settle()
    return [InteractionResult(env, r) for r in records]
