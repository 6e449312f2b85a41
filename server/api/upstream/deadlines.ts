/** An entry the deadline list can hold: it carries its own links, so holding it allocates nothing. */
export interface DeadlineEntry {
  deadline: number;
  /** The list it is on now; `null` before it is added and once it expired or was removed. */
  lane: Lane | null;
  prev: DeadlineEntry | null;
  next: DeadlineEntry | null;
}

/** The entries of one duration, oldest first, and the timer armed for the oldest. */
export interface Lane {
  head: DeadlineEntry | null;
  tail: DeadlineEntry | null;
  timer: NodeJS.Timeout | null;
}

/**
 * Deadlines of many short-lived exchanges with one timer per duration instead of one per exchange.
 *
 * Why: a Node timer per forwarded request (made, unref'd, cleared on the upstream's first byte)
 * was among the costs that made a small forwarded request dearer than a bare proxy's
 * (`npm run bench:gateway`). Entries of one duration expire in the order they were added, so
 * each duration keeps its entries in a list, oldest first, and one timer armed for the oldest:
 * adding and removing are a few pointer writes, and the timer is re-armed only when it fires.
 *
 * @example
 * const deadlines = createDeadlines((entry) => entry.cancel());
 * deadlines.add(entry, 300_000); // expires in 5 min unless removed first
 * deadlines.remove(entry);
 */
export function createDeadlines<E extends DeadlineEntry>(onExpired: (entry: E) => void, now: () => number = () => performance.now()) {
  const lanes = new Map<number, Lane>();

  const arm = (lane: Lane, delay: number) => {
    lane.timer = setTimeout(() => fire(lane), Math.max(0, Math.ceil(delay)));
    lane.timer.unref();
  };

  function fire(lane: Lane): void {
    lane.timer = null;
    const at = now();
    // Expired entries leave the list before any is told, so a callback that adds or removes
    // entries sees a consistent list.
    const expired: E[] = [];
    while (lane.head !== null && lane.head.deadline <= at) {
      const entry = lane.head;
      unlink(lane, entry);
      expired.push(entry as E);
    }
    if (lane.head !== null && lane.timer === null) arm(lane, lane.head.deadline - at);
    for (const entry of expired) onExpired(entry);
  }

  function unlink(lane: Lane, entry: DeadlineEntry): void {
    if (entry.prev) entry.prev.next = entry.next;
    else lane.head = entry.next;
    if (entry.next) entry.next.prev = entry.prev;
    else lane.tail = entry.prev;
    entry.prev = null;
    entry.next = null;
    entry.lane = null;
  }

  const laneOf = (ms: number): Lane => {
    let lane = lanes.get(ms);
    if (!lane) {
      lane = { head: null, tail: null, timer: null };
      lanes.set(ms, lane);
    }
    return lane;
  };

  return {
    /** `entry` expires `ms` milliseconds from now unless it is removed first. */
    add(entry: E, ms: number): void {
      if (entry.lane !== null) throw new Error('deadline entry is already listed');
      const lane = laneOf(ms);
      entry.deadline = now() + ms;
      entry.lane = lane;
      entry.prev = lane.tail;
      entry.next = null;
      if (lane.tail) lane.tail.next = entry;
      else lane.head = entry;
      lane.tail = entry;
      // A lane's timer, once armed, re-arms itself for the next oldest when it fires.
      if (lane.timer === null) arm(lane, ms);
    },

    /** Takes `entry` off its list (nothing happens if it expired or was never added). */
    remove(entry: E): void {
      if (entry.lane !== null) unlink(entry.lane, entry);
    },

    /** Stops every timer (the forwarder is closing); listed entries never expire. */
    clear(): void {
      for (const lane of lanes.values()) {
        if (lane.timer) clearTimeout(lane.timer);
        lane.timer = null;
        lane.head = null;
        lane.tail = null;
      }
      lanes.clear();
    },
  };
}
