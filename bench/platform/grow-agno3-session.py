"""Grows the agent session `s-agent-big` of an Agno 3 SQLite file to N runs, written by Agno 3 itself.

Agno 3 keeps each run as a row of `agno_runs`, and `SqliteDb.upsert_session` leaves runs out, so a
session of N runs is made the way an agent makes one: `SqliteDb.upsert_run` once per run, each a
copy of one of the session's real runs with a new `run_id`, its own content and a later
`created_at`, at the next `run_index`.

usage: PYTHONPATH=<reference platform>/site3 python3 grow-agno3-session.py FILE N
"""
import copy
import sys
import time
import uuid

from agno.db.base import SessionType
from agno.db.sqlite import SqliteDb

SESSION = "s-agent-big"

path, total = sys.argv[1], int(sys.argv[2])
db = SqliteDb(db_file=path, id="agnodb")
session = db.get_session(session_id=SESSION, session_type=SessionType.AGENT)
real = list(session.runs or [])
if not real:
    sys.exit(f"{path}: session {SESSION} has no runs to copy")
started = time.time()
for index in range(len(real), total):
    run = copy.deepcopy(real[index % len(real)])
    run.run_id = str(uuid.uuid4())
    run.content = f"Result #{index}: {run.content}"
    run.created_at = int(started) - (total - index)
    db.upsert_run(run, session_id=SESSION, user_id=session.user_id, run_index=index)
print(f"{SESSION}: {len(real)} -> {total} runs in {time.time() - started:.1f}s", file=sys.stderr)
