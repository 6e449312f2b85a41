"""Compare two walks method by method: same ok-ness, and equal values after dropping volatile fields."""
import json, sys
VOL = {"created_at","updated_at","run_id","memory_id","id","session_id","trace_id","span_id","start_time","end_time","duration","date","timestamp","parent_run_id","tool_call_id","content_id","time","reasoning_time","time_to_first_token","duration_ms","total_duration","latest_run_time","generated_at","last_updated","search_time_ms","last_memory_updated_at","finished_at","completed_at","started_at"}
def norm(v):
    if isinstance(v, dict): return {k: norm(x) for k, x in sorted(v.items()) if k not in VOL}
    if isinstance(v, list): return [norm(x) for x in v]
    if isinstance(v, float): return round(v, 6)
    return v
a = {r["method"]: r for r in json.load(open(sys.argv[1]))}
b = {r["method"]: r for r in json.load(open(sys.argv[2]))}
same = differ = fail_b = fail_both = 0
for m, ra in a.items():
    rb = b.get(m)
    if rb is None: print("MISSING", m); continue
    if not ra["ok"] and not rb["ok"]: fail_both += 1; continue
    if ra["ok"] and not rb["ok"]: fail_b += 1; print(f"FAILS ONLY ON B  {m}: {rb['message'][:150]!r}".replace("\\n"," ")); continue
    if not ra["ok"] and rb["ok"]: print(f"FAILS ONLY ON A  {m}"); continue
    if norm(ra["value"]) == norm(rb["value"]): same += 1
    else:
        differ += 1
        sa, sb = json.dumps(norm(ra["value"]), sort_keys=True), json.dumps(norm(rb["value"]), sort_keys=True)
        i = next((k for k in range(min(len(sa), len(sb))) if sa[k] != sb[k]), min(len(sa), len(sb)))
        print(f"DIFFERS {m}: A …{sa[max(0,i-80):i+120]}\n{'':8}B …{sb[max(0,i-80):i+120]}")
print(f"same {same}, differ {differ}, fail only on B {fail_b}, fail on both {fail_both}")
