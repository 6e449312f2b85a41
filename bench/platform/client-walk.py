"""Walk Agno's own AgentOSClient method by method against one base URL (AgentOS or rundesk) and write one
JSON record per call: ok and the value (model_dump), or the error. Run by hand beside the reference platform:
  PYTHONPATH=<agno site> python3 client-walk.py BASE TOKEN DB_ID OUT.json [VERSION] [--exec]
--exec also runs agents, a team and a workflow (rundesk forwards them to upstream.url). Compare two walks with
compare-walks.py A.json B.json. The sessions it reads (s-weather-<VERSION>, …) are written by the live agents.
"""
import asyncio, json, sys, traceback
from agno.client import AgentOSClient
from agno.db.base import SessionType

base, token, db_id, out = sys.argv[1:5]
execute = "--exec" in sys.argv
H = {"Authorization": f"Bearer {token}"}

def dump(v):
    if v is None: return None
    if hasattr(v, "model_dump"): return v.model_dump(mode="json")
    if isinstance(v, (list, tuple)): return [dump(x) for x in v]
    if isinstance(v, dict): return {k: dump(x) for k, x in v.items()}
    if isinstance(v, (str, int, float, bool)): return v
    return repr(v)[:500]

async def main():
    c = AgentOSClient(base_url=base, timeout=60)
    res, ctx = [], {"ver": sys.argv[5] if len(sys.argv) > 5 and not sys.argv[5].startswith("--") else ""}
    async def call(name, fn):
        try:
            v = fn()
            if hasattr(v, "__await__"): v = await v
            if hasattr(v, "__aiter__"):
                items = []
                async for e in v: items.append(dump(e))
                v = items
            res.append({"method": name, "ok": True, "value": dump(v)})
            return v
        except Exception as e:
            res.append({"method": name, "ok": False, "error": type(e).__name__, "message": str(e)[:400]})
            return None
    await call("get_config", lambda: c.aget_config(headers=H))
    if hasattr(c, "get_models"): await call("get_models", lambda: c.get_models(headers=H))
    await call("list_agents", lambda: c.list_agents(headers=H))
    await call("get_agent", lambda: c.aget_agent("weather-agent", headers=H))
    await call("list_teams", lambda: c.list_teams(headers=H))
    await call("get_team", lambda: c.aget_team("research-team", headers=H))
    await call("list_workflows", lambda: c.list_workflows(headers=H))
    await call("get_workflow", lambda: c.aget_workflow("draft-workflow", headers=H))
    # sessions
    await call("get_sessions", lambda: c.get_sessions(db_id=db_id, headers=H))
    await call("get_sessions_nodb", lambda: c.get_sessions(headers=H))
    await call("get_sessions_team", lambda: c.get_sessions(session_type=SessionType.TEAM, db_id=db_id, headers=H))
    s = await call("create_session", lambda: c.create_session(session_id="walk-s1", user_id="alice", session_name="Walk one", session_state={"k": 1}, agent_id="weather-agent", db_id=db_id, headers=H))
    await call("get_session", lambda: c.get_session("walk-s1", db_id=db_id, headers=H))
    await call("update_session", lambda: c.update_session("walk-s1", session_state={"k": 2}, metadata={"m": True}, db_id=db_id, headers=H))
    await call("rename_session", lambda: c.rename_session("walk-s1", "Walk renamed", db_id=db_id, headers=H))
    await call("get_session_after", lambda: c.get_session("walk-s1", db_id=db_id, headers=H))
    for sid in ["s-weather-X", "s-team-X", "s-wf-X"]:
        await call(f"get_session_runs:{sid}", lambda sid=sid: c.get_session_runs(sid.replace("X", ctx.get("ver", "")), db_id=db_id, headers=H))
    await call("delete_session", lambda: c.delete_session("walk-s1", db_id=db_id, headers=H))
    await call("get_session_deleted", lambda: c.get_session("walk-s1", db_id=db_id, headers=H))
    # memories
    m = await call("create_memory", lambda: c.create_memory("Lives in Montréal", user_id="alice", topics=["home"], db_id=db_id, headers=H))
    mid = getattr(m, "memory_id", None) or "none"
    await call("get_memory", lambda: c.get_memory(mid, db_id=db_id, headers=H))
    await call("update_memory", lambda: c.update_memory(mid, memory="Lives in Québec", user_id="alice", topics=["home", "moved"], db_id=db_id, headers=H))
    await call("list_memories", lambda: c.list_memories(user_id="alice", db_id=db_id, headers=H))
    await call("get_memory_topics", lambda: c.get_memory_topics(db_id=db_id, headers=H))
    await call("get_user_memory_stats", lambda: c.get_user_memory_stats(db_id=db_id, headers=H))
    await call("delete_memory", lambda: c.delete_memory(mid, db_id=db_id, headers=H))
    m2 = await call("create_memory2", lambda: c.create_memory("Likes tea", user_id="alice", db_id=db_id, headers=H))
    await call("delete_memories", lambda: c.delete_memories([getattr(m2, "memory_id", "none")], user_id="alice", db_id=db_id, headers=H))
    await call("list_memories_after", lambda: c.list_memories(user_id="alice", db_id=db_id, headers=H))
    # evals
    ev = await call("list_eval_runs", lambda: c.list_eval_runs(db_id=db_id, headers=H))
    # knowledge
    await call("list_knowledge_content", lambda: c.list_knowledge_content(db_id=db_id, headers=H))
    await call("get_knowledge_config", lambda: c.get_knowledge_config(db_id=db_id, headers=H))
    await call("get_knowledge_content_status", lambda: c.get_knowledge_content_status("missing-content", db_id=db_id, headers=H))
    # traces, metrics
    await call("get_traces", lambda: c.get_traces(db_id=db_id, headers=H))
    await call("get_trace_session_stats", lambda: c.get_trace_session_stats(db_id=db_id, headers=H))
    await call("get_metrics", lambda: c.get_metrics(db_id=db_id, headers=H))
    await call("refresh_metrics", lambda: c.refresh_metrics(db_id=db_id, headers=H))
    await call("get_metrics_refresh_status", lambda: c.get_metrics_refresh_status(db_id=db_id, headers=H))
    await call("get_metrics_after", lambda: c.get_metrics(db_id=db_id, headers=H))
    await call("migrate_database", lambda: c.migrate_database(db_id, headers=H))
    await call("optimize_memories", lambda: c.optimize_memories(user_id="alice", db_id=db_id, headers=H))
    if execute:
        r = await call("run_agent", lambda: c.run_agent("weather-agent", "Weather in Oslo?", session_id="walk-run-1", user_id="alice", headers=H))
        await call("run_agent_stream", lambda: c.run_agent_stream("weather-agent", "Weather in Rome?", session_id="walk-run-2", user_id="alice", headers=H))
        await call("run_team", lambda: c.run_team("research-team", "Research please", session_id="walk-run-3", user_id="alice", headers=H))
        await call("run_workflow", lambda: c.run_workflow("draft-workflow", "a note", session_id="walk-run-4", user_id="alice", headers=H))
        await call("get_session_runs:walk-run-1", lambda: c.get_session_runs("walk-run-1", db_id=db_id, headers=H))
    json.dump(res, open(out, "w"), indent=1, default=str)
    ok = sum(1 for r in res if r["ok"])
    print(f"{out}: {ok}/{len(res)} ok")
    for r in res:
        if not r["ok"]: print("  FAIL", r["method"], r["error"], r["message"][:160])

asyncio.run(main())
