"""The deployment files say what the code does: every variable that the Dockerfile, the compose
example and ``.env.example`` set is one the bot reads and the README documents, the health check
is ``gobot health`` on a heartbeat file the image configures, and the build context leaves
``.env`` (the tokens) out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOT_OURS = {"PATH", "PYTHONUNBUFFERED", "POSTGRES_USER", "POSTGRES_PASSWORD", "POSTGRES_DB"}


def read(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def dockerfile_env() -> dict[str, str]:
    text = read("Dockerfile").replace("\\\n", " ")
    found: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("ENV "):
            found.update(re.findall(r'([A-Z][A-Z0-9_]*)="?([^"\s]*)"?', line[4:]))
    return found


def env_example() -> list[str]:
    return re.findall(r"^(?:# )?([A-Z][A-Z0-9_]*)=", read(".env.example"), re.MULTILINE)


def compose_environment() -> list[str]:
    return re.findall(r"^\s+([A-Z][A-Z0-9_]*): ", read("docker-compose.example.yml"), re.MULTILINE)


def read_by_the_bot() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "bot").rglob("*.py"))


@pytest.mark.parametrize("source", ["Dockerfile", ".env.example", "docker-compose.example.yml"])
def test_every_variable_set_is_read_and_documented(source: str) -> None:
    names = {
        "Dockerfile": list(dockerfile_env()),
        ".env.example": env_example(),
        "docker-compose.example.yml": compose_environment(),
    }[source]
    assert names
    code, readme = read_by_the_bot(), read("README.md")
    for name in set(names) - NOT_OURS:
        assert f'"{name}"' in code, f"{source} sets {name}, which the bot does not read"
        assert f"`{name}`" in readme, f"{source} sets {name}, which the README does not explain"


def test_env_example_lists_every_setting_of_the_readme() -> None:
    documented = set(re.findall(r"^\| `([A-Z][A-Z0-9_]*)`", read("README.md"), re.MULTILINE))
    assert documented and documented <= set(env_example())


def test_the_health_check_reads_the_heartbeat_the_image_configures() -> None:
    env = dockerfile_env()
    assert env["GOBOT_HEARTBEAT_FILE"].startswith("/")
    assert env["DATABASE_URL"] == "sqlite:////data/games.db"
    assert env["BOARDS_DIR"].startswith("/data/")
    [check] = [line for line in read("Dockerfile").splitlines() if line.startswith("HEALTHCHECK")]
    assert check.endswith('CMD ["gobot", "health"]')


def test_the_build_context_leaves_the_secrets_out() -> None:
    patterns = [
        line for line in read(".dockerignore").splitlines() if line and not line.startswith("#")
    ]
    assert patterns[0] == "*"  # everything out, then the sources back in
    assert not any(".env" in p for p in patterns[1:])


def test_everything_the_image_copies_is_in_the_build_context() -> None:
    """Each ``COPY`` source of the Dockerfile is let back into the context by .dockerignore (a
    source left out fails the build: ``club`` once was)."""
    allowed = {
        line.removeprefix("!")
        for line in read(".dockerignore").splitlines()
        if line.startswith("!")
    }
    copies = [
        line.split()[1:-1] for line in read("Dockerfile").splitlines() if line.startswith("COPY")
    ]
    sources = {source for sources in copies for source in sources}
    assert sources and sources <= allowed, sources - allowed
    packages = set(tomllib_packages())
    assert packages <= sources, packages - sources  # every package of pyproject.toml is copied


def tomllib_packages() -> list[str]:
    """The top-level packages pyproject.toml installs."""
    import tomllib

    config = tomllib.loads(read("pyproject.toml"))
    return [p.rstrip("*") for p in config["tool"]["setuptools"]["packages"]["find"]["include"]]
