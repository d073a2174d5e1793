"""The deployment files say what the code does: every variable that the Dockerfile, the compose
example, ``.env.example`` and the systemd unit set is one the bot reads and the README documents,
the health check is ``gobot health`` on a heartbeat file the image configures, the build context
leaves ``.env`` (the tokens) out, the compose example's HTTPS front serves every bot's webhook,
and ``deploy/gobot.service`` passes ``systemd-analyze verify`` with hardening the bot survives."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOT_OURS = {"PATH", "PYTHONUNBUFFERED", "POSTGRES_USER", "POSTGRES_PASSWORD", "POSTGRES_DB"}
NOT_OURS |= {"WEBHOOK_DOMAIN"}  # the HTTPS front's (deploy/Caddyfile), not the bot's


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


# ----- the HTTPS front of docker-compose.example.yml ----------------------------------------


def compose_services() -> dict[str, str]:
    """Each service of the compose example and its block of text (two-space indented names)."""
    text = read("docker-compose.example.yml").split("\nservices:\n", 1)[1].split("\nvolumes:\n")[0]
    parts = re.split(r"^  ([a-z0-9-]+):\n", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def caddy_routes() -> dict[str, list[str]]:
    """deploy/Caddyfile's site: each ``handle`` block's matcher (``""``: the rest) and the
    upstreams of its ``reverse_proxy``."""
    text = read("deploy/Caddyfile")
    matchers = dict(re.findall(r"^\s*@(\w+) path (.+)$", text, re.MULTILINE))
    routes: dict[str, list[str]] = {}
    for matcher, body in re.findall(r"^\s*handle ?(@\w+)? \{\n(.*?)^\t\}", text, re.M | re.S):
        upstreams = re.search(r"reverse_proxy ([^{\n]+)", body)
        assert upstreams is not None, body
        routes[matchers.get(matcher.lstrip("@"), "")] = upstreams[1].split()
    return routes


def test_the_compose_example_puts_https_before_the_webhooks_and_the_pages() -> None:
    """Telegram posts webhooks only to HTTPS: Caddy serves the domain of TELEGRAM_WEBHOOK_URL
    with a certificate of its own (the site address of deploy/Caddyfile, ports 80 and 443, kept
    in a volume) and passes the webhook requests to every bot process's webhook port, and the
    published leagues' pages (``/l/…`` and their ``/static/…``) to ``gobot web``, unbuffered
    (the live updates); nothing else is published."""
    services = compose_services()
    bots = {
        name: re.search(r'TELEGRAM_WEBHOOK_PORT: "(\d+)"', block)
        for name, block in services.items()
        if name.startswith("bot-")
    }
    assert len(bots) == 2 and all(bots.values())
    front = services["https"]
    assert "image: caddy:2" in front
    assert "WEBHOOK_DOMAIN: ${WEBHOOK_DOMAIN:?" in front
    assert "- ./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in front
    caddyfile = read("deploy/Caddyfile")
    assert re.search(r"^\{\$WEBHOOK_DOMAIN\} \{$", caddyfile, re.MULTILINE)  # a host: HTTPS
    routes = caddy_routes()
    assert set(routes[""]) == {f"{name}:{port.group(1)}" for name, port in bots.items() if port}
    web = services["web"]
    assert 'command: ["gobot", "web"]' in web
    port = re.search(r'GOBOT_WEB_PORT: "(\d+)"', web)
    assert port is not None and "GOBOT_WEB_HOST: 0.0.0.0" in web
    assert routes["/l/* /static/*"] == [f"web:{port[1]}"]
    assert "flush_interval -1" in caddyfile
    assert 'GOBOT_WEB_TRUST_PROXY: "yes"' in web  # the front is the only way in
    for name in (*bots, "web"):  # `league publish` links to the front's address
        assert "GOBOT_WEB_URL: https://${WEBHOOK_DOMAIN}" in services[name], name
    assert re.findall(r'- "(\d+:\d+)"', front) == ["80:80", "443:443"]
    assert "- caddy-data:/data" in front  # the certificate survives a restart
    assert "  caddy-data:" in read("docker-compose.example.yml").split("\nvolumes:\n")[1]
    for name, block in services.items():
        assert name == "https" or "ports:" not in block, f"{name} publishes a port"


def test_the_compose_example_explains_the_variables_it_needs() -> None:
    text = read("docker-compose.example.yml")
    needed = set(re.findall(r"\$\{([A-Z_]+)", text))
    assert needed == {"POSTGRES_PASSWORD", "WEBHOOK_DOMAIN"}
    header = text.split("\nname:")[0]
    for name in (*needed, "TELEGRAM_WEBHOOK_URL", "TELEGRAM_WEBHOOK_SECRET"):
        assert f"#   {name}=" in header, f"the header does not say to set {name}"
    assert all(f"`{name}`" in read("docs/deploy.md") for name in needed)


# ----- deploy/gobot.service -------------------------------------------------------------------

UNIT = "deploy/gobot.service"


def unit_entries() -> dict[str, list[tuple[str, str]]]:
    """The unit's sections and their ``Key=value`` lines in order (keys may repeat)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] = []
    for line in read(UNIT).splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), [])
            continue
        key, _, value = line.partition("=")
        current.append((key, value))
    return sections


def values(section: str, key: str) -> list[str]:
    return [v for k, v in unit_entries()[section] if k == key]


def test_the_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    """``systemd-analyze verify`` with the unit's ExecStart pointed at this installation's
    ``gobot`` (it checks that the program exists): no error and no warning (an unknown key or a
    bad value is only a warning, so the output must be empty)."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    gobot = Path(sys.executable).parent / "gobot"
    assert gobot.exists()
    [start] = values("Service", "ExecStart")
    unit = tmp_path / "gobot.service"
    unit.write_text(read(UNIT).replace(start.split()[0], str(gobot)), encoding="utf-8")
    done = subprocess.run(
        [analyze, "verify", "--man=no", str(unit)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


def test_the_unit_runs_the_bot_as_its_own_user_and_logs_to_the_journal() -> None:
    sections = unit_entries()
    assert set(sections) == {"Unit", "Service", "Install"}
    assert values("Service", "User") == values("Service", "Group") == ["gobot"]
    assert values("Service", "EnvironmentFile") == ["/etc/gobot/gobot.env"]
    [start] = values("Service", "ExecStart")
    assert start.startswith("/") and start.endswith("/gobot run")
    assert values("Service", "Restart") == ["on-failure"]
    # exit statuses that a restart cannot heal are those of the README's table
    table = set(re.findall(r"^\| `(\d+)` \|", read("README.md"), re.MULTILINE))
    stop = values("Service", "RestartPreventExitStatus")[0].split()
    assert set(stop) <= table
    # a setting, a schema too new, a missing database, a file it may not open, a refused token:
    # none heals by restarting (69, a service out of reach, and 70, a crash, may)
    assert set(stop) == {"2", "65", "66", "73", "78"}
    # the log goes to the journal (standard error, unbuffered), as `journalctl -u gobot` reads it
    keys = {k for k, _ in sections["Service"]}
    assert not keys & {"StandardOutput", "StandardError"}
    assert values("Install", "WantedBy") == ["multi-user.target"]
    assert "journalctl -u gobot" in read(UNIT) and "journalctl -u gobot" in read("docs/deploy.md")


def test_the_units_hardening_leaves_the_bot_what_it_needs() -> None:
    """Everything is read-only (ProtectSystem=strict) but the state and runtime directories
    systemd makes for the user: the SQLite database and the heartbeat are there. The bot needs
    the network (no PrivateNetwork, IP families allowed) and starts GNU Go; cffi's callbacks
    (aiodns) need writable-executable memory, so MemoryDenyWriteExecute stays off."""
    env = dict(v.split("=", 1) for v in values("Service", "Environment"))
    assert values("Service", "ProtectSystem") == ["strict"]
    assert values("Service", "NoNewPrivileges") == ["yes"]
    [state] = values("Service", "StateDirectory")
    [runtime] = values("Service", "RuntimeDirectory")
    assert env["DATABASE_URL"] == f"sqlite:////var/lib/{state}/games.db"
    assert env["GOBOT_HEARTBEAT_FILE"].startswith(f"/run/{runtime}/")
    assert values("Service", "WorkingDirectory") == [f"/var/lib/{state}"]
    assert "/usr/games" in env["PATH"].split(":")  # GNU Go, as Debian installs it
    keys = {k for k, _ in unit_entries()["Service"]}
    assert not keys & {"PrivateNetwork", "MemoryDenyWriteExecute", "IPAddressDeny"}
    families = values("Service", "RestrictAddressFamilies")[0].split()
    assert {"AF_INET", "AF_INET6", "AF_UNIX"} <= set(families)
    code, readme = read_by_the_bot(), read("README.md")
    for name in set(env) - NOT_OURS:
        assert f'"{name}"' in code and f"`{name}`" in readme, name


# ----- pinned builds ----------------------------------------------------------------------------


def test_every_dependency_is_pinned_within_its_range() -> None:
    """constraints.txt pins each runtime and dev dependency of pyproject.toml to one version that
    its range allows (``make constraints`` refreshes it)."""
    import tomllib

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pins = {}
    for line in read("constraints.txt").splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not name==version"
            pins[canonicalize_name(name)] = version
    project = tomllib.loads(read("pyproject.toml"))["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["dev"]]
    for text in wanted:
        requirement = Requirement(text)
        pinned = pins.get(canonicalize_name(requirement.name))
        assert pinned is not None, f"{requirement.name} is not in constraints.txt"
        assert requirement.specifier.contains(pinned), f"{requirement.name}=={pinned}: {text}"


def test_every_install_uses_the_constraints() -> None:
    makefile = read("Makefile")
    dockerfile = read("Dockerfile").replace("\\\n", " ")
    installs = re.findall(r"pip install [^\n&]*", makefile + "\n" + dockerfile)
    installs = [i for i in installs if "--upgrade pip" not in i]
    assert len(installs) >= 4  # the bot and the dev tools (Makefile), babel and the bot (image)
    assert all("-c constraints.txt" in i for i in installs), installs
    assert "COPY pyproject.toml README.md constraints.txt ./" in dockerfile
    assert "!constraints.txt" in read(".dockerignore").splitlines()
    # `make run` installs the runtime only; the tests and linters come with `make test`/`lint`
    run_stamp = re.search(r"^\$\(RUN_STAMP\):.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert run_stamp is not None and "[dev]" not in run_stamp.group(1)
    assert re.search(r"^run: \$\(RUN_STAMP\) ", makefile, re.MULTILINE)
    assert re.search(r"^test: \$\(STAMP\) ", makefile, re.MULTILINE)
