"""Who may organise: the configured organisers (``ORGANISERS``) everywhere, and the platform's
own (a server's managers, a group's administrators) in the community the command came from."""

from __future__ import annotations

from service.unit import Unit


def organiser(unit: Unit) -> bool:
    """The actor organises somewhere: configured (``ORGANISERS``) or said so by the platform
    for the community the command came from (:func:`organises` says where)."""
    return unit.request.organiser or unit.actor.id in unit.context.organisers


def organises(unit: Unit, community: str) -> bool:
    """The actor organises ``community``: configured organisers organise everywhere; the
    platform's organisers (a server's managers, a group's administrators) only the
    community the command came from."""
    if unit.actor.id in unit.context.organisers:
        return True
    return unit.request.organiser and community == unit.community
