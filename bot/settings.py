"""Settings of the bot, from the environment or ``.env`` (pydantic-settings). ``.env.example`` documents
every one. The token is a secret: it is never logged or shown in a ``repr``."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_core import PydanticCustomError
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """``DISCORD_TOKEN`` (required for ``metahost bot``), ``DATABASE_URL`` (where the store lives:
    ``sqlite:///PATH``, a file path, or ``postgresql://USER:PASSWORD@HOST:PORT/DATABASE``; its password is never
    shown), ``METAHOST_DB`` (the older setting of the SQLite file, read when ``DATABASE_URL`` is not set), ``DEV_GUILD_ID``, ``LOG_LEVEL``,
    ``DECISION_TIMEOUT`` (seconds), ``RESPONSE_TIMEOUT`` (seconds, 10–3600, default 30: the deadline of a
    round of response windows, ``Decision.window``, MEM-GAP-28; a table's ``/table new response:``
    overrides it), ``TABLE_THREADS`` (true/false), ``COMPUTER_DELAY`` (seconds),
    ``BOARD_EDIT_INTERVAL`` (seconds between edits of one board), ``BOARD_HOLD`` (seconds the board may wait while
    the same people go on deciding, to spare Discord REST calls), ``MAX_TABLES_PER_USER`` (open tables one
    user may host on one server, 1–100, default 3) and ``MAX_TABLES_PER_CHANNEL`` (open tables one channel
    may hold, 1–200, default 10); "open" is waiting for players or playing;
    ``DM_CONTEXT_INTERVAL`` (seconds, 0–600, default 30): how often at most a player's DM is edited when
    only the board context or hand in it changed (others played; its own buttons are the same). Changed
    buttons and deadlines are edited at once, and a click refreshes the DM for free.
    ``BOARD_PICTURES`` (true/false, default true): whether Discord boards carry a picture of the board (an
    embed image); ``false`` turns them off everywhere. A server (``/settings pictures``) and a
    table (``/table new pictures:False``) can turn them off too; the text board always stays.
    ``METAZOO_SPELLBOOK_MAX`` (Pages, 40–500, default 60): the most Pages a MetaZoo Spellbook may hold
    (MZ-BOOK-01 sets no maximum; MZ-GAP-76: the host's configurable one), for saved decks, joins and starts
    (:func:`apply_game_settings`).
    The web front (``metahost web``, docs/web.md): ``WEB_SECRET`` (signs table links; a secret, never shown),
    ``WEB_URL`` (the public address of the web front; when set, ``/table replay`` and the final summary give a
    table's link), ``WEB_PORT`` (when set, ``metahost bot`` serves the web front beside it on that port),
    ``WEB_HOST`` (the address it listens on, default ``127.0.0.1``: put a reverse proxy in front),
    ``WEB_LINK_DAYS`` (days a link stays valid, 0–3650, default 365; 0: never expires), ``WEB_RATE``
    (requests a minute one address may make, 10–10000, default 120) and ``WEB_PROXIES`` (addresses of the
    reverse proxies whose ``X-Forwarded-For`` is believed, default ``127.0.0.1``).
    ``SHARDS`` (``0-3``, ``0,2,4-5``; default every shard) and ``SHARD_COUNT`` (1–4096; default 1, or one more
    than the highest shard named): the Discord shards this process runs, for several processes sharing one
    PostgreSQL store (docs/hosting.md, "Several processes"; ``metahost bot --shards --shard-count`` win over
    them); checked together (:func:`bot.shards.parse_shards`)."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(None, validation_alias="DISCORD_TOKEN")
    database_url: SecretStr | None = Field(None, validation_alias="DATABASE_URL")
    db_path: Path = Field(Path("var/metahost.db"), validation_alias="METAHOST_DB")
    dev_guild_id: int | None = Field(None, validation_alias="DEV_GUILD_ID")
    log_level: str = Field("INFO", validation_alias="LOG_LEVEL")
    decision_timeout: float = Field(300.0, ge=30, le=86400, validation_alias="DECISION_TIMEOUT")
    response_timeout: float = Field(30.0, ge=10, le=3600, validation_alias="RESPONSE_TIMEOUT")
    table_threads: bool = Field(True, validation_alias="TABLE_THREADS")
    computer_delay: float = Field(1.5, ge=0, le=30, validation_alias="COMPUTER_DELAY")
    board_edit_interval: float = Field(1.0, ge=0, le=60, validation_alias="BOARD_EDIT_INTERVAL")
    board_hold: float = Field(30.0, ge=0, le=300, validation_alias="BOARD_HOLD")
    max_tables_per_user: int = Field(3, ge=1, le=100, validation_alias="MAX_TABLES_PER_USER")
    max_tables_per_channel: int = Field(10, ge=1, le=200, validation_alias="MAX_TABLES_PER_CHANNEL")
    dm_context_interval: float = Field(30.0, ge=0, le=600, validation_alias="DM_CONTEXT_INTERVAL")
    board_pictures: bool = Field(True, validation_alias="BOARD_PICTURES")
    metazoo_spellbook_max: int = Field(60, ge=40, le=500, validation_alias="METAZOO_SPELLBOOK_MAX")
    web_secret: SecretStr | None = Field(None, validation_alias="WEB_SECRET")
    web_url: str | None = Field(None, validation_alias="WEB_URL")
    web_port: int | None = Field(None, ge=1, le=65535, validation_alias="WEB_PORT")
    web_host: str = Field("127.0.0.1", validation_alias="WEB_HOST")
    web_link_days: float = Field(365.0, ge=0, le=3650, validation_alias="WEB_LINK_DAYS")
    web_rate: int = Field(120, ge=10, le=10000, validation_alias="WEB_RATE")
    web_proxies: str = Field("127.0.0.1", validation_alias="WEB_PROXIES")
    shards: str | None = Field(None, validation_alias="SHARDS")
    shard_count: int | None = Field(None, validation_alias="SHARD_COUNT")

    @field_validator("log_level")
    @classmethod
    def _level(cls, v: str) -> str:
        v = v.upper()
        if v not in ("DEBUG", "INFO", "WARNING", "ERROR"):
            raise ValueError("LOG_LEVEL is one of DEBUG, INFO, WARNING, ERROR")
        return v

    @field_validator("web_url")
    @classmethod
    def _web_url(cls, v: str | None) -> str | None:
        if v in ("", None):
            return None
        if not v.startswith(("http://", "https://")):
            raise ValueError("WEB_URL is the web front's public address, starting with https:// (or http://)")
        return v.rstrip("/")

    @field_validator("dev_guild_id", "database_url", "web_secret", "web_port", "shards", "shard_count",
                     mode="before")
    @classmethod
    def _blank_is_none(cls, v):
        return None if v in ("", None) else v

    @model_validator(mode="after")
    def _shards(self) -> Settings:
        from bot.shards import parse_shards

        try:
            parse_shards(self.shards, self.shard_count)
        except ValueError as exc:  # said in words, without pydantic's "Value error," before them
            raise PydanticCustomError("shards", "SHARDS/SHARD_COUNT: {why}", {"why": str(exc)}) from None
        return self

    @property
    def database(self) -> str:
        """Where the store lives, as :meth:`bot.store.Store.open` takes it: ``DATABASE_URL`` when set, else
        the SQLite file ``METAHOST_DB`` (default ``var/metahost.db``)."""
        return self.database_url.get_secret_value() if self.database_url is not None else str(self.db_path)

    @property
    def web_links(self) -> tuple[str, str] | None:
        """``(WEB_URL, WEB_SECRET)`` when both are set (the bot then gives table links), else ``None``."""
        if self.web_url is None or self.web_secret is None:
            return None
        return self.web_url, self.web_secret.get_secret_value()

    @property
    def database_setting(self) -> str:
        """The name of the setting :attr:`database` came from, for messages: ``DATABASE_URL`` or ``METAHOST_DB``."""
        return "DATABASE_URL" if self.database_url is not None else "METAHOST_DB"


def apply_game_settings(settings: Settings) -> None:
    """Hand the games the settings that are theirs: MetaZoo's Spellbook maximum (``METAZOO_SPELLBOOK_MAX``,
    MZ-GAP-76). Called once at start-up by the bot and the terminal commands."""
    from games import GAME_MODULES, get_game

    if "metazoo" in GAME_MODULES:
        get_game("metazoo").spellbook_max = settings.metazoo_spellbook_max
