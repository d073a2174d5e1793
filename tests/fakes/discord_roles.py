"""Roles and permissions of the fake Discord guild's members, as Discord computes them.

By default @everyone has every permission (so every member may do anything). A test that needs
a member with less sets, before the bot connects (``GUILD_CREATE`` carries the roles):

    dc.everyone_permissions = discord.Permissions(send_messages=True).value
    organisers = dc.add_role("Go organisers")  # a role id; permissions=0 unless given
    dc.give_roles(CAROL, organisers)

A member's ``roles`` (in ``GUILD_CREATE``, messages, resolved options and interactions) are its
role ids; its ``permissions`` (sent with every interaction) are the guild owner's all, else
@everyone's OR its roles', all of them when one is Administrator."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tests.fakes.discord_payloads import ALL_PERMISSIONS, DiscordUser

if TYPE_CHECKING:
    from tests.fakes.discord_payloads import SnowflakeFactory

ADMINISTRATOR = 1 << 3


class MemberRoles:
    """Mixin of :class:`FakeDiscordServer`: the guild's roles and who has them."""

    if TYPE_CHECKING:
        ids: SnowflakeFactory
        guild_id: int
        guild_owner: DiscordUser

    everyone_permissions: int = int(ALL_PERMISSIONS)

    def _init_roles(self) -> None:
        self.roles: list[dict[str, Any]] = []  # besides @everyone
        self.member_roles: dict[int, list[int]] = {}

    def add_role(self, name: str, permissions: int = 0) -> int:
        """A new guild role (before the bot connects); return its id."""
        role_id = self.ids.next()
        self.roles.append(
            {
                "id": str(role_id),
                "name": name,
                "permissions": str(permissions),
                "position": len(self.roles) + 1,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": True,
                "flags": 0,
            }
        )
        return role_id

    def give_roles(self, user: DiscordUser, *role_ids: int) -> None:
        """``user`` has these roles (before the bot connects, for the guild's member list)."""
        self.member_roles.setdefault(user.id, []).extend(role_ids)

    def permissions_of(self, user: DiscordUser) -> int:
        """The member's permissions (no channel overwrites are modelled)."""
        if user.id == self.guild_owner.id:
            return int(ALL_PERMISSIONS)
        value = self.everyone_permissions
        mine = set(self.member_roles.get(user.id, ()))
        for role in self.roles:
            if int(role["id"]) in mine:
                value |= int(role["permissions"])
        return int(ALL_PERMISSIONS) if value & ADMINISTRATOR else value

    def member_payload(self, user: DiscordUser) -> dict[str, Any]:
        """The API ``GuildMember`` of ``user``, with its roles and permissions."""
        return user.member(
            self.guild_id, self.member_roles.get(user.id, []), self.permissions_of(user)
        )
