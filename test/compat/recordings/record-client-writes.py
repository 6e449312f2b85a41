"""Records AgentOS's answers to the requests AgentOSClient sends for the memory/eval writes, knowledge
status/config and metrics refresh (client-writes-<version>.json), in order, over a copy of a fixture.

usage: REF=<reference-platform dir, with site/ or site3/ built and keys/ minted (mint.py --scopes agent_os:admin > $REF/admin.tok)>
       PYTHONPATH=$REF/site python3 record-client-writes.py 2.9 ../fixtures/agno/agno-observability.db client-writes-2.9.json
       PYTHONPATH=$REF/site3 python3 record-client-writes.py 3 ../fixtures/agno3/agno3-real.db client-writes-3.json
Then knowledge_config's readers/chunkers are reduced to their ids (see "reduced" in the file).
"""
import json, os, shutil, signal, sqlite3, subprocess, sys, time
import httpx

REF = os.environ['REF']

version, fix, out = sys.argv[1], sys.argv[2], sys.argv[3]
W = os.path.join(os.environ.get('TMPDIR', '/tmp'), f'rec-{version}')
shutil.rmtree(W, ignore_errors=True); os.makedirs(W)
db = f'{W}/agents.db'
shutil.copyfile(fix, db)
c = sqlite3.connect(db)
if c.execute("SELECT 1 FROM sqlite_master WHERE name='agno_metrics'").fetchone(): c.execute('DELETE FROM agno_metrics')
c.commit(); c.close()
port = 28941 if version == '2.9' else 28942
peer = subprocess.Popen([sys.executable, os.path.join(REF, 'peer.py'), '--db', db, '--db-id', 'obs', '--port', str(port), '--key', os.path.join(REF, 'keys', 'public.pem'), '--knowledge', 'Acme Docs'],
                        env=dict(os.environ, AGNO_TELEMETRY='false'), stdout=open(f'{W}/peer.log', 'w'), stderr=subprocess.STDOUT)
OLIVIA = '638d7963-62b0-4b31-99fd-59d4c365a84b'
EVAL = '7e5828c7-a8cc-4dae-ba99-27176934407a'
steps = [
  ('create_memory', 'POST', '/memories?db_id=obs', {'memory': 'Ada likes Montréal', 'user_id': 'ada', 'topics': ['travel']}),
  ('get_memory', 'GET', '/memories/{created}?db_id=obs', None),
  ('update_memory', 'PATCH', f'/memories/{OLIVIA}?db_id=obs', {'memory': 'changed', 'user_id': 'olivia', 'topics': ['t']}),
  ('update_memory_new_id', 'PATCH', '/memories/fresh-id?db_id=obs', {'memory': 'new', 'user_id': 'zed'}),
  ('update_memory_no_user', 'PATCH', '/memories/fresh-id?db_id=obs', {'memory': 'new'}),
  ('create_memory_empty', 'POST', '/memories?db_id=obs', {'memory': '', 'user_id': 'ada'}),
  ('delete_memory', 'DELETE', '/memories/{created}?db_id=obs', None),
  ('get_deleted_memory', 'GET', '/memories/{created}?db_id=obs', None),
  ('delete_memories', 'DELETE', '/memories?db_id=obs', {'memory_ids': ['fresh-id', 'nope']}),
  ('delete_memories_empty', 'DELETE', '/memories?db_id=obs', {'memory_ids': []}),
  ('update_eval_run', 'PATCH', f'/eval-runs/{EVAL}?db_id=obs', {'name': 'Renamed'}),
  ('update_eval_run_missing', 'PATCH', '/eval-runs/nope?db_id=obs', {'name': 'x'}),
  ('update_eval_run_empty_name', 'PATCH', f'/eval-runs/{EVAL}?db_id=obs', {'name': ''}),
  ('delete_eval_runs', 'DELETE', '/eval-runs?db_id=obs', {'eval_run_ids': [EVAL]}),
  ('content_status_completed', 'GET', '/knowledge/content/e4076403-1927-4cf7-9340-dd5fc65738e7/status?db_id=obs', None),
  ('content_status_failed', 'GET', '/knowledge/content/e5a8dcc1-e718-4234-bb65-87693fff3944/status?db_id=obs', None),
  ('content_status_unknown', 'GET', '/knowledge/content/nope/status?db_id=obs', None),
  ('knowledge_config', 'GET', '/knowledge/config?db_id=obs', None),
  ('refresh_status_idle', 'GET', '/metrics/refresh/status?db_id=obs', None),
  ('refresh_metrics', 'POST', '/metrics/refresh?db_id=obs', None),
  ('refresh_metrics_again', 'POST', '/metrics/refresh?db_id=obs', None),
  ('refresh_status_after', 'GET', '/metrics/refresh/status?db_id=obs', None),
  ('get_metrics', 'GET', '/metrics?db_id=obs', None),
]
try:
    for _ in range(300):
        try: httpx.get(f'http://127.0.0.1:{port}/health', timeout=1); break
        except Exception: time.sleep(0.2)
    tok = open(os.path.join(REF, 'admin.tok')).read().strip()
    answers, created = [], None
    for name, method, path, body in steps:
        p = path.replace('{created}', created or 'x')
        r = httpx.request(method, f'http://127.0.0.1:{port}{p}', headers={'Authorization': f'Bearer {tok}'}, json=body)
        try: answer = r.json()
        except Exception: answer = None
        if name == 'create_memory': created = answer['memory_id']
        answers.append({'step': name, 'method': method, 'path': path, 'body': body, 'status': r.status_code, 'answer': answer})
    json.dump({'source': f'AgentOS {version} (reference platform, peer.py --knowledge "Acme Docs", admin token) over {os.path.basename(fix)} with its metrics rows deleted; steps in order',
               'answers': answers}, open(out, 'w'), indent=1, ensure_ascii=False)
    print('recorded', len(answers), 'statuses', [a['status'] for a in answers])
finally:
    peer.send_signal(signal.SIGTERM); peer.wait()
