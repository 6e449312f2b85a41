"""Records the platform's own scope verdicts over a table of (token scopes, method, path, custom mappings),
by calling Agno's scope check directly (no server): the middleware's decision (check_route_scopes over the
platform's default mappings updated with the custom ones), then the family listing handlers' rule (GET /agents,
/teams, /workflows answer 403 when the caller may reach no id of the family). Run by hand beside the reference
platform, once per Agno version:
  PYTHONPATH=$REF/site  python3 record-scope-verdicts.py 2.9 ../../test/compat/recordings/scope-verdicts-2.9.json
  PYTHONPATH=$REF/site3 python3 record-scope-verdicts.py 3   ../../test/compat/recordings/scope-verdicts-3.json
The admin scope is set to rundesk's default (platform:admin) so the same table runs on both.
"""
import json, sys

from agno.os.scopes import check_route_scopes, get_accessible_resource_ids, get_default_scope_mappings

ADMIN = "platform:admin"
LISTINGS = {"/agents": "agents", "/teams": "teams", "/workflows": "workflows"}

# (why, scopes, method, path, custom scope_mappings)
CASES = [
    # Several scopes in one mapping.
    ("several: one of two held", ["reports:read"], "GET", "/reports", {"GET /reports": ["reports:read", "billing:read"]}),
    ("several: the other one held", ["billing:read"], "GET", "/reports", {"GET /reports": ["reports:read", "billing:read"]}),
    ("several: both held", ["reports:read", "billing:read"], "GET", "/reports", {"GET /reports": ["reports:read", "billing:read"]}),
    ("several: wildcard form of one, global other", ["reports:*:read", "billing:read"], "GET", "/reports", {"GET /reports": ["reports:read", "billing:read"]}),
    ("several: none held", [], "GET", "/reports", {"GET /reports": ["reports:read", "billing:read"]}),
    ("several: admin", [ADMIN], "GET", "/reports", {"GET /reports": ["reports:read", "billing:read"]}),
    ("several: a redefined default, one held", ["sessions:read"], "GET", "/sessions", {"GET /sessions": ["sessions:read", "traces:read"]}),
    ("several: a redefined default, both held", ["sessions:read", "traces:read"], "GET", "/sessions", {"GET /sessions": ["sessions:read", "traces:read"]}),
    ("several: a pattern key, one held", ["sessions:read"], "GET", "/sessions/s1/runs/r1", {"GET /sessions/*": ["sessions:read", "traces:read"]}),
    ("several: a pattern key, both held", ["sessions:read", "traces:read"], "GET", "/sessions/s1/runs/r1", {"GET /sessions/*": ["sessions:read", "traces:read"]}),
    ("several on an agent path: family scopes held as written", ["agents:run", "sessions:write"], "POST", "/agents/a1/runs", {"POST /agents/*/runs": ["agents:run", "sessions:write"]}),
    ("several on an agent path: the agent's own actions", ["agents:run", "agents:write"], "POST", "/agents/a1/runs", {"POST /agents/*/runs": ["agents:run", "sessions:write"]}),
    ("several on an agent path: per-agent actions", ["agents:a1:run", "agents:a1:write"], "POST", "/agents/a1/runs", {"POST /agents/*/runs": ["agents:run", "sessions:write"]}),
    ("several on an agent path: one per-agent action", ["agents:a1:run"], "POST", "/agents/a1/runs", {"POST /agents/*/runs": ["agents:run", "sessions:write"]}),
    # Per-resource scopes outside agents, teams and workflows.
    ("per-session scope reads its session", ["sessions:s1:read"], "GET", "/sessions/s1", {}),
    ("per-session scope reads its run", ["sessions:s1:read"], "GET", "/sessions/s1/runs/r1", {}),
    ("per-session scope lists its runs", ["sessions:s1:read"], "GET", "/sessions/s1/runs", {}),
    ("per-session delete", ["sessions:s1:delete"], "DELETE", "/sessions/s1", {}),
    ("per-session scope on the listing", ["sessions:s1:read"], "GET", "/sessions", {}),
    ("session wildcard", ["sessions:*:read"], "GET", "/sessions/s1", {}),
    ("session global", ["sessions:read"], "GET", "/sessions/s1/runs/r1", {}),
    ("per-memory scope", ["memories:m1:read"], "GET", "/memories/m1", {}),
    ("per-memory write", ["memories:m1:write"], "PATCH", "/memories/m1", {}),
    ("memory wildcard", ["memories:*:read"], "GET", "/memories/m1", {}),
    ("per-trace scope", ["traces:t1:read"], "GET", "/traces/t1", {}),
    ("per-session scope under a custom key", ["sessions:s1:read"], "GET", "/sessions/s1", {"GET /sessions/*": ["sessions:read"]}),
    # Agents, teams, workflows: ids from the path.
    ("agent read, own id", ["agents:a1:read"], "GET", "/agents/a1", {}),
    ("agent read, other id", ["agents:a2:read"], "GET", "/agents/a1", {}),
    ("agent read, wildcard", ["agents:*:read"], "GET", "/agents/a1", {}),
    ("agent read, global", ["agents:read"], "GET", "/agents/a1", {}),
    ("agent read with a run scope", ["agents:a1:run"], "GET", "/agents/a1", {}),
    ("agent run, global", ["agents:run"], "POST", "/agents/a1/runs", {}),
    ("agent run, wildcard", ["agents:*:run"], "POST", "/agents/a1/runs", {}),
    ("agent run, own id", ["agents:a1:run"], "POST", "/agents/a1/runs", {}),
    ("agent run, other id", ["agents:a2:run"], "POST", "/agents/a1/runs", {}),
    ("agent run with a read scope", ["agents:a1:read"], "POST", "/agents/a1/runs", {}),
    ("agent run cancel, own id", ["agents:a1:run"], "POST", "/agents/a1/runs/r1/cancel", {}),
    ("team run, own id", ["teams:t1:run"], "POST", "/teams/t1/runs", {}),
    ("team read, other id", ["teams:t2:read"], "GET", "/teams/t1", {}),
    ("workflow read, own id", ["workflows:w1:read"], "GET", "/workflows/w1", {}),
    ("agent scope on a team path", ["agents:t1:read"], "GET", "/teams/t1", {}),
    ("a foreign scope mapped on an agent path", ["reports:read"], "GET", "/agents/a1", {"GET /agents/*": ["reports:read"]}),
    ("a foreign mapping on an agent path, the agent's id held", ["agents:a1:read"], "GET", "/agents/a1", {"GET /agents/*": ["reports:read"]}),
    ("a foreign mapping on an agent path, agents global", ["agents:read"], "GET", "/agents/a1", {"GET /agents/*": ["reports:read"]}),
    ("a foreign run mapping on a team path", ["teams:t1:write"], "POST", "/teams/t1/runs", {"POST /teams/*/runs": ["sessions:write"]}),
    ("a per-id mapping, the path's own id held", ["agents:a2:read"], "GET", "/agents/a2", {"GET /agents/*": ["agents:a1:read"]}),
    ("a per-id mapping, the mapping's id held", ["agents:a1:read"], "GET", "/agents/a2", {"GET /agents/*": ["agents:a1:read"]}),
    ("a per-id mapping off the families", ["agents:a1:read"], "GET", "/reports/x", {"GET /reports/*": ["agents:a1:read"]}),
    ("a wildcard mapping off the families, per-id held", ["agents:a1:read"], "GET", "/reports/x", {"GET /reports/*": ["agents:*:read"]}),
    ("a wildcard mapping off the families, global held", ["agents:read"], "GET", "/reports/x", {"GET /reports/*": ["agents:*:read"]}),
    ("an opaque scope mapping", ["openid"], "GET", "/reports", {"GET /reports": ["openid"]}),
    ("a four-part scope mapping", ["a:b:c:d"], "GET", "/reports", {"GET /reports": ["a:b:c:d"]}),
    # Family listings.
    ("agent listing, one id", ["agents:a1:read"], "GET", "/agents", {}),
    ("agent listing, run scope only", ["agents:a1:run"], "GET", "/agents", {}),
    ("agent listing, wildcard", ["agents:*:read"], "GET", "/agents", {}),
    ("agent listing, no family scope", ["sessions:read"], "GET", "/agents", {}),
    ("agent listing, no scope", [], "GET", "/agents", {}),
    ("team listing, one id", ["teams:t1:read"], "GET", "/teams", {}),
    ("workflow listing, agent scope", ["agents:read"], "GET", "/workflows", {}),
    ("agent listing under a foreign mapping", ["reports:read"], "GET", "/agents", {"GET /agents": ["reports:read"]}),
    ("agent listing under a foreign mapping, an agent held", ["reports:read", "agents:a1:read"], "GET", "/agents", {"GET /agents": ["reports:read"]}),
    ("agent listing under a foreign mapping, an agent run held", ["reports:read", "agents:a1:run"], "GET", "/agents", {"GET /agents": ["reports:read"]}),
    ("agent listing without scopes needed, none held", ["sessions:read"], "GET", "/agents", {"GET /agents": []}),
    ("agent listing without scopes needed, an agent run held", ["agents:a1:run"], "GET", "/agents", {"GET /agents": []}),
    ("a legacy resource name", ["system:read"], "GET", "/config", {}),
    ("a legacy resource name in a mapping", ["config:read"], "GET", "/reports", {"GET /reports": ["system:read"]}),
    ("admin on a listing", [ADMIN], "GET", "/agents", {}),
    ("admin on a session", [ADMIN], "DELETE", "/sessions/s1", {}),
]


def verdict(scopes, method, path, custom):
    mappings = get_default_scope_mappings()
    mappings.update(custom)
    check = check_route_scopes(list(scopes), mappings, method, path, admin_scope=ADMIN)
    allowed = check.allowed
    family = LISTINGS.get(path) if method == "GET" else None
    if allowed and family is not None:
        # The listing handler: the middleware's ids when it set them, else the caller's ids for the family.
        ids = check.accessible_resource_ids
        if ids is None:
            ids = get_accessible_resource_ids(list(scopes), family, admin_scope=ADMIN)
        if not ids:
            allowed = False
    ids = check.accessible_resource_ids
    return {
        "status": 200 if allowed else 403,
        "middleware_allowed": check.allowed,
        "required_scopes": list(check.required_scopes),
        "accessible_resource_ids": None if ids is None else sorted(ids),
    }


def main():
    version, out = sys.argv[1], sys.argv[2]
    cases = []
    for why, scopes, method, path, custom in CASES:
        cases.append({"why": why, "scopes": scopes, "method": method, "path": path, "scope_mappings": custom, **verdict(scopes, method, path, custom)})
    doc = {
        "source": f"Agno {version}: agno.os.scopes.check_route_scopes over its default mappings updated with scope_mappings, admin scope {ADMIN}, then the family listing handlers' empty-ids 403; recorded by bench/platform/record-scope-verdicts.py",
        "admin_scope": ADMIN,
        "cases": cases,
    }
    with open(out, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


main()
