/*
 * One statement for the calls of many charge points. A network's stations send thousands of
 * MeterValues and StatusNotifications a second; as one statement each, most of the server's and
 * PostgreSQL's time went into the statements' round trips (a socket write and a wake-up on each
 * side, which cost far more than the statement itself on the sandboxed machines the benchmark
 * ran on: `npm run bench:ocpp` with PROFILE=1). Here a call made while a statement is under way
 * waits for the next one, which takes every waiting call, and a call finding none under way waits
 * LINGER_MS for company: a busy network's calls share statements. A batch the database refuses is
 * applied call by call (a batch of one each), so one station's bad values fail only its own call.
 */

/**
 * Statements under way at once per batcher: the calls arriving meanwhile gather for the next. One
 * rather than two gives fewer, larger statements, which cost PostgreSQL less CPU per call, for a
 * statement's wait more (docs/performance.md).
 */
const STATEMENTS_AT_ONCE = 1;
/**
 * How long a call finding no statement under way waits for others before its statement goes. A
 * statement takes well under a millisecond, so without the wait most calls of a busy but not
 * saturated network went alone, one statement each; with it they share, for about 3 ms more on a
 * quiet network's answer. A saturated server's calls always find a statement under way and never
 * wait. The measurements, and the alternatives that did worse: docs/performance.md (linger).
 */
const LINGER_MS = 4;
const BATCH_MAX = 500;

export interface Batching<Item, Result> {
  /**
   * Items of one key never share a statement (an UPDATE ... FROM or an INSERT ... ON CONFLICT
   * changes a row once per statement): a later one waits for the next statement, in order.
   */
  key(item: Item): number | string;
  /** The batch's results, one per item, in the batch's order. */
  together(batch: readonly Item[]): Promise<Result[]>;
}

interface Waiting<Item, Result> {
  item: Item;
  settle: (result: Result) => void;
  fail: (error: unknown) => void;
}

/** The waiting items of distinct keys, oldest first, taken from `queue`; the others stay, in order. */
function takeBatch<Item, Result>(
  queue: Waiting<Item, Result>[],
  key: (item: Item) => number | string,
): Waiting<Item, Result>[] {
  const taken: Waiting<Item, Result>[] = [];
  const keys = new Set<number | string>();
  const rest: Waiting<Item, Result>[] = [];
  for (const waiting of queue) {
    const itemKey = key(waiting.item);
    if (taken.length < BATCH_MAX && !keys.has(itemKey)) {
      keys.add(itemKey);
      taken.push(waiting);
    } else rest.push(waiting);
  }
  // Not splice(..., ...rest): a long queue would overflow the call's arguments.
  queue.length = 0;
  for (const waiting of rest) queue.push(waiting);
  return taken;
}

async function apply<Item, Result>(batching: Batching<Item, Result>, batch: readonly Waiting<Item, Result>[]) {
  let results: Result[];
  try {
    results = await batching.together(batch.map((waiting) => waiting.item));
  } catch {
    // Each alone, so one station's bad values fail only its own call.
    for (const waiting of batch)
      await batching.together([waiting.item]).then(([result]) => waiting.settle(result as Result), waiting.fail);
    return;
  }
  batch.forEach((waiting, i) => waiting.settle(results[i] as Result));
}

/** A function applying each item given, in a statement shared with the items waiting at the same time. */
export function batchedStatement<Item, Result>(batching: Batching<Item, Result>): (item: Item) => Promise<Result> {
  const queue: Waiting<Item, Result>[] = [];
  let running = 0;
  let lingering = false;
  const run = async () => {
    running += 1;
    try {
      while (queue.length) await apply(batching, takeBatch(queue, batching.key));
    } finally {
      running -= 1;
    }
  };
  const runAfterLinger = () => {
    lingering = false;
    void run();
  };
  return (item) =>
    new Promise<Result>((settle, fail) => {
      queue.push({ item, settle, fail });
      if (running >= STATEMENTS_AT_ONCE || lingering) return;
      lingering = true;
      setTimeout(runAfterLinger, LINGER_MS);
    });
}
